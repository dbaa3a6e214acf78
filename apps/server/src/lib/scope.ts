import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AuthContext } from './access.ts';

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
  if (columns.centerId && auth.centerIds !== null) {
    parts.push(auth.centerIds.length > 0 ? inArray(columns.centerId, auth.centerIds) : sql`false`);
  }
  return and(...parts, ...more)!;
}
