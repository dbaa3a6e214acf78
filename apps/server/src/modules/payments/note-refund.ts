import { eq } from 'drizzle-orm';
import { onlineRefunds } from '../../db/schema/index.ts';
import type { ActorContext } from '../../lib/use-case.ts';
import type { ProviderRefund } from './provider.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A provider's refund event noted on the refund staff asked for (its id in the refund's metadata):
 * the provider's refund id, and its state (a pending refund that succeeded; one refused before it
 * was recorded). The money is recorded by the staff's request only (`recordOnlineRefund`), so an
 * event coming twice, or before the answer, never records a refund twice. Answers whether the
 * refund is one of the organisation's.
 */
export async function noteRefund(ctx: ActorContext, refund: ProviderRefund): Promise<boolean> {
  if (!refund.refundId || !UUID.test(refund.refundId)) return false;
  const refunds = ctx.db.wholeOrganisation;
  const [row] = await refunds.lock(onlineRefunds, eq(onlineRefunds.id, refund.refundId));
  if (!row) return false;
  const state =
    refund.status === 'failed'
      ? row.paymentId
        ? row.state
        : 'failed'
      : row.paymentId
        ? refund.status === 'succeeded'
          ? 'succeeded'
          : row.state
        : row.state;
  await refunds.update(
    onlineRefunds,
    { providerRefundId: row.providerRefundId ?? refund.providerRefundId, state, updatedAt: ctx.clock.now() },
    eq(onlineRefunds.id, row.id),
  );
  return true;
}
