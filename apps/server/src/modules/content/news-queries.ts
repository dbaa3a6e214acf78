import type { News, newsExportQuerySchema, newsListQuerySchema } from '@gym/contract/content';
import { likeEscape } from '@gym/contract/search';
import { and, arrayContains, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { news } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { byOffset, type ChunkedRows } from '../../lib/long-read.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';
import { imagesById, initialOf, storedImage } from './images-query.ts';
import { centersOf, wall } from './targeting.ts';

type ListFilters = Omit<z.infer<typeof newsExportQuerySchema>, 'format'>;
type NewsRow = typeof news.$inferSelect;

/** Shapes rows as the contract says: the image's addresses and the centres' names. */
async function toNews(db: TenantDb, rows: NewsRow[]): Promise<News[]> {
  if (rows.length === 0) return [];
  const [initial, images, centres] = await Promise.all([
    initialOf(db),
    imagesById(
      db,
      rows.map((r) => r.imageId),
    ),
    centersOf(db, [...new Set(rows.flatMap((r) => r.centerIds))]),
  ]);
  return rows.map((r) => {
    const image = r.imageId ? images.get(r.imageId) : undefined;
    return {
      id: r.id,
      title: r.title,
      body: r.body,
      image: image ? storedImage(initial, image) : null,
      publishFrom: wall(r.publishFrom),
      publishUntil: wall(r.publishUntil),
      centers: r.centerIds.flatMap((id) => centres.get(id) ?? []).sort((a, b) => a.code.localeCompare(b.code)),
      languages: r.languages as News['languages'],
      published: r.published,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  });
}

/** The list's filters: a keyword in the title or text, a centre (news for every centre included), a language. */
function listWhere(q: ListFilters): SQL | undefined {
  const keyword = q.keyword?.trim();
  return and(
    keyword
      ? or(ilike(news.title, `%${likeEscape(keyword)}%`), ilike(news.body, `%${likeEscape(keyword)}%`))
      : undefined,
    q.centerId
      ? or(eq(sql`cardinality(${news.centerIds})`, 0), arrayContains(news.centerIds, [q.centerId]))
      : undefined,
    q.language
      ? or(eq(sql`cardinality(${news.languages})`, 0), arrayContains(news.languages, [q.language]))
      : undefined,
  );
}

function listOrder(sort: ListFilters['sort']): SQL[] {
  const dir = sort.startsWith('-') ? desc : asc;
  switch (sort.replace(/^-/, '')) {
    case 'title':
      return [dir(sql`lower(${news.title})`), asc(news.id)];
    case 'publishFrom':
      return [
        sort.startsWith('-') ? sql`${news.publishFrom} desc nulls last` : sql`${news.publishFrom} asc nulls first`,
        asc(news.id),
      ];
    default:
      return [dir(news.updatedAt), asc(news.id)];
  }
}

export async function listNews(
  { db }: { db: TenantDb },
  q: z.infer<typeof newsListQuerySchema>,
): Promise<{ items: News[]; total: number; page: number; pageSize: number }> {
  const where = listWhere(q);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(news)
      .where(where)
      .orderBy(...listOrder(q.sort))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.count(news, where),
  ]);
  return { items: await toNews(db, rows), total, page: q.page, pageSize: q.pageSize };
}

export async function newsForExport({ db }: { db: TenantDb }, q: ListFilters): Promise<ChunkedRows<News>> {
  return byOffset(async ({ offset, limit }) => {
    const rows = await db
      .select()
      .from(news)
      .where(listWhere(q))
      .orderBy(...listOrder(q.sort))
      .limit(limit)
      .offset(offset);
    return toNews(db, rows);
  });
}

export async function getNews({ db }: { db: TenantDb }, id: string): Promise<News> {
  const row = await db.first(news, eq(news.id, id));
  if (!row) throw notFound('news');
  return (await toNews(db, [row]))[0]!;
}
