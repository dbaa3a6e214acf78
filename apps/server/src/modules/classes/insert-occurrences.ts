import { occurrenceTimes } from '@gym/contract/time';
import { classes } from '../../db/schema/index.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';

/** What every class of a plan shares (everything but its date). */
export type ClassPlan = Omit<
  typeof classes.$inferInsert,
  'id' | 'organisationId' | 'businessDate' | 'startsAt' | 'endsAt' | 'createdAt' | 'updatedAt'
>;

/** Inserts one class per date of `dates`, its instants computed in `timeZone`. */
export async function insertOccurrences(
  ctx: UseCaseContext,
  { plan, dates, timeZone }: { plan: ClassPlan; dates: readonly string[]; timeZone: string },
): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < dates.length; i += 200) {
    const rows = dates.slice(i, i + 200).map((date) => {
      const { startsAt, endsAt } = occurrenceTimes(date, plan.startTime, plan.durationMinutes, timeZone);
      return { ...plan, businessDate: date, startsAt, endsAt };
    });
    const inserted = await ctx.db.insert(classes, rows);
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}
