import { eq } from 'drizzle-orm';
import { simulatedCheckoutSessions } from '../../../db/schema/index.ts';
import type { ActorContext } from '../../../lib/use-case.ts';
import type { CheckoutRequest } from '../provider.ts';
import type { SessionRow } from './events.ts';

/**
 * The simulated provider opens a checkout session for an order, once: asked again for the same
 * order (a retried request, a second tab), it answers the session it opened the first time, as a
 * provider answers a request repeated with the same idempotency key.
 */
export async function openSimulatedSession(
  ctx: ActorContext,
  input: { request: CheckoutRequest; sessionId: string; paymentIntent: string },
): Promise<SessionRow> {
  const { request } = input;
  const now = ctx.clock.now();
  await ctx.db
    .insert(simulatedCheckoutSessions)
    .values({
      id: input.sessionId,
      organisationId: ctx.auth.organisationId,
      orderId: request.orderId,
      amountMinor: request.amountMinor,
      currencyCode: request.currencyCode,
      description: request.description,
      merchantName: request.merchantName,
      returnUrl: request.returnUrl,
      paymentIntent: input.paymentIntent,
      expiresAt: request.expiresAt,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  const [row] = await ctx.db.rows(simulatedCheckoutSessions, eq(simulatedCheckoutSessions.orderId, request.orderId));
  return row!;
}
