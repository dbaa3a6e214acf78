import { minor } from '@gym/contract/money';
import { eq } from 'drizzle-orm';
import { onlineRefunds } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import { moneyText } from '../../lib/money-text.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { refundInvoice } from '../sales/index.ts';

/**
 * The provider has taken the refund: it is recorded on the invoice once, through the desk's refund
 * use case (stock, commission, entitlements, the invoice's balance as for a desk refund), method
 * `online`, the provider's refund named. Already recorded: nothing more.
 */
export async function recordOnlineRefund(
  ctx: UseCaseContext,
  input: { refundId: string; providerRefundId: string; status: 'pending' | 'succeeded' },
) {
  const refunds = ctx.db.wholeOrganisation;
  const [row] = await refunds.lock(onlineRefunds, eq(onlineRefunds.id, input.refundId));
  if (!row) throw notFound('refund');
  if (row.paymentId) return row;
  const payment = await refundInvoice(ctx, {
    ...row.request,
    lines: row.request.lines.map(({ amountMinor, ...l }) => ({
      ...l,
      ...(amountMinor !== undefined ? { amountMinor: minor(amountMinor) } : {}),
    })),
    invoiceId: row.invoiceId,
    online: { reference: input.providerRefundId },
  });
  const [recorded] = await refunds.update(
    onlineRefunds,
    {
      paymentId: payment.id,
      providerRefundId: input.providerRefundId,
      state: row.state === 'succeeded' ? 'succeeded' : input.status,
      updatedAt: ctx.clock.now(),
    },
    eq(onlineRefunds.id, row.id),
  );
  await recordAudit(ctx, {
    action: 'online_payment.refunded',
    entityType: 'online_payment',
    entityId: row.orderId,
    summary: `Online refund of ${moneyText(row.amountMinor, row.currencyCode)} through the payment service`,
    after: { refundId: row.id, providerRefundId: input.providerRefundId, paymentId: payment.id },
  });
  return recorded!;
}
