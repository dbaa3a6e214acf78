import { PT_CODES, PT_EVENTS, PT_LIMITS, type PtSession } from '@gym/contract/pt';
import { eq } from 'drizzle-orm';
import { ptSessions } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { cancelledFields, lateCancel } from '../bookings/index.ts';
import { getSession } from './queries.ts';
import { chargeMissedSession, emitSessionEvent, lockSession, ptRule, releaseSessionCredit } from './session-rules.ts';

/**
 * Cancels a booked session. Before `starts_at − PT_LIMITS.cancellationWindowMinutes` nothing is
 * used (the credit it held is free again: a `release` ledger row). Later, the organisation's `lateCancelRule` applies as it
 * does to class bookings: `credit_lost` (the default) makes it `late_cancelled` and uses its credit
 * (a `use` ledger row); `no_penalty` cancels it like an early cancel; `fee` bills the fee on an
 * invoice of its own and uses no credit. No commission is written.
 */
export async function cancelPtSession(
  ctx: UseCaseContext,
  { id, reason }: { id: string; reason?: string | null },
): Promise<PtSession> {
  const row = await lockSession(ctx, { id });
  const { s } = row;
  if (s.status !== 'booked') throw ptRule('id', PT_CODES.notBooked, 'Only a booked session can be cancelled');
  const now = ctx.clock.now();
  const { late, config } = await lateCancel(ctx, {
    startsAt: s.startsAt,
    windowMinutes: PT_LIMITS.cancellationWindowMinutes,
    now,
  });
  // The `fee` rule bills the late cancel instead of using the credit; in time, the credit is freed.
  const { feeInvoiceId, ledgerId } =
    late && config
      ? await chargeMissedSession(ctx, {
          session: s,
          config,
          kind: 'late_cancel',
          effectiveOn: ctx.clock.today(row.timeZone),
        })
      : { feeInvoiceId: null, ledgerId: null };
  if (!late) {
    await releaseSessionCredit(ctx, {
      session: s,
      reason: 'PT session cancelled',
      effectiveOn: ctx.clock.today(row.timeZone),
    });
  }
  await ctx.db
    .update(ptSessions)
    .set({ ...cancelledFields(late, now, reason), creditLedgerId: ledgerId })
    .where(eq(ptSessions.id, id));
  await recordAudit(ctx, {
    action: late ? 'pt_session.late_cancelled' : 'pt_session.cancelled',
    entityType: 'pt_session',
    entityId: id,
    centerId: s.centerId,
    summary: `PT session of ${s.businessDate} ${s.startTime} cancelled${late ? (feeInvoiceId ? ' late: a fee is billed' : ' late: one credit used') : ''}`,
    before: { status: s.status },
    after: { status: late ? 'late_cancelled' : 'cancelled', reason: reason ?? null, feeInvoiceId },
  });
  emitSessionEvent(ctx, { type: PT_EVENTS.sessionCancelled, session: s, more: { late, feeInvoiceId } });
  return getSession(ctx, { id });
}
