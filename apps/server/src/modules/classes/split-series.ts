import { addDays } from '@gym/contract/time';
import { and, eq, gte, sql } from 'drizzle-orm';
import { classes, classSeries } from '../../db/schema/index.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { expandDates } from './recurrence.ts';

type ClassRow = typeof classes.$inferSelect;

/**
 * Splits the series of `cls` at its date: the earlier classes keep the old series (its rule now
 * ends the day before), this and the later ones move to a new series with the same rule from this
 * date on (a count-bound rule keeps the count of dates it had left). Answers the series the
 * following classes belong to (the old one when nothing came before).
 */
export async function splitSeries(
  ctx: UseCaseContext,
  { cls, startTime }: { cls: ClassRow; startTime?: string },
): Promise<string> {
  const [series] = await ctx.db.lock(classSeries, eq(classSeries.id, cls.seriesId!));
  const [earlier] = await ctx.db
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.seriesId, series!.id), sql`${classes.businessDate} < ${cls.businessDate}`))
    .limit(1);
  if (!earlier) {
    if (startTime)
      await ctx.db.update(classSeries, { startTime, updatedAt: ctx.clock.now() }, eq(classSeries.id, series!.id));
    return series!.id;
  }
  const rule_ = {
    weekdays: series!.weekdays,
    everyWeeks: series!.everyWeeks,
    until: series!.untilDate,
    count: series!.count,
    exceptions: [],
  };
  const left =
    series!.count != null ? expandDates(series!.firstDate, rule_).filter((d) => d >= cls.businessDate).length : null;
  const [next] = await ctx.db.insert(classSeries, {
    centerId: series!.centerId,
    firstDate: cls.businessDate,
    startTime: startTime ?? series!.startTime,
    weekdays: series!.weekdays,
    everyWeeks: series!.everyWeeks,
    untilDate: series!.count != null ? null : series!.untilDate,
    count: series!.count != null ? Math.max(1, left ?? 1) : null,
    exceptions: series!.exceptions.filter((d) => d >= cls.businessDate),
    splitFrom: series!.id,
  });
  // Every class of the old series from this date on (cancelled ones too) belongs to the new one.
  await ctx.db
    .update(classes)
    .set({ seriesId: next!.id })
    .where(and(eq(classes.seriesId, series!.id), gte(classes.businessDate, cls.businessDate)));
  await ctx.db.update(
    classSeries,
    {
      untilDate: addDays(cls.businessDate, -1),
      count: null,
      exceptions: series!.exceptions.filter((d) => d < cls.businessDate),
      updatedAt: ctx.clock.now(),
    },
    eq(classSeries.id, series!.id),
  );
  return next!.id;
}
