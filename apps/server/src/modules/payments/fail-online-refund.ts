import { and, eq, isNull } from 'drizzle-orm';
import { onlineRefunds } from '../../db/schema/index.ts';
import type { ActorContext } from '../../lib/use-case.ts';

/** The provider refused the refund: nothing was given back, nothing is recorded (a recorded one stays, for staff to see). */
export async function failOnlineRefund(ctx: ActorContext, input: { refundId: string; reason: string }) {
  await ctx.db.wholeOrganisation.update(
    onlineRefunds,
    { state: 'failed', failureReason: input.reason, updatedAt: ctx.clock.now() },
    and(eq(onlineRefunds.id, input.refundId), isNull(onlineRefunds.paymentId))!,
  );
}
