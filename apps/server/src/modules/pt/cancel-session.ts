import { PT_CODES, PT_EVENTS, PT_LIMITS, type PtSession } from '@gym/contract/pt';
import { eq } from 'drizzle-orm';
import { ptSessions } from '../../db/schema/index.ts';
import { audit } from '../../lib/audit.ts';
import { readSystemConfig } from '../../lib/settings.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { billPtFee } from '../bookings/index.ts';
import { ptRule } from './book-session.ts';
import { lockSession, packageName, useSessionCredit } from './complete-session.ts';
import { getSession } from './queries.ts';

/**
 * Cancels a booked session. Before `starts_at − PT_LIMITS.cancellationWindowMinutes` nothing is
 * used (the credit it held is free again). Later, the organisation's `lateCancelRule` applies as it
 * does to class bookings: `credit_lost` (the default) makes it `late_cancelled` and uses its credit
 * (a `use` ledger row); `no_penalty` cancels it like an early cancel; `fee` bills the fee on an
 * invoice of its own and uses no credit. No commission is written.
 */
export async function cancelPtSession(ctx: UseCaseContext, id: string, reason?: string | null): Promise<PtSession> {
  const { s } = await lockSession(ctx, id);
  if (s.status !== 'booked') throw ptRule('id', PT_CODES.notBooked, 'Only a booked session can be cancelled');
  const now = ctx.clock.now();
  const deadline = new Date(s.startsAt.getTime() - PT_LIMITS.cancellationWindowMinutes * 60_000);
  let late = now > deadline;
  const config = late ? await readSystemConfig(ctx.tx, ctx.auth.organisationId) : null;
  if (config?.lateCancelRule === 'no_penalty') late = false;
  // The `fee` rule bills the late cancel instead of using the credit.
  const feeInvoiceId =
    late && config ? await billPtFee(ctx, config, s, await packageName(ctx, s.entitlementId), 'late_cancel') : null;
  const used = late && !feeInvoiceId ? await useSessionCredit(ctx, s, 'PT session cancelled late') : null;
  await ctx.tx
    .update(ptSessions)
    .set({
      status: late ? 'late_cancelled' : 'cancelled',
      creditLedgerId: used?.ledgerId ?? null,
      cancelledAt: now,
      cancelReason: reason ?? null,
      updatedAt: now,
    })
    .where(eq(ptSessions.id, id));
  await audit(ctx.tx, ctx.auth, null, {
    action: late ? 'pt_session.late_cancelled' : 'pt_session.cancelled',
    entityType: 'pt_session',
    entityId: id,
    centerId: s.centerId,
    summary: `PT session of ${s.businessDate} ${s.startTime} cancelled${late ? (feeInvoiceId ? ' late: a fee is billed' : ' late: one credit used') : ''}`,
    before: { status: s.status },
    after: { status: late ? 'late_cancelled' : 'cancelled', reason: reason ?? null, feeInvoiceId },
  });
  ctx.emit({
    type: PT_EVENTS.sessionCancelled,
    organisationId: ctx.auth.organisationId,
    centerId: s.centerId,
    payload: { sessionId: id, memberId: s.memberId, trainerId: s.trainerId, late, feeInvoiceId },
  });
  return getSession(ctx.tx, ctx.auth, id);
}
