/**
 * The demo's classes: four class types, a weekly timetable at both centres (three weeks back, two
 * ahead) taught by the trainer and the manager, bookings with attendance for the past weeks and
 * bookings for the next two, one full class with a waitlist, and Chan Tai Man booked into a class
 * at CWB tomorrow. Written in bulk (the seed runs at every e2e start); every demo booking is
 * covered by the member's running membership, so no package credit changes here.
 */
import { addDays, businessDate, occurrenceTimes } from '@gym/contract/time';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import {
  bookings,
  cards,
  centers,
  classes,
  classSeries,
  classTypes,
  members,
  rooms,
  users,
} from '../db/schema/index.ts';
import { expandDates } from '../modules/classes/index.ts';
import { DEMO_FIXED_MEMBER } from './demo-members.ts';
import { seededRandom } from './member-generator.ts';

const TYPES = [
  { name: 'Yoga', colour: '#22aa66', durationMinutes: 60, capacity: 20 },
  { name: 'Spin', colour: '#e8590c', durationMinutes: 45, capacity: 16 },
  { name: 'HIIT', colour: '#d6336c', durationMinutes: 45, capacity: 20 },
  { name: 'Pilates', colour: '#7048e8', durationMinutes: 60, capacity: 14 },
] as const;

/** The weekly timetable of each centre: type, room, weekdays (1 Monday … 7 Sunday), start, teacher. */
const TIMETABLE = [
  { type: 'Spin', room: 'Spin Room', weekdays: [1, 2, 3, 4, 5], start: '07:00', teacher: 'trainer' },
  { type: 'Yoga', room: 'Studio A', weekdays: [1, 3, 5], start: '12:30', teacher: 'manager' },
  { type: 'HIIT', room: 'Studio A', weekdays: [2, 4], start: '18:00', teacher: 'trainer' },
  { type: 'Pilates', room: 'Studio A', weekdays: [1, 2, 3, 4], start: '19:30', teacher: 'manager' },
  { type: 'Yoga', room: 'Studio A', weekdays: [6, 7], start: '10:00', teacher: 'trainer' },
  { type: 'Spin', room: 'Spin Room', weekdays: [6, 7], start: '11:30', teacher: 'trainer' },
] as const;

interface Holder {
  member_id: string;
  all_centers: boolean;
  center_ids: string[];
  valid_from: string;
  valid_until: string;
  entitlement_id: string;
}

const WEEKS_BACK = 3;
const DAYS_AHEAD = 14;

