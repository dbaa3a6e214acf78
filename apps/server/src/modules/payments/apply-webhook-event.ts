import { eq } from 'drizzle-orm';
import { paymentWebhookEvents } from '../../db/schema/index.ts';
import type { ActorContext } from '../../lib/use-case.ts';
import { fulfilOrder } from './fulfil-order.ts';
import { noteRefund } from './note-refund.ts';
import type { ProviderEvent } from './provider.ts';

/**
 * A stored provider event applied to its order through the one fulfilment use case, and marked
 * done with what it did (`applied`; `ignored`: it says nothing of an order's payment; `no_order`:
 * no order of the organisation has that id). Run by the outbox, at least once: applying an event
 * again changes nothing.
 */
export async function applyWebhookEvent(
  ctx: ActorContext,
  { webhookEventId, event }: { webhookEventId: string; event: ProviderEvent },
): Promise<void> {
  const [stored] = await ctx.db.lock(paymentWebhookEvents, eq(paymentWebhookEvents.id, webhookEventId));
  if (!stored) return;
  let outcome: 'applied' | 'ignored' | 'no_order' = 'ignored';
  if (event.refund?.refundId) {
    outcome = (await noteRefund(ctx, event.refund)) ? 'applied' : 'no_order';
  } else if (event.report && stored.orderId) {
    await fulfilOrder(ctx, { orderId: stored.orderId, report: event.report });
    outcome = 'applied';
  } else if (event.report) outcome = 'no_order';
  await ctx.db.update(
    paymentWebhookEvents,
    { processedAt: ctx.clock.now(), outcome },
    eq(paymentWebhookEvents.id, stored.id),
  );
}
