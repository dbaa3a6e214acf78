import { PT_EVENTS } from '@gym/contract/pt';
import { and, eq } from 'drizzle-orm';
import { ptSessions } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { ActorContext } from '../../lib/use-case.ts';
import { cancelledFields } from '../bookings/index.ts';
import { emitSessionEvent, releaseSessionCredit } from './session-rules.ts';

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
    await db.update(ptSessions, cancelledFields(false, now, reason), eq(ptSessions.id, s.id));
    await recordAudit(ctx, {
      action: 'pt_session.cancelled',
      entityType: 'pt_session',
      entityId: s.id,
      centerId: s.centerId,
      summary: `PT session of ${s.businessDate} ${s.startTime} cancelled: its package was given up`,
      before: { status: s.status },
      after: { status: 'cancelled', reason },
    });
    emitSessionEvent(ctx, {
      type: PT_EVENTS.sessionCancelled,
      session: s,
      more: { late: false, feeInvoiceId: null },
    });
  }
}
