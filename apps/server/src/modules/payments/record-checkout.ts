import { eq } from 'drizzle-orm';
import { paymentOrders } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { ActorContext } from '../../lib/use-case.ts';
import type { OrderRow } from './order-state.ts';
import type { CheckoutSession } from './provider.ts';

/**
 * What the provider answered when asked to open the order's checkout: its session (the order then
 * waits for the member, `pending`), or nothing (`session` null: it did not answer, and what it did
 * is not known: `unknown`, for the janitor to ask again). An order the provider's events have
 * already moved on keeps its state and only learns its session.
 */
export async function recordCheckout(
  ctx: ActorContext,
  { orderId, session }: { orderId: string; session: CheckoutSession | null },
): Promise<OrderRow> {
  const [order] = await ctx.db.wholeOrganisation.lock(paymentOrders, eq(paymentOrders.id, orderId));
  if (!order) throw notFound('order');
  const now = ctx.clock.now();
  if (!session) {
    if (order.state !== 'created') return order;
    const [unknown] = await ctx.db.wholeOrganisation.update(
      paymentOrders,
      { state: 'unknown', updatedAt: now },
      eq(paymentOrders.id, orderId),
    );
    return unknown!;
  }
  const waiting = order.state === 'created' || order.state === 'unknown';
  const [row] = await ctx.db.wholeOrganisation.update(
    paymentOrders,
    {
      sessionId: order.sessionId ?? session.sessionId,
      checkoutUrl: order.checkoutUrl ?? session.checkoutUrl,
      sessionExpiresAt: order.sessionExpiresAt ?? session.expiresAt,
      ...(waiting ? { state: 'pending', updatedAt: now } : {}),
    },
    eq(paymentOrders.id, orderId),
  );
  return row!;
}
