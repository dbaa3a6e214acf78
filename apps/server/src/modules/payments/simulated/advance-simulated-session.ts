import { eq } from 'drizzle-orm';
import { simulatedCheckoutSessions } from '../../../db/schema/index.ts';
import type { ActorContext } from '../../../lib/use-case.ts';
import { SIMULATED_EVENT_TYPES, type SimulatedEvent, simulatedEvent } from './events.ts';
import { changeSession as change } from './session-change.ts';

/**
 * The simulated provider's own time passing for one session: money that was settling settles (paid)
 * once its time has come, a session nobody paid expires at its expiry; each with its event.
 */
export async function advanceSimulatedSession(
  ctx: ActorContext,
  { sessionId }: { sessionId: string },
): Promise<SimulatedEvent[]> {
  const [session] = await ctx.db.lock(simulatedCheckoutSessions, eq(simulatedCheckoutSessions.id, sessionId));
  if (!session) return [];
  const now = ctx.clock.now();
  if (session.status === 'processing' && session.settleAt && session.settleAt <= now) {
    const paid = await change(ctx, { session, set: { status: 'paid' } });
    return [simulatedEvent(paid, SIMULATED_EVENT_TYPES.asyncSucceeded, paid.events, now)];
  }
  if ((session.status === 'open' || session.status === 'requires_action') && session.expiresAt <= now) {
    const expired = await change(ctx, { session, set: { status: 'expired' } });
    return [simulatedEvent(expired, SIMULATED_EVENT_TYPES.expired, expired.events, now)];
  }
  return [];
}
