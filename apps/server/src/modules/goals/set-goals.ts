import { GOAL_METRICS, type setGoalsRequestSchema } from '@gym/contract/goals';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { goals, users } from '../../db/schema/index.ts';
import { notFoundAt } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';

/** Sets (or, with null, removes) a month's targets of a centre or of a staff member at it. */
export async function setGoals(ctx: UseCaseContext, input: z.infer<typeof setGoalsRequestSchema>): Promise<void> {
  await ctx.db.usableCenter(input.centerId, 'centerId', false);
  if (input.staffId) {
    const [staff] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, input.staffId));
    if (!staff) throw notFoundAt('staffId', 'Staff');
  }
  const who = input.staffId ? eq(goals.staffId, input.staffId) : isNull(goals.staffId);
  for (const metric of GOAL_METRICS) {
    const target = input.targets[metric];
    if (target === undefined) continue;
    const same = and(eq(goals.centerId, input.centerId), eq(goals.month, input.month), eq(goals.metric, metric), who);
    if (target === null) {
      await ctx.db.delete(goals).where(same);
      continue;
    }
    const changed = await ctx.db
      .update(goals)
      .set({ target, updatedBy: ctx.auth.userId, updatedAt: ctx.clock.now() })
      .where(same)
      .returning({ id: goals.id });
    if (changed.length === 0) {
      await ctx.db.insert(goals, {
        centerId: input.centerId,
        staffId: input.staffId,
        month: input.month,
        metric,
        target,
        updatedBy: ctx.auth.userId,
      });
    }
  }
}
