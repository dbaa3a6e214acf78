import {
  CLASS_CODES,
  CLASS_LIMITS,
  type updateClassRequestSchema,
  type updateClassResponseSchema,
} from '@gym/contract/classes';
import { addDays, occurrenceTimes } from '@gym/contract/time';
import { and, asc, eq, gt, gte, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { bookings, classes, classSeries } from '../../db/schema/index.ts';
import { audit } from '../../lib/audit.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { lockClass, promoteWaitlist } from '../bookings/index.ts';
import { assertSessionsFit, bookEnrolledInto, lockCourse } from '../courses/index.ts';
import { emitClassChanged } from './class-events.ts';
import { checkClassType, checkRoom, checkTeacher, rule } from './class-refs.ts';
import { assertTimetableFree } from './conflicts.ts';
import { type ClassPlan, insertOccurrences } from './create-class.ts';
import { getClass } from './queries.ts';
import { expandDates } from './recurrence.ts';
import { changesRentalHours, checkRenter, resettleRentalHours } from './rental-hours.ts';

type Input = z.infer<typeof updateClassRequestSchema>;
type ClassRow = typeof classes.$inferSelect;

const SETTINGS = [
  'roomId',
  'teacherId',
  'classTypeId',
  'startTime',
  'durationMinutes',
  'capacity',
  'credits',
  'bookingOpensDaysBefore',
  'bookingClosesMinutesBefore',
  'cancellationWindowMinutes',
  'mode',
  'renterMemberId',
  'notes',
] as const;

/**
 * Edits a class, or several classes of its series:
 * - `one`: this class only (it may move to another `date`); it stays in its series.
 * - `following`: this and the later classes of the series. The series is split here: the earlier
 *   classes keep the old rule (it now ends the day before), this and the later ones form a new
 *   series (its rule starts on this class's date).
 * - `all`: every class of the series that has not started (past classes stay as they were held).
 * A new `recurrence` (with `following` or `all`) re-plans the classes from this one on: dates the
 * new rule drops are deleted unless someone booked them (those stay), new dates are added.
 * Capacity may not go below the places already taken. A one-off class is edited as `one`.
 */
export async function updateClass(
  ctx: UseCaseContext,
  { id, ...input }: Input & { id: string },
): Promise<z.infer<typeof updateClassResponseSchema>> {
  const { cls, timeZone } = await lockClass(ctx, { classId: id, path: 'id' });
  if (cls.status === 'cancelled') throw rule('id', CLASS_CODES.classCancelled, 'This class is cancelled');
  const scope = cls.seriesId ? input.scope : 'one';
  if (input.date !== undefined && scope !== 'one') {
    throw rule('date', CLASS_CODES.dateOnlyForOne, 'Only one class at a time can move to another date');
  }
  if (input.recurrence !== undefined && scope === 'one') {
    throw rule('recurrence', CLASS_CODES.notInSeries, 'A new rule applies to this and following classes, or all');
  }
  const newRoom = input.roomId ? await checkRoom(ctx, cls.centerId, input.roomId) : undefined;
  // Rental ⇔ renter, as the class will stand; an outside teacher teaches rental classes only.
  const mode = input.mode ?? cls.mode;
  const renterMemberId =
    input.renterMemberId !== undefined ? input.renterMemberId : mode === 'rental' ? cls.renterMemberId : null;
  if (mode === 'rental' && !renterMemberId) {
    throw rule('renterMemberId', CLASS_CODES.renterRequired, 'A rental class names its renter');
  }
  if (mode !== 'rental' && input.renterMemberId) {
    throw rule('renterMemberId', CLASS_CODES.renterOnlyForRental, 'Only a rental class has a renter');
  }
  if (cls.shortCourseId && mode !== 'in_house') {
    throw rule('mode', CLASS_CODES.courseInHouse, 'A short course session is run by the centre');
  }
  if (input.renterMemberId) await checkRenter(ctx, input.renterMemberId);
  if (input.teacherId || mode !== cls.mode) {
    await checkTeacher(ctx, cls.centerId, input.teacherId ?? cls.teacherId, mode === 'rental');
  }
  const type = input.classTypeId ? await checkClassType(ctx, input.classTypeId) : undefined;

  // The classes this edit touches, locked.
  let targets: ClassRow[] = [cls];
  if (scope !== 'one') {
    targets = await ctx.tx
      .select()
      .from(classes)
      .where(
        ctx.db.where(
          classes,
          eq(classes.seriesId, cls.seriesId!),
          eq(classes.status, 'scheduled'),
          scope === 'following' ? gte(classes.businessDate, cls.businessDate) : gt(classes.startsAt, ctx.clock.now()),
        ),
      )
      .orderBy(asc(classes.startsAt))
      .for('update');
    if (!targets.some((t) => t.id === cls.id)) targets.unshift(cls);
  }

  if (input.capacity !== undefined) {
    const taken = await ctx.tx
      .select({ classId: bookings.classId, n: sql<number>`count(*)::int` })
      .from(bookings)
      .where(
        and(
          inArray(
            bookings.classId,
            targets.map((t) => t.id),
          ),
          sql`${bookings.status} in ('booked','attended')`,
        ),
      )
      .groupBy(bookings.classId);
    if (taken.some((t) => Number(t.n) > input.capacity!)) {
      throw rule('capacity', CLASS_CODES.capacityBelowBookings, 'More members are booked than this capacity');
    }
  }

  let seriesId = cls.seriesId;
  if (scope === 'following') seriesId = await splitSeries(ctx, cls, input.startTime);
  else if (scope === 'all' && input.startTime) {
    await ctx.db.update(
      classSeries,
      { startTime: input.startTime, updatedAt: ctx.clock.now() },
      eq(classSeries.id, cls.seriesId!),
    );
  }

  const set: Partial<typeof classes.$inferInsert> = {};
  for (const key of SETTINGS) if (input[key] !== undefined) (set as Record<string, unknown>)[key] = input[key];
  if (mode !== cls.mode || input.renterMemberId !== undefined) set.renterMemberId = renterMemberId;
  // A rental class is paid to its teacher (no credit); back in-house it takes its type's credits unless given.
  if (mode === 'rental') set.credits = 0;
  else if (cls.mode === 'rental' && input.credits === undefined) {
    set.credits = (type ?? (await checkClassType(ctx, cls.classTypeId, false))).credits;
  }
  const retime = input.startTime !== undefined || input.durationMinutes !== undefined || input.date !== undefined;
  let updated = 0;
  for (const t of targets) {
    const date = input.date ?? t.businessDate;
    const startTime = input.startTime ?? t.startTime;
    const durationMinutes = input.durationMinutes ?? t.durationMinutes;
    const times = retime ? occurrenceTimes(date, startTime, durationMinutes, timeZone) : undefined;
    await ctx.tx
      .update(classes)
      .set({
        ...set,
        seriesId,
        ...(retime ? { businessDate: date, startsAt: times!.startsAt, endsAt: times!.endsAt } : {}),
        // Moved to a smaller room with no capacity given: the class fits itself to the room's places.
        ...(newRoom && input.capacity === undefined && t.capacity > newRoom.capacity
          ? { capacity: newRoom.capacity }
          : {}),
        updatedAt: ctx.clock.now(),
      })
      .where(eq(classes.id, t.id));
    updated += 1;
  }

  // More places: the waitlist moves up at once.
  if (input.capacity !== undefined) {
    for (const t of targets.filter((x) => input.capacity! > x.capacity)) {
      await promoteWaitlist(ctx, await lockClass(ctx, { classId: t.id, path: 'id' }));
    }
  }
  let dropped: string[] = [];
  if (input.recurrence && seriesId) {
    // A course's sessions are counted with its row locked, before its classes (the order every command takes).
    const course = cls.shortCourseId ? await lockCourse(ctx, cls.shortCourseId, 'recurrence') : null;
    const planned = await replan(ctx, seriesId, cls, targets, input, timeZone);
    updated += planned.changed;
    dropped = planned.dropped;
    if (course) {
      await assertSessionsFit(ctx, course);
      await bookEnrolledInto(ctx, course.id, planned.added);
    }
  }
  // The classes of the series from the earliest target on, as a re-plan left them (none without one).
  const replanned = async () => {
    if (!(input.recurrence && seriesId)) return null;
    const from = targets.reduce((min, t) => (t.businessDate < min ? t.businessDate : min), cls.businessDate);
    const rows = await ctx.tx
      .select({ id: classes.id })
      .from(classes)
      .where(and(eq(classes.seriesId, seriesId), gte(classes.businessDate, from)));
    return rows.map((r) => r.id);
  };
  // What a rental class takes off its renter's package follows its length, date, renter and mode.
  if (changesRentalHours(input)) {
    const placed = (await replanned()) ?? [];
    await resettleRentalHours(ctx, [...new Set([...targets.map((t) => t.id), ...placed])], dropped);
  }
  // Where and when the classes now are: free of clashes, in a room big enough, inside opening hours.
  if (retime || input.roomId || input.teacherId || input.recurrence || input.capacity !== undefined) {
    const placed = (await replanned()) ?? targets.map((t) => t.id);
    await assertTimetableFree(ctx, placed);
  }
  await audit(ctx.tx, ctx.auth, null, {
    action: 'class.updated',
    entityType: 'class',
    entityId: id,
    centerId: cls.centerId,
    summary: `Class of ${cls.businessDate} ${cls.startTime} changed (${scope}, ${updated} classes)`,
    before: Object.fromEntries(SETTINGS.map((k) => [k, cls[k]]).concat([['businessDate', cls.businessDate]])),
    after: { ...set, ...(input.date ? { businessDate: input.date } : {}), scope, seriesId },
  });
  emitClassChanged(ctx, cls.centerId, 'updated', [id]);
  return { class: await getClass(ctx.tx, ctx.auth, id), updated, seriesId };
}

/**
 * Splits the series of `cls` at its date: the earlier classes keep the old series (its rule now
 * ends the day before), this and the later ones move to a new series with the same rule from this
 * date on (a count-bound rule keeps the count of dates it had left). Answers the series the
 * following classes belong to (the old one when nothing came before).
 */
async function splitSeries(ctx: UseCaseContext, cls: ClassRow, startTime?: string): Promise<string> {
  const [series] = await ctx.tx
    .select()
    .from(classSeries)
    .where(ctx.db.where(classSeries, eq(classSeries.id, cls.seriesId!)))
    .for('update');
  const [earlier] = await ctx.tx
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
  await ctx.tx
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

/**
 * Re-plans the series' classes from the first edited one by a new rule; answers how many classes
 * were added or removed, and the classes deleted.
 */
async function replan(
  ctx: UseCaseContext,
  seriesId: string,
  cls: ClassRow,
  targets: ClassRow[],
  input: Input,
  timeZone: string,
): Promise<{ changed: number; dropped: string[]; added: string[] }> {
  const rule_ = input.recurrence!;
  const from = targets.reduce((min, t) => (t.businessDate < min ? t.businessDate : min), cls.businessDate);
  if (rule_.until && rule_.until < from) {
    throw rule('recurrence.until', CLASS_CODES.untilBeforeStart, 'The series ends before its first class');
  }
  const dates = expandDates(from, rule_);
  if (dates.length === 0) throw rule('recurrence', CLASS_CODES.noOccurrence, 'This rule gives no class');
  if (dates.length > CLASS_LIMITS.count.max) {
    throw rule(
      'recurrence',
      CLASS_CODES.tooManyOccurrences,
      `A series plans at most ${CLASS_LIMITS.count.max} classes`,
    );
  }
  await ctx.db.update(
    classSeries,
    {
      firstDate: from,
      weekdays: [...new Set(rule_.weekdays)].sort(),
      everyWeeks: rule_.everyWeeks,
      untilDate: rule_.until ?? null,
      count: rule_.count ?? null,
      exceptions: [...new Set(rule_.exceptions)].sort(),
      ...(input.startTime ? { startTime: input.startTime } : {}),
      updatedAt: ctx.clock.now(),
    },
    eq(classSeries.id, seriesId),
  );
  const wanted = new Set(dates);
  const current = await ctx.tx
    .select({ id: classes.id, date: classes.businessDate })
    .from(classes)
    .where(and(eq(classes.seriesId, seriesId), gte(classes.businessDate, from), eq(classes.status, 'scheduled')));
  const booked = new Set(
    (
      await ctx.tx
        .select({ classId: bookings.classId })
        .from(bookings)
        .where(inArray(bookings.classId, current.map((c) => c.id).concat(['00000000-0000-0000-0000-000000000000'])))
    ).map((b) => b.classId),
  );
  const drop = current.filter((c) => !wanted.has(c.date) && !booked.has(c.id)).map((c) => c.id);
  if (drop.length > 0) await ctx.tx.delete(classes).where(inArray(classes.id, drop));
  const have = new Set(current.map((c) => c.date));
  const add = dates.filter((d) => !have.has(d));
  const [model] = await ctx.tx.select().from(classes).where(eq(classes.id, cls.id));
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
  const added = add.length > 0 ? await insertOccurrences(ctx, plan, add, timeZone) : [];
  return { changed: drop.length + added.length, dropped: drop, added };
}
