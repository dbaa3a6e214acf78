import type { Reader, readerListQuerySchema } from '@gym/contract/readers';
import { likeEscape } from '@gym/contract/search';
import { asc, count, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { centers, readers } from '../../db/schema/index.ts';
import type { AuthContext } from '../../lib/access.ts';
import { notFound } from '../../lib/errors.ts';
import { scopeOf } from '../../lib/tenant-db.ts';

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

/** Readers of the centres the caller works in; deleted readers are gone for everyone. */
export const readerScope = (auth: AuthContext, ...more: (SQL | undefined)[]) =>
  scopeOf(auth, readers, isNull(readers.deletedAt), ...more);

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
  db: DbOrTx,
  auth: AuthContext,
  q: z.infer<typeof readerListQuerySchema>,
): Promise<{ items: Reader[]; total: number; page: number; pageSize: number }> {
  const keyword = q.keyword?.trim();
  const pattern = keyword ? `%${likeEscape(keyword)}%` : undefined;
  const where = readerScope(
    auth,
    q.centerId ? eq(readers.centerId, q.centerId) : undefined,
    pattern ? or(ilike(readers.name, pattern), ilike(readers.sn, pattern)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(readerColumns)
      .from(readers)
      .innerJoin(centers, eq(centers.id, readers.centerId))
      .where(where)
      .orderBy(...listOrder(q.sort))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(readers).where(where),
  ]);
  return { items: rows.map(toReader), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

export async function getReader(db: DbOrTx, auth: AuthContext, id: string): Promise<Reader> {
  const [row] = await db
    .select(readerColumns)
    .from(readers)
    .innerJoin(centers, eq(centers.id, readers.centerId))
    .where(readerScope(auth, eq(readers.id, id)));
  if (!row) throw notFound('reader');
  return toReader(row);
}
