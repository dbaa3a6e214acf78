import { PT_CODES, PT_EVENTS, type PtSession } from '@gym/contract/pt';
import { eq } from 'drizzle-orm';
import { ptSessions } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { organisationConfig } from '../bookings/index.ts';
import { getSession } from './queries.ts';
import { chargeMissedSession, emitSessionEvent, lockSession, ptRule } from './session-rules.ts';

/**
 * The member did not come: once the session has started it may be marked a no-show, which uses its
 * credit (a `use` ledger row) like a late cancel, or under the `fee` rule bills the fee instead;
 * the trainer earns nothing. Marking a no-show twice
 * answers it as it is.
 */
export async function markPtNoShow(ctx: UseCaseContext, { id }: { id: string }): Promise<PtSession> {
  const { s } = await lockSession(ctx, { id });
  if (s.status === 'no_show') return getSession(ctx, { id });
  if (s.status !== 'booked') throw ptRule('id', PT_CODES.notBooked, 'Only a booked session can be a no-show');
  const now = ctx.clock.now();
  if (now < s.startsAt) throw ptRule('id', PT_CODES.notStarted, 'A session can be a no-show once it has started');
  // The `fee` rule bills the no-show instead of using the credit.
  const config = await organisationConfig(ctx);
  const { feeInvoiceId, ledgerId } = await chargeMissedSession(ctx, {
    session: s,
    config,
    kind: 'no_show',
    effectiveOn: s.businessDate,
  });
  await ctx.db
    .update(ptSessions)
    .set({ status: 'no_show', creditLedgerId: ledgerId, updatedAt: now })
    .where(eq(ptSessions.id, id));
  await recordAudit(ctx, {
    action: 'pt_session.no_show',
    entityType: 'pt_session',
    entityId: id,
    centerId: s.centerId,
    summary: `PT session of ${s.businessDate} ${s.startTime}: no-show, ${feeInvoiceId ? 'a fee is billed' : 'one credit used'}`,
    before: { status: s.status },
    after: { status: 'no_show', ledgerId, feeInvoiceId },
  });
  emitSessionEvent(ctx, { type: PT_EVENTS.sessionNoShow, session: s, more: { feeInvoiceId } });
  return getSession(ctx, { id });
}
