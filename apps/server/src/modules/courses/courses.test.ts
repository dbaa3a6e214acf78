/**
 * Short courses as classes: a course's sessions are scheduled as classes naming it (at most its
 * number of sessions, at its centre, its capacity, one credit each); buying the course enrols the
 * member, who is booked into every session not started, now and when sessions are planned later;
 * only enrolled members book its sessions; attendance is kept per session; a refund gives the
 * sessions not taken back. On PGlite and PostgreSQL.
 */
import { addDays } from '@gym/contract/time';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, centers, classes, entitlements, shortCourses } from '../../db/schema/index.ts';
import { type ClassesFixture, classesFixture } from '../../test/classes-fixtures.ts';
import { createTestContext, TEST_MONEY, type TestContext } from '../../test/harness.ts';

let ctx: TestContext;
let f: ClassesFixture;
let other: ClassesFixture;
let courseSeq = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  f = await classesFixture(ctx);
  other = await classesFixture(ctx);
});
afterAll(() => ctx?.close());

type Roster = {
  course: { id: string; sessions: number; capacity: number };
  sessions: { classId: string; number: number | null; status: string; booked: number; attended: number }[];
  enrolments: {
    entitlementId: string;
    member: { id: string };
    status: string;
    attended: number;
    attendance: ({ bookingId: string; status: string } | null)[];
  }[];
};

async function newCourse(
  fx: ClassesFixture = f,
  fields: { sessions?: number; capacity?: number; centerId?: string } = {},
) {
  const [course] = await ctx.database.db
    .insert(shortCourses)
    .values({
      organisationId: fx.org.id,
      centerId: fields.centerId ?? fx.centerA,
      name: `Swim course #${++courseSeq}`,
      sessions: fields.sessions ?? 4,
      capacity: fields.capacity ?? 10,
      priceMinor: 80_000,
    })
    .returning();
  return course!;
}

/** Weekly sessions of `courseId` from tomorrow, `count` of them (a room and teacher of their own). */
const sessions = (courseId: string, count: number, fx: ClassesFixture = f, extra: Record<string, unknown> = {}) =>
  fx.newClass({
    shortCourseId: courseId,
    recurrence: { weekdays: [isoWeekday(addDays(fx.today(), 1))], count },
    ...extra,
  });

