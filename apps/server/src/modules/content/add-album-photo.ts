import { ALBUM_MAX_PHOTOS, type AlbumPhoto, type addAlbumPhotoSchema } from '@gym/contract/content';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { albumPhotos, albums } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { getAlbum } from './album-queries.ts';
import { usableImage } from './images-query.ts';

/** Adds an uploaded image at the end of an album. */
export async function addAlbumPhoto(
  ctx: UseCaseContext,
  input: z.infer<typeof addAlbumPhotoSchema> & { id: string },
): Promise<AlbumPhoto> {
  const [album] = await ctx.db.lock(albums, eq(albums.id, input.id));
  if (!album) throw notFound('album');
  await usableImage(ctx.db, input.imageId);
  const [stats] = await ctx.db
    .select({ count: sql<number>`count(*)::int`, max: sql<number | null>`max(${albumPhotos.position})` })
    .from(albumPhotos)
    .where(eq(albumPhotos.albumId, input.id));
  if (Number(stats?.count ?? 0) >= ALBUM_MAX_PHOTOS) {
    throw new AppError(422, 'business_rule', 'This album is full', [
      { path: 'imageId', code: 'album_full', message: `An album holds at most ${ALBUM_MAX_PHOTOS} photos` },
    ]);
  }
  const [row] = await ctx.db.insert(albumPhotos, {
    albumId: input.id,
    imageId: input.imageId,
    caption: input.caption ?? null,
    position: (stats?.max ?? -1) + 1,
    createdAt: ctx.clock.now(),
  });
  await ctx.db.update(albums, { updatedAt: ctx.clock.now() }, eq(albums.id, input.id));
  const detail = await getAlbum(ctx, input.id);
  return detail.photos.find((p) => p.id === row!.id)!;
}
