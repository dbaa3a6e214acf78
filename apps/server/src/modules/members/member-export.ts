/** The members' list as an export: the whole filtered list in chunks (lib/long-read.ts `keyset`). */
import type { MemberListItem } from '@gym/contract/members';
import { and, eq } from 'drizzle-orm';
import { centers, members } from '../../db/schema/index.ts';
import { afterKey, type Chunk, keyColumns, keyOfRow } from '../../lib/long-read.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';
import { type ListFilters, listColumns, listItem, memberListWhere, orderOf, sortKeys } from './queries.ts';

export interface MemberExportRow extends MemberListItem {
  gender: string | null;
  birthday: string | null;
  source: string;
  marketingConsent: boolean;
}

/** A member of the export and the sort values after which the next chunk starts. */
export interface MemberExportChunkRow extends MemberExportRow {
  key: string[];
}

/**
 * One chunk of the whole filtered list, for CSV / XLSX export through lib/long-read.ts `keyset`:
 * at most `limit` members after the sort values `after` (the last row's `key`), so the 200th
 * chunk costs what the first does.
 */
export async function memberExportChunk(
  db: TenantDb,
  { q, chunk }: { q: ListFilters; chunk: Chunk<string[]> },
): Promise<MemberExportChunkRow[]> {
  const sort = sortKeys(q.sort);
  // The list's own statement (scoped by memberListWhere, as the list page's): the scoped builder would
  // add the same conditions again, and on 50,000 members the export took twice as long.
  const rows = await db
    .unscoped('the members list’s export chunk, scoped by memberListWhere as the list page is')
    .select({
      ...listColumns,
      gender: members.gender,
      birthday: members.birthday,
      source: members.source,
      marketingConsent: members.marketingConsent,
      ...keyColumns(sort.keys),
    })
    .from(members)
    .innerJoin(centers, eq(centers.id, members.homeCenterId))
    .where(and(memberListWhere(db.auth, q), afterKey(sort.keys, chunk.after, sort.descending)))
    .orderBy(...orderOf(sort))
    .limit(chunk.limit);
  return rows.map((r) => ({
    ...listItem(r),
    gender: r.gender,
    birthday: r.birthday,
    source: r.source,
    marketingConsent: r.marketingConsent,
    key: keyOfRow(r, sort.keys),
  }));
}
