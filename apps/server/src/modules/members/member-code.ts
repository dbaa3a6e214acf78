import { renderMemberCode } from '@gym/contract/config';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { centers, organisations } from '../../db/schema/index.ts';
import { configOf } from '../../lib/settings.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';

/**
 * Hands out `count` member codes from the organisation's pattern, in one statement: the counter is
 * bumped with `update ... returning`, so concurrent creations never get the same number and an
 * import of 20,000 rows takes one block. Call it inside the transaction that inserts the members,
 * so a failed command gives its numbers back. {YYYY} and {MM} are the business date of each code's
 * centre in its time zone at `now` (a clock parameter, so tests pass their own instant).
 */
export async function allocateMemberCodes(
  db: TenantDb,
  { centerCodes, now }: { centerCodes: readonly string[]; now: Date },
): Promise<string[]> {
  if (centerCodes.length === 0) return [];
  const { organisationId } = db.auth;
  const [row] = await db
    .update(organisations)
    .set({ memberSeq: sql`${organisations.memberSeq} + ${centerCodes.length}` })
    .where(eq(organisations.id, organisationId))
    .returning({
      last: organisations.memberSeq,
      name: organisations.name,
      initial: organisations.initial,
      settings: organisations.settings,
    });
  if (!row) throw new Error('organisation not found');
  const { memberCodePattern, initial } = configOf(row);
  const first = row.last - centerCodes.length + 1;
  const zones = new Map(
    (
      await db.wholeOrganisation
        .select({ code: centers.code, timeZone: centers.timeZone })
        .from(centers)
        .where(and(eq(centers.organisationId, organisationId), inArray(centers.code, [...new Set(centerCodes)])))
    ).map((c) => [c.code, c.timeZone]),
  );
  return centerCodes.map((centerCode, i) =>
    renderMemberCode(memberCodePattern, {
      initial,
      centerCode,
      date: now,
      timeZone: zones.get(centerCode) ?? 'UTC',
      seq: first + i,
    }),
  );
}
