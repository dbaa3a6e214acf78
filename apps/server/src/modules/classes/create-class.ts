import { CLASS_DEFAULTS, type createClassRequestSchema, type createClassResponseSchema } from '@gym/contract/classes';
import type { z } from 'zod';
import { classSeries } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { assertSessionsFit, bookEnrolledInto, courseForSessions } from '../courses/index.ts';
import { emitClassChanged } from './class-events.ts';
import { checkClassType, checkRoom, checkTeacher } from './class-refs.ts';
import { assertTimetableFree } from './conflicts.ts';
import { type ClassPlan, insertOccurrences } from './insert-occurrences.ts';
import { getClass } from './queries.ts';
import { plannedDates, seriesRule } from './recurrence.ts';
import { checkRenter, takeRentalHours } from './rental-hours.ts';

/** Schedules one class, or a series when a recurrence rule is given (every date of the rule, up to the horizon). */
export async function createClass(
  ctx: UseCaseContext,
  input: z.infer<typeof createClassRequestSchema>,
): Promise<z.infer<typeof createClassResponseSchema>> {
  const center = await ctx.db.usableCenter(input.centerId);
  const room = await checkRoom(ctx, { centerId: input.centerId, roomId: input.roomId });
  const rental = input.mode === 'rental';
  await checkTeacher(ctx, { centerId: input.centerId, teacherId: input.teacherId, rental });
  if (rental) await checkRenter(ctx, input.renterMemberId!);
  const type = await checkClassType(ctx, { classTypeId: input.classTypeId });
  // Sessions of a short course: its centre, its capacity, one credit of the course each.
  const course = input.shortCourseId
    ? await courseForSessions(ctx, { courseId: input.shortCourseId, centerId: input.centerId })
    : null;
  const rule_ = input.recurrence;
  const dates = rule_ ? plannedDates(input.date, rule_) : [input.date];
  let seriesId: string | null = null;
  if (rule_) {
    const [series] = await ctx.db.insert(classSeries, {
      centerId: input.centerId,
      firstDate: input.date,
      startTime: input.startTime,
      ...seriesRule(rule_),
    });
    seriesId = series!.id;
  }
  const plan: ClassPlan = {
    seriesId,
    centerId: input.centerId,
    roomId: input.roomId,
    teacherId: input.teacherId,
    classTypeId: input.classTypeId,
    startTime: input.startTime,
    durationMinutes: input.durationMinutes ?? type.durationMinutes,
    // A capacity given is checked against the room; the type's default fits itself to the room.
    capacity: course ? course.capacity : (input.capacity ?? Math.min(type.capacity, room.capacity)),
    // Members booking a rental class pay its teacher, not the centre: no credit.
    credits: rental ? 0 : course ? 1 : (input.credits ?? type.credits),
    bookingOpensDaysBefore: input.bookingOpensDaysBefore ?? CLASS_DEFAULTS.bookingOpensDaysBefore,
    bookingClosesMinutesBefore: input.bookingClosesMinutesBefore ?? CLASS_DEFAULTS.bookingClosesMinutesBefore,
    cancellationWindowMinutes: input.cancellationWindowMinutes ?? CLASS_DEFAULTS.cancellationWindowMinutes,
    mode: input.mode,
    renterMemberId: rental ? input.renterMemberId! : null,
    shortCourseId: course?.id ?? null,
    notes: input.notes ?? null,
  };
  const ids = await insertOccurrences(ctx, { plan, dates, timeZone: center.timeZone });
  await takeRentalHours(ctx, ids);
  await assertTimetableFree(ctx, ids);
  if (course) {
    await assertSessionsFit(ctx, course);
    await bookEnrolledInto(ctx, { courseId: course.id, classIds: ids });
  }
  await recordAudit(ctx, {
    action: 'class.created',
    entityType: 'class',
    entityId: ids[0]!,
    centerId: input.centerId,
    summary: `${type.name} on ${dates[0]} ${input.startTime}${ids.length > 1 ? ` and ${ids.length - 1} more` : ''}`,
    after: {
      seriesId,
      dates: dates.length,
      startTime: input.startTime,
      ...(rental ? { mode: 'rental', renterMemberId: input.renterMemberId } : {}),
      ...(course ? { shortCourseId: course.id } : {}),
    },
  });
  emitClassChanged(ctx, { centerId: input.centerId, change: 'created', classIds: ids });
  return { class: await getClass(ctx, { id: ids[0]! }), seriesId, created: ids.length };
}
