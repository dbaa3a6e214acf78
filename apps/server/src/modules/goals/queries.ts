import {
  businessDaysOf,
  GOAL_METRICS,
  type GoalBoard,
  type GoalMetric,
  type GoalRow,
  paceOf,
} from '@gym/contract/goals';
import { and, asc, eq, exists, inArray, or } from 'drizzle-orm';
import { goals, userCenters, users } from '../../db/schema/index.ts';
import type { QueryContext } from '../../lib/use-case.ts';
import { monthActuals } from './progress.ts';

/** Staff roles that work at a centre and are given goals. */
const GOAL_ROLES = ['manager', 'frontdesk', 'trainer', 'accountant', 'admin'];

/**
 * `/goal`'s board for a centre and month: the centre's row, then a row per staff member working
 * there (or with a goal or a figure there that month), each metric's target, actual and pace.
 */
export async function goalBoard(ctx: QueryContext, input: { centerId: string; month: string }): Promise<GoalBoard> {
  const { db } = ctx;
  const center = await db.usableCenter(input.centerId, 'centerId', false);
  const today = ctx.clock.today(center.timeZone);
  const days = businessDaysOf(input.month, today, center.openingHours);
  const upcoming = `${input.month}-01` > today;
  const [targets, actuals] = await Promise.all([
    db
      .select({ staffId: goals.staffId, metric: goals.metric, target: goals.target })
      .from(goals)
      .where(and(eq(goals.centerId, input.centerId), eq(goals.month, input.month))),
    monthActuals(db, input.centerId, input.month),
  ]);
  const named = new Set<string>();
  for (const t of targets) if (t.staffId) named.add(t.staffId);
  for (const metric of GOAL_METRICS) for (const id of actuals[metric].staff.keys()) named.add(id);
  const staff = await db
    .select({ id: users.id, name: users.fullName, role: users.role })
    .from(users)
    .where(
      or(
        and(
          eq(users.active, true),
          inArray(users.role, GOAL_ROLES),
          or(
            eq(users.allCenters, true),
            exists(
              db
                .select({ id: userCenters.userId })
                .from(userCenters)
                .where(and(eq(userCenters.userId, users.id), eq(userCenters.centerId, input.centerId))),
            ),
          ),
        ),
        named.size > 0 ? inArray(users.id, [...named]) : undefined,
      ),
    )
    .orderBy(asc(users.fullName), asc(users.id));

  const targetOf = (staffId: string | null, metric: GoalMetric) =>
    targets.find((t) => t.staffId === staffId && t.metric === metric)?.target ?? null;
  const figures = (staffId: string | null) => {
    const out = {} as GoalRow['figures'];
    for (const metric of GOAL_METRICS) {
      const actual = staffId === null ? actuals[metric].centre : (actuals[metric].staff.get(staffId) ?? 0);
      out[metric] = { target: targetOf(staffId, metric), actual, pace: upcoming ? null : paceOf(actual, days) };
    }
    return out;
  };
  return {
    month: input.month,
    centerId: input.centerId,
    today,
    businessDays: days,
    rows: [{ staff: null, figures: figures(null) }, ...staff.map((s) => ({ staff: s, figures: figures(s.id) }))],
  };
}
