import { type Minor, minor, sub, sum } from '@gym/contract/money';
import type { onlineRefundRequestSchema } from '@gym/contract/payments';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { onlineRefunds, paymentOrderItems, paymentOrders } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { refundInvoice } from '../sales/index.ts';

/** The desk's refund, run in a savepoint and undone: what it would give back. */
class Undone extends Error {
  constructor(readonly amountMinor: Minor) {
    super('undone');
  }
}

const refuse = (path: string, code: string, message: string) =>
  new AppError(422, 'business_rule', message, [{ path, code, message }]);

/**
 * Staff ask for money back of an online order's payment of one invoice (see `refunds.ts`): the
 * desk's refund rules decide the amount (run and undone here, run for real when the provider has
 * taken it), never more than the order paid on the invoice less its refunds not refused. The same
 * request while an earlier one still waits for the provider's answer is that one (the provider is
 * asked again with the same key).
 */
export async function requestOnlineRefund(
  ctx: UseCaseContext,
  input: z.output<typeof onlineRefundRequestSchema> & { orderId: string },
) {
  const orders = ctx.db.wholeOrganisation;
  const [order] = await orders.lock(paymentOrders, eq(paymentOrders.id, input.orderId));
  if (!order) throw notFound('order');
  const request = { reason: input.reason, lines: input.lines };
  const waiting = await orders.rows(
    onlineRefunds,
    and(
      eq(onlineRefunds.orderId, order.id),
      eq(onlineRefunds.invoiceId, input.invoiceId),
      eq(onlineRefunds.state, 'requested'),
      isNull(onlineRefunds.paymentId),
    )!,
  );
  const same = waiting.find((r) => JSON.stringify(r.request) === JSON.stringify(request));
  if (same) return { refund: same, order };
  const items = await orders.rows(
    paymentOrderItems,
    and(eq(paymentOrderItems.orderId, order.id), eq(paymentOrderItems.invoiceId, input.invoiceId))!,
  );
  const paidHere = sum(items.filter((i) => i.paymentId).map((i) => minor(i.amountMinor)));
  if (order.state !== 'succeeded' || !order.providerReference || paidHere <= 0) {
    throw new AppError(409, 'refund_refused', 'This order paid nothing on this invoice');
  }
  const earlier = await orders.rows(
    onlineRefunds,
    and(
      eq(onlineRefunds.orderId, order.id),
      eq(onlineRefunds.invoiceId, input.invoiceId),
      ne(onlineRefunds.state, 'failed'),
    )!,
  );
  const left = sub(paidHere, sum(earlier.map((r) => minor(r.amountMinor))));
  const amountMinor = await ctx.db
    .savepoint(async (db) => {
      const refund = await refundInvoice(
        { ...ctx, db, emit: () => {} },
        { ...request, invoiceId: input.invoiceId, online: { reference: 'undone' } },
      );
      throw new Undone(minor(refund.amountMinor));
    })
    .catch((err: unknown) => {
      if (err instanceof Undone) return err.amountMinor;
      throw err;
    });
  if (amountMinor <= 0) throw refuse('lines', 'refund_over_paid', 'Nothing to give back');
  if (amountMinor > left) throw refuse('lines', 'refund_over_paid', 'More than was paid online and not yet given back');
  const now = ctx.clock.now();
  const [refund] = await orders.insert(onlineRefunds, {
    orderId: order.id,
    invoiceId: input.invoiceId,
    amountMinor,
    currencyCode: order.currencyCode,
    request,
    state: 'requested',
    createdBy: ctx.auth.userId,
    createdAt: now,
    updatedAt: now,
  });
  return { refund: refund!, order };
}
