/** A short course's sessions and its enrolled members' attendance in each (`GET pro/short-courses/:id/sessions`). */
import type { BookingStatus, CourseRoster } from '@gym/contract/classes';
import { formatMemberName } from '@gym/contract/names';
import { businessDate, occurrenceTimes } from '@gym/contract/time';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  bookings,
  centers,
  classes,
  entitlementState,
  entitlements,
  members,
  rooms,
  shortCourses,
  users,
} from '../../db/schema/index.ts';
import type { AuthContext } from '../../lib/access.ts';
import { notFound } from '../../lib/errors.ts';
import type { QueryContext } from '../../lib/use-case.ts';
import { stateOf, statusOn } from '../entitlements/index.ts';

type Scope = Pick<AuthContext, 'organisationId' | 'centerIds'>;
const teachers = alias(users, 'teacher');
/** Which of a member's bookings in one session the roster shows: one holding a place before one given up. */
const RANK: Record<string, number> = {
  attended: 0,
  booked: 1,
  no_show: 2,
  late_cancelled: 3,
  waitlisted: 4,
  cancelled: 5,
};

export async function getCourseRoster(
  ctx: QueryContext<Scope>,
  { courseId }: { courseId: string },
): Promise<CourseRoster> {
  const [found] = await ctx.db
    .select({
      course: shortCourses,
      center: { id: centers.id, code: centers.code, name: centers.name, timeZone: centers.timeZone },
    })
    .from(shortCourses)
    .innerJoin(centers, eq(centers.id, shortCourses.centerId))
    .where(eq(shortCourses.id, courseId));
  if (!found) throw notFound('short course');
  const { course, center } = found;
  // The course's sessions, enrolments and bookings wherever they are held (its members may be of any centre).
  const db = ctx.db.wholeOrganisation;

  const [sessionRows, enrolRows] = await Promise.all([
    db
      .select({
        c: classes,
        room: { id: rooms.id, name: rooms.name },
        teacher: { id: teachers.id, name: teachers.fullName },
      })
      .from(classes)
      .innerJoin(rooms, eq(rooms.id, classes.roomId))
      .innerJoin(teachers, eq(teachers.id, classes.teacherId))
      .where(eq(classes.shortCourseId, course.id))
      .orderBy(asc(classes.startsAt), asc(classes.id)),
    db
      .select({
        ent: { id: entitlements.id, createdAt: entitlements.createdAt },
        state: entitlementState,
        member: { id: members.id, code: members.code, firstName: members.firstName, lastName: members.lastName },
      })
      .from(entitlements)
      .innerJoin(entitlementState, eq(entitlementState.entitlementId, entitlements.id))
      .innerJoin(members, eq(members.id, entitlements.memberId))
      .where(and(eq(entitlements.kind, 'short_course'), eq(entitlements.itemId, course.id))),
  ]);
  const classIds = sessionRows.map((s) => s.c.id);
  const memberIds = [...new Set(enrolRows.map((e) => e.member.id))];
  const bookingRows =
    classIds.length && memberIds.length
      ? await db
          .select({
            id: bookings.id,
            classId: bookings.classId,
            memberId: bookings.memberId,
            status: bookings.status,
            bookedAt: bookings.bookedAt,
          })
          .from(bookings)
          .where(and(inArray(bookings.classId, classIds), inArray(bookings.memberId, memberIds)))
      : [];
  // One booking per member and session: the one that holds (or held) the place, the latest of equals.
  const best = new Map<string, (typeof bookingRows)[number]>();
  for (const b of bookingRows) {
    const key = `${b.memberId}|${b.classId}`;
    const seen = best.get(key);
    const rank = RANK[b.status] ?? 9;
    const seenRank = seen ? (RANK[seen.status] ?? 9) : 99;
    if (!seen || rank < seenRank || (rank === seenRank && b.bookedAt > seen.bookedAt)) best.set(key, b);
  }

  let number = 0;
  const sessions: CourseRoster['sessions'] = sessionRows.map(({ c, room, teacher }) => {
    const scheduled = c.status === 'scheduled';
    if (scheduled) number += 1;
    const held = bookingRows.filter((b) => b.classId === c.id);
    return {
      classId: c.id,
      number: scheduled ? number : null,
      date: c.businessDate,
      startTime: c.startTime,
      endTime: occurrenceTimes(c.businessDate, c.startTime, c.durationMinutes, center.timeZone).endTime,
      startsAt: c.startsAt.toISOString(),
      endsAt: c.endsAt.toISOString(),
      room,
      teacher,
      status: c.status as CourseRoster['sessions'][number]['status'],
      booked: held.filter((b) => b.status === 'booked' || b.status === 'attended').length,
      attended: held.filter((b) => b.status === 'attended').length,
    };
  });
  const businessToday = ctx.clock.today(center.timeZone);
  const name = (m: { firstName: string; lastName: string | null }) =>
    formatMemberName({ firstName: m.firstName, lastName: m.lastName ?? '' });
  const enrolments: CourseRoster['enrolments'] = enrolRows
    .map(({ ent, state, member }) => {
      const attendance = sessionRows.map(({ c }) => {
        const b = best.get(`${member.id}|${c.id}`);
        return b ? { bookingId: b.id, status: b.status as BookingStatus } : null;
      });
      return {
        entitlementId: ent.id,
        member: { id: member.id, code: member.code, name: name(member) },
        enrolledOn: businessDate(ent.createdAt, center.timeZone),
        status: statusOn(stateOf(state), businessToday),
        attended: attendance.filter((a) => a?.status === 'attended').length,
        attendance,
      };
    })
    .sort((a, b) => a.member.name.localeCompare(b.member.name) || a.entitlementId.localeCompare(b.entitlementId));
  return {
    course: {
      id: course.id,
      name: course.name,
      center: { id: center.id, code: center.code, name: center.name },
      timeZone: center.timeZone,
      sessions: course.sessions,
      capacity: course.capacity,
      active: course.active,
    },
    sessions,
    enrolments,
  };
}
