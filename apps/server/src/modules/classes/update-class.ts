import { CLASS_CODES, type updateClassRequestSchema, type updateClassResponseSchema } from '@gym/contract/classes';
import { occurrenceTimes } from '@gym/contract/time';
import { and, asc, eq, gt, gte, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { bookings, classes, classSeries } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { lockClass, promoteWaitlist } from '../bookings/index.ts';
import { assertSessionsFit, bookEnrolledInto, lockCourse } from '../courses/index.ts';
import { emitClassChanged } from './class-events.ts';
import { checkClassType, checkRoom, checkTeacher, rule } from './class-refs.ts';
import { assertTimetableFree } from './conflicts.ts';
import { getClass } from './queries.ts';
import { changesRentalHours, checkRenter, resettleRentalHours } from './rental-hours.ts';
import { replanSeries } from './replan-series.ts';
import { splitSeries } from './split-series.ts';

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
  const newRoom = input.roomId ? await checkRoom(ctx, { centerId: cls.centerId, roomId: input.roomId }) : undefined;
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
    await checkTeacher(ctx, {
      centerId: cls.centerId,
      teacherId: input.teacherId ?? cls.teacherId,
      rental: mode === 'rental',
    });
  }
  const type = input.classTypeId ? await checkClassType(ctx, { classTypeId: input.classTypeId }) : undefined;

  // The classes this edit touches, locked.
  let targets: ClassRow[] = [cls];
  if (scope !== 'one') {
    targets = await ctx.db
      .select()
      .from(classes)
      .where(
        and(
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
    const taken = await ctx.db
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
  if (scope === 'following') seriesId = await splitSeries(ctx, { cls, startTime: input.startTime });
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
    set.credits = (type ?? (await checkClassType(ctx, { classTypeId: cls.classTypeId, activeOnly: false }))).credits;
  }
  const retime = input.startTime !== undefined || input.durationMinutes !== undefined || input.date !== undefined;
  let updated = 0;
  for (const t of targets) {
    const date = input.date ?? t.businessDate;
    const startTime = input.startTime ?? t.startTime;
    const durationMinutes = input.durationMinutes ?? t.durationMinutes;
    const times = retime ? occurrenceTimes(date, startTime, durationMinutes, timeZone) : undefined;
    await ctx.db
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
    const course = cls.shortCourseId
      ? await lockCourse(ctx, { courseId: cls.shortCourseId, path: 'recurrence' })
      : null;
    const planned = await replanSeries(ctx, { seriesId, cls, targets, input, timeZone });
    updated += planned.changed;
    dropped = planned.dropped;
    if (course) {
      await assertSessionsFit(ctx, course);
      await bookEnrolledInto(ctx, { courseId: course.id, classIds: planned.added });
    }
  }
  // The classes of the series from the earliest target on, as a re-plan left them (none without one).
  const replanned = async () => {
    if (!(input.recurrence && seriesId)) return null;
    const from = targets.reduce((min, t) => (t.businessDate < min ? t.businessDate : min), cls.businessDate);
    const rows = await ctx.db
      .select({ id: classes.id })
      .from(classes)
      .where(and(eq(classes.seriesId, seriesId), gte(classes.businessDate, from)));
    return rows.map((r) => r.id);
  };
  // What a rental class takes off its renter's package follows its length, date, renter and mode.
  if (changesRentalHours(input)) {
    const placed = (await replanned()) ?? [];
    await resettleRentalHours(ctx, { classIds: [...new Set([...targets.map((t) => t.id), ...placed])], dropped });
  }
  // Where and when the classes now are: free of clashes, in a room big enough, inside opening hours.
  if (retime || input.roomId || input.teacherId || input.recurrence || input.capacity !== undefined) {
    const placed = (await replanned()) ?? targets.map((t) => t.id);
    await assertTimetableFree(ctx, placed);
  }
  await recordAudit(ctx, {
    action: 'class.updated',
    entityType: 'class',
    entityId: id,
    centerId: cls.centerId,
    summary: `Class of ${cls.businessDate} ${cls.startTime} changed (${scope}, ${updated} classes)`,
    before: Object.fromEntries(SETTINGS.map((k) => [k, cls[k]]).concat([['businessDate', cls.businessDate]])),
    after: { ...set, ...(input.date ? { businessDate: input.date } : {}), scope, seriesId },
  });
  emitClassChanged(ctx, { centerId: cls.centerId, change: 'updated', classIds: [id] });
  return { class: await getClass(ctx, { id }), updated, seriesId };
}
