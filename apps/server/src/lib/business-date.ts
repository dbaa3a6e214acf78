import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { centers } from '../db/schema/index.ts';
import type { AuthContext } from './access.ts';
import { scopeOf } from './tenant-db.ts';

/**
 * The time zone of a business date that belongs to no one centre (an export file's name, the audit
 * filters' days, the import template's name): the chosen centre's if the caller may see it, else
 * the caller's first centre, else the organisation's first centre (UTC only for an organisation
 * without centres). A centre's own dates use that centre's zone.
 */
export async function callerTimeZone(
  db: DbOrTx,
  auth: Pick<AuthContext, 'organisationId' | 'centerIds'>,
  centerId?: string,
): Promise<string> {
  const rows = await db
    .select({ id: centers.id, timeZone: centers.timeZone })
    .from(centers)
    .where(scopeOf(auth, centers))
    .orderBy(asc(centers.createdAt), asc(centers.code));
  return rows.find((c) => c.id === centerId)?.timeZone ?? rows[0]?.timeZone ?? 'UTC';
}