function isoWeekday(date: string): number {
  const d = new Date(`${date}T12:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

/** Sells the course to `memberId`, paid in cash. Answers the response and the enrolment's id. */
async function sellCourse(memberId: string, courseId: string, fx: ClassesFixture = f) {
  const res = await fx.call('POST', `/students/${memberId}/sales`, fx.manager, {
    centerId: fx.centerA,
    lines: [{ itemType: 'short_course', itemId: courseId }],
    payment: { method: 'cash', amountMinor: 80_000 },
  });
  const body = res.json() as { id: string; lines: { id: string; entitlementId: string }[] };
  return { res, invoiceId: body.id, lineId: body.lines?.[0]?.id, entitlementId: body.lines?.[0]?.entitlementId };
}

async function roster(courseId: string, fx: ClassesFixture = f): Promise<Roster> {
  const res = await fx.call('GET', `/short-courses/${courseId}/sessions`, fx.desk);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Roster;
}

async function creditsLeft(memberId: string, entitlementId: string, fx: ClassesFixture = f) {
  const list = await fx.call('GET', `/students/${memberId}/entitlements`, fx.desk);
  expect(list.statusCode, list.body).toBe(200);
  return (list.json() as { items: { id: string; creditsLeft: number | null; status: string }[] }).items.find(
    (e) => e.id === entitlementId,
  )!;
}

describe('short course sessions', () => {
  it('are classes naming the course: numbered, its capacity, one credit each, no more than it sells', async () => {
    const course = await newCourse(f, { sessions: 4, capacity: 8 });
    const made = await sessions(course.id, 3, f, { capacity: 25, credits: 3 });
    expect(made.created).toBe(3);
    const first = await f.call('GET', `/classes/${made.class.id}`, f.desk);
    expect(first.json()).toMatchObject({
      capacity: 8,
      credits: 1,
      mode: 'in_house',
      shortCourse: { id: course.id, name: course.name, number: 1, sessions: 4 },
    });
    const list = await f.call('GET', `/short-courses?keyword=${encodeURIComponent(course.name)}`, f.manager);
    expect(list.json().items[0]).toMatchObject({ scheduled: 3, enrolled: 0 });

    // Two more would make five of a four-session course: refused whole, nothing written.
    const before = await ctx.database.db.select().from(classes).where(eq(classes.shortCourseId, course.id));
    const res = await f.call('POST', '/classes', f.manager, {
      centerId: f.centerA,
      roomId: f.room.id,
      teacherId: f.teacherId,
      classTypeId: f.classType.id,
      date: addDays(f.today(), 30),
      startTime: '07:00',
      shortCourseId: course.id,
      recurrence: { weekdays: [1, 2, 3, 4, 5, 6, 7], count: 2 },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().fields[0]).toMatchObject({ path: 'shortCourseId', code: 'course_sessions_full' });
    expect(res.json().details).toMatchObject({ sessions: 4, scheduled: 5 });
    expect(await ctx.database.db.select().from(classes).where(eq(classes.shortCourseId, course.id))).toHaveLength(
      before.length,
    );
    // The fourth fits; the list numbers the sessions in time order.
    await f.newClass({ shortCourseId: course.id, date: addDays(f.today(), 2), startTime: '07:00' });
    const listed = await f.call('GET', `/classes?from=${addDays(f.today(), 1)}&to=${addDays(f.today(), 30)}`, f.desk);
    const numbers = (listed.json().items as { shortCourse: { id: string; number: number } | null; date: string }[])
      .filter((c) => c.shortCourse?.id === course.id)
      .map((c) => c.shortCourse!.number);
    expect(numbers).toEqual([1, 2, 3, 4]);
  });

  it('are refused in rental mode, at another centre, and for another organisation’s course', async () => {
    const course = await newCourse();
    const rental = await f.call('POST', '/classes', f.manager, {
      centerId: f.centerA,
      roomId: f.room.id,
      teacherId: f.teacherId,
      classTypeId: f.classType.id,
      date: addDays(f.today(), 3),
      startTime: '06:00',
      mode: 'rental',
      renterMemberId: (await f.org.newMember()).id,
      shortCourseId: course.id,
    });
    expect(rental.statusCode, rental.body).toBe(400);
    expect(rental.json().fields).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'shortCourseId', code: 'course_in_house' })]),
    );
    const [elsewhere] = await ctx.database.db
      .insert(centers)
      .values({
        organisationId: f.org.id,
        code: `X${courseSeq}`,
        name: 'Elsewhere',
        timeZone: f.timeZone,
        ...TEST_MONEY,
      })
      .returning();
    const far = await newCourse(f, { centerId: elsewhere!.id });
    await expect(f.newClass({ shortCourseId: far.id })).rejects.toThrow(/course_not_in_centre/);
    const theirs = await newCourse(other);
    await expect(f.newClass({ shortCourseId: theirs.id })).rejects.toThrow(/"path":"shortCourseId","code":"not_found"/);
    expect(await ctx.database.db.select().from(classes).where(eq(classes.shortCourseId, theirs.id))).toEqual([]);
  });
});

describe('enrolment', () => {
  it('books the buyer into every session not started, one course credit each; sessions planned later too', async () => {
    const course = await newCourse(f, { sessions: 6 });
    const planned = await sessions(course.id, 4);
    const member = await f.org.newMember();
    const sale = await sellCourse(member.id, course.id);
    expect(sale.res.statusCode, sale.res.body).toBe(201);
    let r = await roster(course.id);
    expect(r.sessions).toHaveLength(4);
    expect(r.enrolments).toHaveLength(1);
    expect(r.enrolments[0]!.attendance.map((a) => a?.status)).toEqual(['booked', 'booked', 'booked', 'booked']);
    expect(await creditsLeft(member.id, sale.entitlementId!)).toMatchObject({ creditsLeft: 2 });

    // Two more sessions: the enrolled member is booked into them, the course's credits used up.
    await sessions(course.id, 2, f, { date: addDays(f.today(), 40), startTime: '08:00' });
    r = await roster(course.id);
    expect(r.sessions.map((s) => s.number)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(r.enrolments[0]!.attendance.every((a) => a?.status === 'booked')).toBe(true);
    expect(await creditsLeft(member.id, sale.entitlementId!)).toMatchObject({ creditsLeft: 0 });
    const ledger = await f.call('GET', `/students/${member.id}/entitlements/${sale.entitlementId}/ledger`, f.desk);
    expect((ledger.json().items as { kind: string }[]).filter((x) => x.kind === 'use')).toHaveLength(6);

    // Attendance per session: the teacher's mark shows in the roster and the session's count.
    const firstBooking = r.enrolments[0]!.attendance[0]!.bookingId;
    const mark = await f.call('POST', `/bookings/${firstBooking}/attendance`, f.manager, { mark: 'attended' });
    expect(mark.statusCode, mark.body).toBe(200);
    r = await roster(course.id);
    expect(r.enrolments[0]!.attendance[0]).toMatchObject({ status: 'attended' });
    expect(r.enrolments[0]!.attended).toBe(1);
    expect(r.sessions[0]).toMatchObject({ classId: planned.class.id, booked: 1, attended: 1 });
  });

  it('is the only way into a session: others are refused, and the course pays for nothing else', async () => {
    const course = await newCourse();
    const planned = await sessions(course.id, 1);
    const outsider = await f.memberWithCredits();
    const refused = await f.book(outsider.id, planned.class.id);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().fields[0]).toMatchObject({ code: 'not_enrolled' });
    expect(await creditsLeft(outsider.id, outsider.entitlementId)).toMatchObject({ creditsLeft: 10 });

    const student = await f.org.newMember();
    const sale = await sellCourse(student.id, course.id);
    expect(sale.res.statusCode, sale.res.body).toBe(201);
    const regular = await f.newClass({ date: addDays(f.today(), 2) });
    const notPaid = await f.book(student.id, regular.class.id);
    expect(notPaid.statusCode, notPaid.body).toBe(422);
    expect(notPaid.json().fields[0]).toMatchObject({ code: 'no_credit' });
  });

  it('holds the course’s capacity when it is sold many times at once', async () => {
    const course = await newCourse(f, { capacity: 3 });
    await sessions(course.id, 2);
    const buyers = await Promise.all(Array.from({ length: 8 }, () => f.org.newMember()));
    const sales = await Promise.all(buyers.map((m) => sellCourse(m.id, course.id)));
    const codes = sales.map((s) => s.res.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 422, 422, 422, 422, 422]);
    for (const s of sales.filter((x) => x.res.statusCode === 422)) {
      expect(s.res.json().fields[0]).toMatchObject({ path: 'lines.0.itemId', code: 'course_full' });
    }
    const r = await roster(course.id);
    expect(r.enrolments).toHaveLength(3);
    expect(r.sessions.map((s) => s.booked)).toEqual([3, 3]);
    // A refused sale left nothing: no invoice's entitlement for the five others.
    const ents = await ctx.database.db.select().from(entitlements).where(eq(entitlements.itemId, course.id));
    expect(ents).toHaveLength(3);
  });

  it('refunded, gives up the sessions not started and refunds them as unused; the place frees', async () => {
    const course = await newCourse(f, { sessions: 4, capacity: 1 });
    await sessions(course.id, 4);
    const member = await f.org.newMember();
    const sale = await sellCourse(member.id, course.id);
    expect(sale.res.statusCode, sale.res.body).toBe(201);
    const refund = await f.call('POST', `/invoices/${sale.invoiceId}/refunds`, f.manager, {
      reason: 'Moved away',
      lines: [{ lineId: sale.lineId, mode: 'unused' }],
    });
    expect(refund.statusCode, refund.body).toBe(201);
    // All four sessions were still ahead: the whole price comes back.
    expect(refund.json()).toMatchObject({ refundedMinor: 80_000, paidMinor: 0, state: 'refunded' });
    const held = await ctx.database.db.select().from(bookings).where(eq(bookings.memberId, member.id));
    expect(held.map((b) => b.status)).toEqual(['cancelled', 'cancelled', 'cancelled', 'cancelled']);
    const r = await roster(course.id);
    expect(r.enrolments[0]).toMatchObject({ status: 'refunded' });
    expect(r.sessions.map((s) => s.booked)).toEqual([0, 0, 0, 0]);
    // Its one place is free again.
    const next = await f.org.newMember();
    expect((await sellCourse(next.id, course.id)).res.statusCode).toBe(201);
  });

  it('a cancelled session gives its credit back, and the replacement session takes it', async () => {
    const course = await newCourse(f, { sessions: 2 });
    const planned = await sessions(course.id, 2);
    const member = await f.org.newMember();
    const sale = await sellCourse(member.id, course.id);
    expect(await creditsLeft(member.id, sale.entitlementId!)).toMatchObject({ creditsLeft: 0 });
    const cancelled = await f.call('POST', `/classes/${planned.class.id}/cancel`, f.manager, { scope: 'one' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await creditsLeft(member.id, sale.entitlementId!)).toMatchObject({ creditsLeft: 1 });
    await f.newClass({ shortCourseId: course.id, date: addDays(f.today(), 20), startTime: '09:00' });
    expect(await creditsLeft(member.id, sale.entitlementId!)).toMatchObject({ creditsLeft: 0 });
    const r = await roster(course.id);
    expect(r.sessions.map((s) => [s.status, s.number])).toEqual([
      ['cancelled', null],
      ['scheduled', 1],
      ['scheduled', 2],
    ]);
    expect(r.enrolments[0]!.attendance.map((a) => a?.status)).toEqual(['cancelled', 'booked', 'booked']);
  });

  it('given to another member moves the sessions ahead to them', async () => {
    const course = await newCourse(f, { sessions: 3 });
    await sessions(course.id, 3);
    const giver = await f.org.newMember();
    const taker = await f.org.newMember();
    const sale = await sellCourse(giver.id, course.id);
    const moved = await f.call('POST', `/students/${giver.id}/entitlements/${sale.entitlementId}/actions`, f.manager, {
      action: 'transfer',
      toMemberId: taker.id,
      reason: 'Sister takes the place',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const r = await roster(course.id);
    const byMember = new Map(r.enrolments.map((e) => [e.member.id, e]));
    expect(byMember.get(giver.id)).toMatchObject({ status: 'transferred' });
    expect(byMember.get(giver.id)!.attendance.map((a) => a?.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    expect(byMember.get(taker.id)!.attendance.map((a) => a?.status)).toEqual(['booked', 'booked', 'booked']);
    expect(r.sessions.map((s) => s.booked)).toEqual([1, 1, 1]);
  });

  it('under the fee rule, a missed or late-cancelled session bills no fee: the session is what is lost', async () => {
    await other.setConfig({ lateCancelRule: 'fee', lateCancelFeeMinor: 5_000 });
    const course = await newCourse(other, { sessions: 2 });
    await sessions(course.id, 2, other, { cancellationWindowMinutes: 10_080 });
    const member = await other.org.newMember();
    const sale = await sellCourse(member.id, course.id, other);
    expect(sale.res.statusCode, sale.res.body).toBe(201);
    const r = await roster(course.id, other);
    // The first session is tomorrow, inside the week-long cancellation window: its cancel is late.
    const [second, first] = r.enrolments[0]!.attendance;
    const missed = await other.call('POST', `/bookings/${first!.bookingId}/attendance`, other.manager, {
      mark: 'no_show',
    });
    expect(missed.statusCode, missed.body).toBe(200);
    expect(missed.json()).toMatchObject({ status: 'no_show', feeInvoice: null });
    const late = await other.call(
      'POST',
      `/bookings/${second!.bookingId}/cancel`,
      other.desk,
      {},
      { 'idempotency-key': `late-${second!.bookingId}` },
    );
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json()).toMatchObject({ status: 'late_cancelled', feeInvoice: null });
    expect(await creditsLeft(member.id, sale.entitlementId!, other)).toMatchObject({ creditsLeft: 0 });
    const invoices = await other.call('GET', `/invoices?memberId=${member.id}`, other.manager);
    expect((invoices.json() as { items: unknown[] }).items).toHaveLength(1);
  });

  it('is hidden from another organisation', async () => {
    const course = await newCourse();
    const res = await other.call('GET', `/short-courses/${course.id}/sessions`, other.desk);
    expect(res.statusCode).toBe(404);
  });
});
