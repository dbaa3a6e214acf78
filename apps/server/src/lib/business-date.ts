import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { centers } from '../db/schema/index.ts';

/**
 * The organisation's time zone for business dates that belong to no one centre (export file
 * names, audit filters): its first centre's (an organisation's centres share one zone in
 * practice; UTC when it has no centre yet). A centre's own dates use that centre's zone.
 */
export async function organisationTimeZone(db: DbOrTx, organisationId: string): Promise<string> {
  const [first] = await db
    .select({ timeZone: centers.timeZone })
    .from(centers)
    .where(eq(centers.organisationId, organisationId))
    .orderBy(asc(centers.createdAt))
    .limit(1);
  return first?.timeZone ?? 'UTC';
}
