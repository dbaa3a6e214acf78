import { PT_CODES, PT_EVENTS, PT_LIMITS, type PtSession } from '@gym/contract/pt';
import { and, eq } from 'drizzle-orm';
import { ptSessions } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { readSystemConfig } from '../../lib/settings.ts';
import type { ActorContext, UseCaseContext } from '../../lib/use-case.ts';
import { billPtFee } from '../bookings/index.ts';
import { ptRule } from './book-session.ts';
import { lockSession, packageName, releaseSessionCredit, useSessionCredit } from './complete-session.ts';
import { getSession } from './queries.ts';

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
  const row = await lockSession(ctx, id);
  const { s } = row;
  if (s.status !== 'booked') throw ptRule('id', PT_CODES.notBooked, 'Only a booked session can be cancelled');
  const now = ctx.clock.now();
  const deadline = new Date(s.startsAt.getTime() - PT_LIMITS.cancellationWindowMinutes * 60_000);
  let late = now > deadline;
  const config = late ? await readSystemConfig(ctx.tx, ctx.auth.organisationId) : null;
  if (config?.lateCancelRule === 'no_penalty') late = false;
  // The `fee` rule bills the late cancel instead of using the credit.
  const feeInvoiceId =
    late && config
      ? await billPtFee(ctx, {
          config,
          session: s,
          packageName: await packageName(ctx, s.entitlementId),
          kind: 'late_cancel',
        })
      : null;
  const used = late && !feeInvoiceId ? await useSessionCredit(ctx, s, 'PT session cancelled late') : null;
  if (!used) {
    await releaseSessionCredit(ctx, {
      session: s,
      reason: late ? 'PT session cancelled late: a fee is billed' : 'PT session cancelled',
      effectiveOn: ctx.clock.today(row.timeZone),
    });
  }
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
  await recordAudit(ctx, {
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

/**
 * A PT package given up (refunded, voided, transferred to another member) first cancels the
 * sessions still booked on it, at every centre, with no penalty: each frees the credit it held, and
 * the trainer and the desk see it cancelled with the reason (decision 382).
 */
export async function cancelSessionsOf(
  ctx: ActorContext,
  { entitlementId, reason }: { entitlementId: string; reason: string },
): Promise<void> {
  const db = ctx.db.wholeOrganisation;
  const booked = await db.lock(
    ptSessions,
    and(eq(ptSessions.entitlementId, entitlementId), eq(ptSessions.status, 'booked'))!,
  );
  if (!booked.length) return;
  const now = ctx.clock.now();
  for (const s of booked) {
    await releaseSessionCredit(ctx, {
      session: s,
      reason: `PT session cancelled: ${reason}`,
      effectiveOn: s.businessDate,
    });
    await db.update(
      ptSessions,
      { status: 'cancelled', cancelledAt: now, cancelReason: reason, updatedAt: now },
      eq(ptSessions.id, s.id),
    );
    await recordAudit(ctx, {
      action: 'pt_session.cancelled',
      entityType: 'pt_session',
      entityId: s.id,
      centerId: s.centerId,
      summary: `PT session of ${s.businessDate} ${s.startTime} cancelled: its package was given up`,
      before: { status: s.status },
      after: { status: 'cancelled', reason },
    });
    ctx.emit({
      type: PT_EVENTS.sessionCancelled,
      organisationId: ctx.auth.organisationId,
      centerId: s.centerId,
      payload: { sessionId: s.id, memberId: s.memberId, trainerId: s.trainerId, late: false, feeInvoiceId: null },
    });
  }
}
