import { eq } from 'drizzle-orm';
import { simulatedCheckoutSessions } from '../../../db/schema/index.ts';
import type { ActorContext } from '../../../lib/use-case.ts';
import type { SessionRow } from './events.ts';

/** Writes a simulated session's change, counting the events it yields (`events` more, one unless said). */
export async function changeSession(
  ctx: ActorContext,
  {
    session,
    set,
    events = 1,
  }: { session: SessionRow; set: Partial<Pick<SessionRow, 'status' | 'failureReason' | 'settleAt'>>; events?: number },
): Promise<SessionRow> {
  const [row] = await ctx.db.update(
    simulatedCheckoutSessions,
    { ...set, events: session.events + events, updatedAt: ctx.clock.now() },
    eq(simulatedCheckoutSessions.id, session.id),
  );
  return row!;
}
