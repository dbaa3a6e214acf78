import type { CenterSummary } from '@gym/contract/centers';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { centers } from '../../db/schema/index.ts';
import type { AuthContext } from '../../lib/access.ts';
import { scoped } from '../../lib/scope.ts';

/** The active centres the caller may work in, for the navbar's centre switcher. */
export async function listCentersForSwitcher(db: DbOrTx, auth: AuthContext): Promise<CenterSummary[]> {
  const rows = await db
    .select()
    .from(centers)
    .where(scoped(auth, { organisationId: centers.organisationId, centerId: centers.id }, eq(centers.active, true)))
    .orderBy(asc(centers.code));
  return rows.map((c) => ({
    id: c.id,
    code: c.code,
    name: c.name,
    timeZone: c.timeZone,
    currencySymbol: c.currencySymbol,
    // Entries arrive with the card-reader work; until then no one has entered.
    lastPerson: null,
  }));
}
