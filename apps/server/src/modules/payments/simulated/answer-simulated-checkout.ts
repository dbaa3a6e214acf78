import type { SimulatedOutcome } from '@gym/contract/payments';
import { eq } from 'drizzle-orm';
import { simulatedCheckoutSessions } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/errors.ts';
import type { ActorContext } from '../../../lib/use-case.ts';
import { type SessionRow, SIMULATED_EVENT_TYPES, type SimulatedEvent, simulatedEvent } from './events.ts';
import { changeSession as change } from './session-change.ts';

/** How long a simulated payment that "settles later" takes to settle. */
export const SIMULATED_SETTLE_MS = 2 * 60_000;
export const SIMULATED_DECLINE_REASON = 'Your card was declined.';

export interface SimulatedAnswer {
  session: SessionRow;
  /** The events the provider sends for what happened. */
  events: SimulatedEvent[];
  /** Why the member's outcome was not taken: the session expired, or is already over. */
  refused: 'expired' | 'closed' | null;
}

/**
 * The member's button on the simulated checkout page: `success` pays, `decline` fails (a declined
 * card), `action` asks the member to confirm first (their bank's check; `success` then pays),
 * `pending` pays money that settles later (`SIMULATED_SETTLE_MS`), `cancel` gives up. Each change
 * yields the event the provider sends, as Stripe's Checkout sends its own. A session past its
 * expiry, or already over, takes no outcome.
 */
export async function answerSimulatedCheckout(
  ctx: ActorContext,
  input: { sessionId: string; outcome: SimulatedOutcome },
): Promise<SimulatedAnswer> {
  const [session] = await ctx.db.lock(simulatedCheckoutSessions, eq(simulatedCheckoutSessions.id, input.sessionId));
  if (!session) throw notFound('checkout session');
  const now = ctx.clock.now();
  const waiting = session.status === 'open' || session.status === 'requires_action';
  if (waiting && now >= session.expiresAt) {
    const expired = await change(ctx, { session, set: { status: 'expired' } });
    return {
      session: expired,
      events: [simulatedEvent(expired, SIMULATED_EVENT_TYPES.expired, expired.events, now)],
      refused: 'expired',
    };
  }
  if (!waiting) return { session, events: [], refused: 'closed' };
  switch (input.outcome) {
    case 'success': {
      const paid = await change(ctx, { session, set: { status: 'paid' } });
      return {
        session: paid,
        events: [simulatedEvent(paid, SIMULATED_EVENT_TYPES.completed, paid.events, now)],
        refused: null,
      };
    }
    case 'decline': {
      const failed = await change(ctx, { session, set: { status: 'failed', failureReason: SIMULATED_DECLINE_REASON } });
      return {
        session: failed,
        events: [simulatedEvent(failed, SIMULATED_EVENT_TYPES.asyncFailed, failed.events, now)],
        refused: null,
      };
    }
    case 'action': {
      if (session.status === 'requires_action') return { session, events: [], refused: null };
      return {
        session: await change(ctx, { session, set: { status: 'requires_action' }, events: 0 }),
        events: [],
        refused: null,
      };
    }
    case 'pending': {
      const processing = await change(ctx, {
        session,
        set: {
          status: 'processing',
          settleAt: new Date(now.getTime() + SIMULATED_SETTLE_MS),
        },
      });
      const event = simulatedEvent(processing, SIMULATED_EVENT_TYPES.completed, processing.events, now);
      return { session: processing, events: [event], refused: null };
    }
    case 'cancel': {
      const canceled = await change(ctx, { session, set: { status: 'canceled' } });
      return {
        session: canceled,
        events: [simulatedEvent(canceled, SIMULATED_EVENT_TYPES.expired, canceled.events, now)],
        refused: null,
      };
    }
  }
}
