import { addDays, businessDate } from '@gym/contract/time';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { bookings, classes, classTypes, members, rooms, shortCourses } from '../db/schema/index.ts';
import { clockAt } from '../lib/clock.ts';
import { recordAttendance } from '../modules/bookings/index.ts';
import { createClass, isoWeekday } from '../modules/classes/index.ts';
import { clockOn, contextFor, demoPlaces, sellPaidByCard } from './demo-sales.ts';

export const DEMO_COURSE = { name: 'Beginner swim (8 weeks)', room: 'Pool', start: '10:30', weekday: 6 } as const;

/**
 * The course's first day, for a demo seeded on `today`: the first Saturday of the last 20 days (not
 * 21: on a Saturday afternoon that made four sessions held), so two or three sessions are held
 * whatever the day and hour of the seed.
 */
export function firstCourseDay(today: string): string {
  let first = addDays(today, -20);
  while (isoWeekday(first) !== DEMO_COURSE.weekday) first = addDays(first, 1);
  return first;
}

export async function seedDemoCourse(tx: Db | DbOrTx, organisationId: string, now = new Date()): Promise<void> {
  const { cwb, staff } = await demoPlaces(tx, organisationId);
  const [course] = await tx
    .select()
    .from(shortCourses)
    .where(and(eq(shortCourses.organisationId, organisationId), eq(shortCourses.name, DEMO_COURSE.name)));
  const manager = staff('manager');
  const desk = staff('frontdesk');
  if (!cwb || !course || !manager || !desk) return;

  const [pool] = await tx
    .insert(rooms)
    .values({ organisationId, centerId: cwb.id, name: DEMO_COURSE.room, capacity: course.capacity })
    .returning();
  // Swimming is taught as courses only: no membership or class package covers it.
  const [swim] = await tx
    .insert(classTypes)
    .values({
      organisationId,
      name: 'Swimming',
      colour: '#1c7ed6',
      durationMinutes: 60,
      capacity: course.capacity,
      credits: 1,
      allMemberships: false,
      anyClassPackage: false,
    })
    .returning();

  // Planned and sold the Monday before its first Saturday.
  const first = firstCourseDay(businessDate(now, cwb.timeZone));
  const then = clockOn(addDays(first, -5), cwb.timeZone);
  await createClass(contextFor(tx, { id: manager.id, role: 'manager' }, organisationId, then), {
    centerId: cwb.id,
    roomId: pool!.id,
    teacherId: manager.id,
    classTypeId: swim!.id,
    date: first,
    startTime: DEMO_COURSE.start,
    durationMinutes: 60,
    mode: 'in_house',
    shortCourseId: course.id,
    notes: 'Bring goggles and a swim cap.',
    recurrence: { weekdays: [DEMO_COURSE.weekday], everyWeeks: 1, count: course.sessions, exceptions: [] },
  });

  const students = await tx
    .select({ id: members.id })
    .from(members)
    .where(
      and(eq(members.organisationId, organisationId), eq(members.homeCenterId, cwb.id), eq(members.status, 'active')),
    )
    .orderBy(asc(members.code))
    .limit(3)
    .offset(20);
  for (const student of students) {
    await sellPaidByCard(contextFor(tx, { id: desk.id, role: 'frontdesk' }, organisationId, then), {
      memberId: student.id,
      centerId: cwb.id,
      itemType: 'short_course',
      item: course,
    });
  }

  // The sessions already held: attendance taken by the teacher; the second student missed the second one.
  const held = await tx
    .select({ id: bookings.id, memberId: bookings.memberId, startsAt: classes.startsAt, endsAt: classes.endsAt })
    .from(bookings)
    .innerJoin(classes, eq(classes.id, bookings.classId))
    .where(and(eq(classes.shortCourseId, course.id), inArray(bookings.status, ['booked'])))
    .orderBy(asc(classes.startsAt));
  const sessionsHeld = [...new Set(held.filter((b) => b.endsAt < now).map((b) => b.startsAt.getTime()))];
  for (const b of held.filter((x) => x.endsAt < now)) {
    const missed = b.memberId === students[1]?.id && b.startsAt.getTime() === sessionsHeld[1];
    const at = clockAt(new Date(b.endsAt.getTime() + 5 * 60_000));
    await recordAttendance(contextFor(tx, { id: manager.id, role: 'manager' }, organisationId, at), {
      id: b.id,
      mark: missed ? 'no_show' : 'attended',
    });
  }
}
