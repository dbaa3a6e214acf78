import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { members } from '../db/schema/index.ts';
import type { AuthContext } from './access.ts';

/**
 * Members a read may show: not rows of an import still being written (or being removed after it
 * failed). An import writes in short batches and flips its `member_imports` row to `done` at the
 * end, which shows all its rows at once. The running imports are few: the planner hashes them.
 */
export const visibleMember = sql`(${members.importId} is null or ${members.importId} not in (select mi.id from member_imports mi where mi.status <> 'done'))`;

/**
 * The one place where a query is scoped to the caller: their organisation and, when they are
 * limited to some centres, those centres. Use it in every query that reads or writes tenant data.
 */
export function scoped(
  auth: Pick<AuthContext, 'organisationId' | 'centerIds'>,
  columns: { organisationId: PgColumn; centerId?: PgColumn },
  ...more: (SQL | undefined)[]
): SQL {
  const parts: (SQL | undefined)[] = [eq(columns.organisationId, auth.organisationId)];
  // Every query scoped on the members table sees only finished imports' rows.
  if (columns.organisationId === members.organisationId) parts.push(visibleMember);
  if (columns.centerId && auth.centerIds !== null) {
    parts.push(auth.centerIds.length > 0 ? inArray(columns.centerId, auth.centerIds) : sql`false`);
  }
  return and(...parts, ...more)!;
}
