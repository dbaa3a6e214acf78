import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { centers } from '../db/schema/index.ts';
import type { AuthContext } from './access.ts';

/**
 * The time zone whose date names an export file: the chosen centre's if the caller may see it,
 * else the caller's first centre, else the organisation's first centre (UTC only for an
 * organisation without centres).
 */
export async function exportTimeZone(
  db: DbOrTx,
  auth: Pick<AuthContext, 'organisationId' | 'centerIds'>,
  centerId?: string,
): Promise<string> {
  const allowed =
    auth.centerIds === null
      ? undefined
      : inArray(centers.id, auth.centerIds.length ? auth.centerIds : ['00000000-0000-0000-0000-000000000000']);
  const rows = await db
    .select({ id: centers.id, timeZone: centers.timeZone })
    .from(centers)
    .where(and(eq(centers.organisationId, auth.organisationId), allowed))
    .orderBy(asc(centers.createdAt), asc(centers.code));
  return rows.find((c) => c.id === centerId)?.timeZone ?? rows[0]?.timeZone ?? 'UTC';
}
