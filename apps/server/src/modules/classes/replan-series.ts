import type { updateClassRequestSchema } from '@gym/contract/classes';
import { and, eq, gte, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { bookings, classes, classSeries } from '../../db/schema/index.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { type ClassPlan, insertOccurrences } from './insert-occurrences.ts';
import { plannedDates, seriesRule } from './recurrence.ts';

type Input = z.infer<typeof updateClassRequestSchema>;
type ClassRow = typeof classes.$inferSelect;

/**
 * Re-plans the series' classes from the first edited one by a new rule; answers how many classes
 * were added or removed, and the classes deleted.
 */
export async function replanSeries(
  ctx: UseCaseContext,
  {
    seriesId,
    cls,
    targets,
    input,
    timeZone,
  }: { seriesId: string; cls: ClassRow; targets: ClassRow[]; input: Input; timeZone: string },
): Promise<{ changed: number; dropped: string[]; added: string[] }> {
  const rule_ = input.recurrence!;
  const from = targets.reduce((min, t) => (t.businessDate < min ? t.businessDate : min), cls.businessDate);
  const dates = plannedDates(from, rule_);
  await ctx.db.update(
    classSeries,
    {
      firstDate: from,
      ...seriesRule(rule_),
      ...(input.startTime ? { startTime: input.startTime } : {}),
      updatedAt: ctx.clock.now(),
    },
    eq(classSeries.id, seriesId),
  );
  const wanted = new Set(dates);
  const current = await ctx.db
    .select({ id: classes.id, date: classes.businessDate })
    .from(classes)
    .where(and(eq(classes.seriesId, seriesId), gte(classes.businessDate, from), eq(classes.status, 'scheduled')));
  const booked = new Set(
    (
      await ctx.db
        .select({ classId: bookings.classId })
        .from(bookings)
        .where(inArray(bookings.classId, current.map((c) => c.id).concat(['00000000-0000-0000-0000-000000000000'])))
    ).map((b) => b.classId),
  );
  const drop = current.filter((c) => !wanted.has(c.date) && !booked.has(c.id)).map((c) => c.id);
  if (drop.length > 0) await ctx.db.delete(classes).where(inArray(classes.id, drop));
  const have = new Set(current.map((c) => c.date));
  const add = dates.filter((d) => !have.has(d));
  const model = await ctx.db.first(classes, eq(classes.id, cls.id));
  const plan: ClassPlan = {
    seriesId,
    centerId: model!.centerId,
    roomId: model!.roomId,
    teacherId: model!.teacherId,
    classTypeId: model!.classTypeId,
    startTime: model!.startTime,
    durationMinutes: model!.durationMinutes,
    capacity: model!.capacity,
    credits: model!.credits,
    bookingOpensDaysBefore: model!.bookingOpensDaysBefore,
    bookingClosesMinutesBefore: model!.bookingClosesMinutesBefore,
    cancellationWindowMinutes: model!.cancellationWindowMinutes,
    mode: model!.mode,
    renterMemberId: model!.renterMemberId,
    shortCourseId: model!.shortCourseId,
    notes: model!.notes,
  };
  const added = add.length > 0 ? await insertOccurrences(ctx, { plan, dates: add, timeZone }) : [];
  return { changed: drop.length + added.length, dropped: drop, added };
}
