import type { Album, AlbumDetail, albumListQuerySchema } from '@gym/contract/content';
import { likeEscape } from '@gym/contract/search';
import { asc, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { albumPhotos, albums, contentImages } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';
import { imagesById, initialOf, storedImage } from './images-query.ts';

type AlbumRow = typeof albums.$inferSelect;

/** Each album's photo count and first photo (its cover). */
async function toAlbums(db: TenantDb, rows: AlbumRow[]): Promise<Album[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const stats = await db
    .select({
      albumId: albumPhotos.albumId,
      count: sql<number>`count(*)::int`,
      cover: sql<string>`(array_agg(${albumPhotos.imageId} order by ${albumPhotos.position}, ${albumPhotos.id}))[1]`,
    })
    .from(albumPhotos)
    .where(inArray(albumPhotos.albumId, ids))
    .groupBy(albumPhotos.albumId);
  const byAlbum = new Map(stats.map((s) => [s.albumId, s]));
  const [initial, images] = await Promise.all([
    initialOf(db),
    imagesById(
      db,
      stats.map((s) => s.cover),
    ),
  ]);
  return rows.map((r) => {
    const s = byAlbum.get(r.id);
    const cover = s ? images.get(s.cover) : undefined;
    return {
      id: r.id,
      title: r.title,
      description: r.description,
      cover: cover ? storedImage(initial, cover) : null,
      photoCount: Number(s?.count ?? 0),
      createdAt: r.createdAt.toISOString(),
    };
  });
}

function listOrder(sort: z.infer<typeof albumListQuerySchema>['sort']): SQL[] {
  const dir = sort.startsWith('-') ? desc : asc;
  return sort.replace(/^-/, '') === 'title'
    ? [dir(sql`lower(${albums.title})`), asc(albums.id)]
    : [dir(albums.createdAt), asc(albums.id)];
}

export async function listAlbums(
  { db }: { db: TenantDb },
  q: z.infer<typeof albumListQuerySchema>,
): Promise<{ items: Album[]; total: number; page: number; pageSize: number }> {
  const keyword = q.keyword?.trim();
  const where = keyword ? ilike(albums.title, `%${likeEscape(keyword)}%`) : undefined;
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(albums)
      .where(where)
      .orderBy(...listOrder(q.sort))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.count(albums, where),
  ]);
  return { items: await toAlbums(db, rows), total, page: q.page, pageSize: q.pageSize };
}

export async function getAlbum({ db }: { db: TenantDb }, id: string): Promise<AlbumDetail> {
  const row = await db.first(albums, eq(albums.id, id));
  if (!row) throw notFound('album');
  const [album] = await toAlbums(db, [row]);
  const photos = await db
    .select({
      id: albumPhotos.id,
      caption: albumPhotos.caption,
      imageId: contentImages.id,
      width: contentImages.width,
      height: contentImages.height,
      fileName: contentImages.fileName,
    })
    .from(albumPhotos)
    .innerJoin(contentImages, eq(contentImages.id, albumPhotos.imageId))
    .where(eq(albumPhotos.albumId, id))
    .orderBy(asc(albumPhotos.position), asc(albumPhotos.id));
  const initial = await initialOf(db);
  return {
    ...album!,
    photos: photos.map((p) => ({
      id: p.id,
      caption: p.caption,
      fileName: p.fileName,
      image: storedImage(initial, { id: p.imageId, width: p.width, height: p.height }),
    })),
  };
}