export async function seedDemoClasses(tx: Db | DbOrTx, organisationId: string, now = new Date()): Promise<void> {
  const centerRows = await tx.select().from(centers).where(eq(centers.organisationId, organisationId));
  const cwb = centerRows.find((c) => c.code === 'CWB')!;
  const staff = await tx.select().from(users).where(eq(users.organisationId, organisationId));
  const teacherOf = (role: string) => (staff.find((u) => u.role === role) ?? staff[0]!).id;
  const roomRows = await tx.select().from(rooms).where(eq(rooms.organisationId, organisationId));
  const today = businessDate(now, cwb.timeZone);
  const first = addDays(today, -7 * WEEKS_BACK);
  const last = addDays(today, DAYS_AHEAD);

  const typeRows = await tx
    .insert(classTypes)
    .values(TYPES.map((t) => ({ organisationId, ...t, credits: 1, allMemberships: true, anyClassPackage: true })))
    .returning();
  const typeId = (name: string) => typeRows.find((t) => t.name === name)!;

  type Planned = typeof classes.$inferInsert;
  const planned: Planned[] = [];
  for (const center of centerRows) {
    for (const slot of TIMETABLE) {
      const [series] = await tx
        .insert(classSeries)
        .values({
          organisationId,
          centerId: center.id,
          firstDate: first,
          startTime: slot.start,
          weekdays: [...slot.weekdays],
          untilDate: last,
        })
        .returning();
      const type = typeId(slot.type);
      const room = roomRows.find((r) => r.centerId === center.id && r.name === slot.room)!;
      for (const date of expandDates(first, {
        weekdays: [...slot.weekdays],
        everyWeeks: 1,
        until: last,
        count: null,
        exceptions: [],
      })) {
        const { startsAt, endsAt } = occurrenceTimes(date, slot.start, type.durationMinutes, center.timeZone);
        planned.push({
          organisationId,
          seriesId: series!.id,
          centerId: center.id,
          roomId: room.id,
          teacherId: teacherOf(slot.teacher),
          classTypeId: type.id,
          businessDate: date,
          startTime: slot.start,
          durationMinutes: type.durationMinutes,
          startsAt,
          endsAt,
          capacity: Math.min(type.capacity, room.capacity),
          credits: 1,
          bookingOpensDaysBefore: 14,
          bookingClosesMinutesBefore: 0,
          cancellationWindowMinutes: 720,
        });
      }
    }
  }
  const classRows = await tx.insert(classes).values(planned).returning();

  // Who may book: members whose membership runs on the class's date at its centre.
  const holders =
    await tx.execute(sql`select e.member_id, e.all_centers, e.center_ids::text[] as center_ids, s.valid_from::text, s.valid_until::text, e.id as entitlement_id
      from entitlements e join entitlement_state s on s.entitlement_id = e.id
      join members m on m.id = e.member_id
      where e.organisation_id = ${organisationId} and e.kind = 'membership' and s.phase = 'active'
        and not s.frozen and m.status = 'active' and s.valid_until >= ${first} and s.valid_from <= ${last}`);
  const [chan] = await tx
    .select({ id: members.id })
    .from(members)
    .innerJoin(cards, eq(cards.memberId, members.id))
    .where(and(eq(members.organisationId, organisationId), eq(cards.number, DEMO_FIXED_MEMBER.cardNumber)));
  const pool = (holders as unknown as { rows: Holder[] }).rows.filter((h) => h.member_id !== chan?.id);

  const random = seededRandom(20_261_126);
  const tomorrow = addDays(today, 1);
  const cwbTomorrow = classRows
    .filter((c) => c.centerId === cwb.id && c.businessDate === tomorrow)
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  // The first class at CWB tomorrow is full with a waitlist; Chan Tai Man is booked into the last one.
  const fullClass = cwbTomorrow[0];
  const chanClass = cwbTomorrow[cwbTomorrow.length - 1];
  const desk = teacherOf('frontdesk');
  const rows: (typeof bookings.$inferInsert)[] = [];
  for (const c of classRows) {
    const usable = pool.filter(
      (h) =>
        h.valid_from <= c.businessDate &&
        c.businessDate <= h.valid_until &&
        (h.all_centers || h.center_ids.includes(c.centerId)),
    );
    const past = c.endsAt < now;
    const share =
      c.id === fullClass?.id
        ? 1
        : past
          ? 0.4 + random() * 0.5
          : c.businessDate <= addDays(today, 7)
            ? 0.3 + random() * 0.5
            : 0.1 + random() * 0.3;
    const wanted = Math.min(usable.length, Math.round(c.capacity * share));
    const chosen = new Set<number>();
    while (chosen.size < wanted) chosen.add(Math.floor(random() * usable.length));
    const bookedAt = new Date(
      Math.min(now.getTime(), c.startsAt.getTime()) - (1 + Math.floor(random() * 5)) * 86_400_000,
    );
    for (const i of chosen) {
      const h = usable[i]!;
      const roll = random();
      const status = past ? (roll < 0.85 ? 'attended' : roll < 0.93 ? 'no_show' : 'late_cancelled') : 'booked';
      rows.push({
        organisationId,
        classId: c.id,
        memberId: h.member_id,
        status,
        paidBy: 'membership',
        entitlementId: h.entitlement_id,
        bookedAt,
        bookedBy: desk,
        attendedAt: status === 'attended' ? new Date(c.startsAt.getTime() - 5 * 60_000) : null,
        attendanceSource: status === 'attended' ? (roll < 0.5 ? 'door' : 'teacher') : null,
        cancelledAt: status === 'late_cancelled' ? new Date(c.startsAt.getTime() - 60 * 60_000) : null,
      });
    }
    if (c.id === fullClass?.id) {
      const taken = new Set([...chosen].map((i) => usable[i]!.member_id));
      const waiting = usable.filter((h) => !taken.has(h.member_id)).slice(0, 3);
      for (const [i, h] of waiting.entries()) {
        rows.push({
          organisationId,
          classId: c.id,
          memberId: h.member_id,
          status: 'waitlisted',
          waitlistPosition: i + 1,
          bookedAt: new Date(now.getTime() - (3 - i) * 3_600_000),
          bookedBy: desk,
        });
      }
    }
  }
  if (chan && chanClass) {
    const [membership] = await tx
      .execute(
        sql`select e.id from entitlements e join entitlement_state s on s.entitlement_id = e.id
          where e.member_id = ${chan.id} and e.kind = 'membership' and s.phase = 'active' and s.valid_until >= ${tomorrow}
          limit 1`,
      )
      .then((r) => (r as unknown as { rows: { id: string }[] }).rows);
    const at = rows.findIndex((r) => r.classId === chanClass.id);
    // Keep a place for him in a class that might have been filled.
    if (
      at >= 0 &&
      rows.filter((r) => r.classId === chanClass.id && r.status === 'booked').length >= chanClass.capacity
    ) {
      rows.splice(at, 1);
    }
    rows.push({
      organisationId,
      classId: chanClass.id,
      memberId: chan.id,
      status: 'booked',
      paidBy: membership ? 'membership' : null,
      entitlementId: membership?.id ?? null,
      bookedAt: now,
      bookedBy: desk,
    });
  }
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(bookings).values(rows.slice(i, i + 1000));
}
