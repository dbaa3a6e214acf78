import { PAYMENT_EVENTS, type PaymentProviderName } from '@gym/contract/payments';
import { eq } from 'drizzle-orm';
import { paymentOrders, paymentWebhookEvents } from '../../db/schema/index.ts';
import type { ActorContext } from '../../lib/use-case.ts';
import type { ProviderEvent } from './provider.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A provider's event, its signature checked, is stored once: its id is a unique key, so a repeat
 * (the provider's retry, a duplicate delivery) stores nothing and answers false. The stored event
 * is applied after the commit, through the outbox (`payment.webhook_received`): the provider has its
 * answer before the work is done, and the work is retried until it is.
 */
export async function receiveWebhookEvent(
  ctx: ActorContext,
  {
    provider,
    event,
    payload,
  }: { provider: PaymentProviderName; event: ProviderEvent; payload: Record<string, unknown> },
): Promise<boolean> {
  const named = event.orderId && UUID.test(event.orderId) ? event.orderId : null;
  const order = named ? await ctx.db.wholeOrganisation.first(paymentOrders, eq(paymentOrders.id, named)) : undefined;
  const [stored] = await ctx.db
    .insert(paymentWebhookEvents)
    .values({
      organisationId: ctx.auth.organisationId,
      provider,
      eventId: event.eventId,
      type: event.type,
      orderId: order?.id ?? null,
      payload,
      receivedAt: ctx.clock.now(),
    })
    .onConflictDoNothing()
    .returning({ id: paymentWebhookEvents.id });
  if (!stored) return false;
  ctx.emit({
    type: PAYMENT_EVENTS.webhookReceived,
    organisationId: ctx.auth.organisationId,
    payload: { webhookEventId: stored.id },
    realtime: false,
  });
  return true;
}
