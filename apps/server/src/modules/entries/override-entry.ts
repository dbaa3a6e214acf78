import { randomUUID } from 'node:crypto';
import type { Entry } from '@gym/contract/entries';
import { businessDate } from '@gym/contract/time';
import { eq } from 'drizzle-orm';
import { centers, entries } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { organisationConfig } from '../bookings/index.ts';
import { notifyEntry } from './write-decision.ts';

/**
 * Staff let a denied member in, with a reason: a new granted entry (`grantedBy: override`) that
 * names the denied one, who and why; audited, and the centre's browsers are told. A denied entry is
 * overridden once (the second attempt is refused, also when two staff click at once: the denied
 * row is locked and a unique index holds `override_of`). No credit is taken: staff decided.
 */
export async function overrideEntry(
  ctx: UseCaseContext,
  { entryId, reason }: { entryId: string; reason: string },
): Promise<Entry> {
  const [denied] = await ctx.db.lock(entries, eq(entries.id, entryId));
  if (!denied) throw notFound('entry');
  if (denied.result !== 'denied') {
    throw new AppError(422, 'business_rule', 'Only a denied entry can be overridden', [
      { path: 'id', code: 'entry_not_denied', message: 'Only a denied entry can be overridden' },
    ]);
  }
  const [already] = await ctx.db.select({ id: entries.id }).from(entries).where(eq(entries.overrideOf, entryId));
  if (already)
    throw new AppError(409, 'conflict', 'This entry was already overridden', [
      { path: 'id', code: 'entry_already_overridden', message: 'This entry was already overridden' },
    ]);
  const [center] = await ctx.db.wholeOrganisation
    .select({ timeZone: centers.timeZone })
    .from(centers)
    .where(eq(centers.id, denied.centerId));
  const now = ctx.clock.now();
  const id = randomUUID();
  await ctx.db.insert(entries, {
    id,
    centerId: denied.centerId,
    readerId: null,
    cardNumber: denied.cardNumber,
    cardId: denied.cardId,
    memberId: denied.memberId,
    result: 'granted',
    reason: null,
    grantedBy: 'override',
    entitlementId: null,
    daysLeft: null,
    creditsLeft: null,
    source: 'desk',
    scanId: null,
    tappedAt: now,
    businessDate: businessDate(now, center!.timeZone),
    overrideOf: denied.id,
    overrideReason: reason,
    staffId: ctx.auth.userId,
  });
  await recordAudit(ctx, {
    action: 'entry.overridden',
    entityType: 'entry',
    entityId: id,
    centerId: denied.centerId,
    summary: `Denied entry (${denied.reason}) overridden: ${reason}`,
    before: { entryId: denied.id, result: denied.result, reason: denied.reason },
    after: { entryId: id, result: 'granted', grantedBy: 'override', reason },
  });
  const config = await organisationConfig(ctx);
  return notifyEntry(ctx, { id, language: config.defaultLanguage });
}
