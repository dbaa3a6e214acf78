import type { Reader, readerListQuerySchema } from '@gym/contract/readers';
import { likeEscape } from '@gym/contract/search';
import { and, asc, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { centers, readers } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';

const readerColumns = { reader: readers, center: { id: centers.id, code: centers.code, name: centers.name } };
type ReaderRow = { reader: typeof readers.$inferSelect; center: { id: string; code: string; name: string } };

export function toReader({ reader: r, center }: ReaderRow): Reader {
  return {
    id: r.id,
    center,
    name: r.name,
    sn: r.sn,
    active: r.active,
    lastSeenAt: r.lastSeenAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

/** Readers not deleted (the scoped database keeps to the caller's centres): deleted readers are gone for everyone. */
export const liveReader = (...more: (SQL | undefined)[]) => and(isNull(readers.deletedAt), ...more);

function listOrder(sort: z.infer<typeof readerListQuerySchema>['sort']): SQL[] {
  const dir = sort.startsWith('-') ? desc : asc;
  switch (sort.replace(/^-/, '')) {
    case 'sn':
      return [dir(readers.sn), asc(readers.id)];
    case 'lastSeenAt':
      // Never seen sorts as the oldest.
      return [
        sort.startsWith('-') ? sql`${readers.lastSeenAt} desc nulls last` : sql`${readers.lastSeenAt} asc nulls first`,
        asc(readers.id),
      ];
    default:
      return [dir(sql`lower(${readers.name})`), asc(readers.id)];
  }
}

export async function listReaders(
  ctx: { db: TenantDb },
  q: z.infer<typeof readerListQuerySchema>,
): Promise<{ items: Reader[]; total: number; page: number; pageSize: number }> {
  const keyword = q.keyword?.trim();
  const pattern = keyword ? `%${likeEscape(keyword)}%` : undefined;
  const where = liveReader(
    q.centerId ? eq(readers.centerId, q.centerId) : undefined,
    pattern ? or(ilike(readers.name, pattern), ilike(readers.sn, pattern)) : undefined,
  );
  const [rows, total] = await Promise.all([
    ctx.db
      .select(readerColumns)
      .from(readers)
      .innerJoin(centers, eq(centers.id, readers.centerId))
      .where(where)
      .orderBy(...listOrder(q.sort))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    ctx.db.count(readers, where),
  ]);
  return { items: rows.map(toReader), total, page: q.page, pageSize: q.pageSize };
}

export async function getReader(ctx: { db: TenantDb }, input: { id: string }): Promise<Reader> {
  const [row] = await ctx.db
    .select(readerColumns)
    .from(readers)
    .innerJoin(centers, eq(centers.id, readers.centerId))
    .where(liveReader(eq(readers.id, input.id)));
  if (!row) throw notFound('reader');
  return toReader(row);
}
