import { OPEN_ORDER_STATES, type PaymentProviderName } from '@gym/contract/payments';
import { and, eq, inArray } from 'drizzle-orm';
import { paymentOrderItems, paymentOrders } from '../../db/schema/index.ts';
import type { ActorContext } from '../../lib/use-case.ts';
import { type OrderTarget, planOrder } from './order-plan.ts';
import type { OrderRow } from './order-state.ts';

/**
 * The order a member's checkout goes on: the one already open for the same purpose (a double click,
 * a second tab, a reload while paying: they share it, and so one checkout at the provider), else a
 * new one, `created`, with what it pays. The plan refuses what cannot be paid (a pay link paid,
 * expired or revoked; an invoice void or settled) before any provider is asked.
 */
export async function openOrder(
  ctx: ActorContext,
  { target, provider }: { target: OrderTarget; provider: PaymentProviderName },
): Promise<OrderRow> {
  const plan = await planOrder(ctx, target);
  const [open] = await ctx.db.wholeOrganisation
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.purpose, plan.purpose), inArray(paymentOrders.state, [...OPEN_ORDER_STATES])));
  if (open) return open;
  const now = ctx.clock.now();
  const [order] = await ctx.db.insert(paymentOrders, {
    centerId: plan.centerId,
    memberId: plan.memberId,
    provider,
    purpose: plan.purpose,
    payLinkId: plan.payLinkId,
    state: 'created',
    amountMinor: plan.amountMinor,
    currencyCode: plan.currencyCode,
    description: plan.description,
    createdAt: now,
    updatedAt: now,
  });
  await ctx.db.insert(
    paymentOrderItems,
    plan.items.map((item) => ({ orderId: order!.id, ...item })),
  );
  return order!;
}
