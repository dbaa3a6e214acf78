import { addDays } from '@gym/contract/time';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  centers,
  classes,
  classSeries,
  classTypes,
  domainEvents,
  entitlementLedger,
  members,
  outboxEmails,
  rooms,
} from '../../db/schema/index.ts';
import { type ClassesFixture, classesFixture } from '../../test/classes-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { expandDates } from './recurrence.ts';

let ctx: TestContext;
let f: ClassesFixture;
let lisbon: ClassesFixture;

type Item = { id: string; date: string; startTime: string; startsAt: string; seriesId: string | null };

beforeAll(async () => {
  ctx = await createTestContext();
  f = await classesFixture(ctx);
  lisbon = await classesFixture(ctx, { timeZone: 'Europe/Lisbon' });
});
afterAll(() => ctx?.close());

const list = async (fx: ClassesFixture, query: string) => {
  const res = await fx.call('GET', `/classes?${query}`, fx.desk);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: (Item & Record<string, unknown>)[]; total: number };
};

describe('class types', () => {
  it('are created, listed, edited and deactivated; a taken name is refused naming the field', async () => {
    const created = await f.call('POST', '/class-types', f.manager, {
      name: 'Spin',
      colour: '#ff0000',
      durationMinutes: 45,
      capacity: 12,
      credits: 2,
      membershipPlanIds: [f.cat.monthly.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const spin = created.json();
    expect(spin).toMatchObject({ name: 'Spin', credits: 2, membershipPlanIds: [f.cat.monthly.id], active: true });
    const again = await f.call('POST', '/class-types', f.manager, {
      name: 'spin',
      colour: '#ff0000',
      durationMinutes: 45,
      capacity: 12,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().fields[0].path).toBe('name');
    const off = await f.call('PATCH', `/class-types/${spin.id}`, f.manager, { active: false });
    expect(off.json().active).toBe(false);
    const active = await f.call('GET', '/class-types?status=active', f.desk);
    expect(active.json().items.map((t: { name: string }) => t.name)).not.toContain('Spin');
    // A deactivated type plans no new class.
    const refused = await f.call('POST', '/classes', f.manager, {
      centerId: f.centerA,
      roomId: f.room.id,
      teacherId: f.teacherId,
      classTypeId: spin.id,
      date: f.today(),
      startTime: '10:00',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().fields[0]).toMatchObject({ path: 'classTypeId', code: 'type_inactive' });
    const on = await f.call('PATCH', `/class-types/${spin.id}`, f.manager, { active: true });
    expect(on.json().active).toBe(true);
  });

  it('refuse bad input naming the field and write nothing; a trainer may not create one', async () => {
    const { db } = ctx.database;
    const before = await db.select().from(classTypes).where(eq(classTypes.organisationId, f.org.id));
    const bad = await f.call('POST', '/class-types', f.manager, {
      name: 'Pilates',
      colour: 'green',
      durationMinutes: 60,
      capacity: 10,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.map((x: { path: string }) => x.path)).toEqual(['colour']);
    const zero = await f.call('POST', '/class-types', f.manager, {
      name: 'Pilates',
      colour: '#00ff00',
      durationMinutes: 60,
      capacity: 0,
    });
    expect(zero.json().fields.map((x: { path: string }) => x.path)).toEqual(['capacity']);
    const desk = await f.call('POST', '/class-types', f.teacher, {
      name: 'Pilates',
      colour: '#00ff00',
      durationMinutes: 60,
      capacity: 10,
    });
    expect(desk.statusCode).toBe(403);
    const after = await db.select().from(classTypes).where(eq(classTypes.organisationId, f.org.id));
    expect(after.length).toBe(before.length);
  });
});

describe('recurrence', () => {
  it('keeps 18:00 on the wall clock of a Lisbon centre across the change to summer time', async () => {
    // Lisbon moves from UTC+0 to UTC+1 on Sunday 28 March 2027.
    const made = await lisbon.newClass({
      date: '2027-03-15',
      startTime: '18:00',
      recurrence: { weekdays: [1, 4], until: '2027-04-05' },
    });
    expect(made.created).toBe(7);
    const { items } = await list(lisbon, 'from=2027-03-15&to=2027-04-05');
    expect(items.map((c) => c.date)).toEqual([
      '2027-03-15',
      '2027-03-18',
      '2027-03-22',
      '2027-03-25',
      '2027-03-29',
      '2027-04-01',
      '2027-04-05',
    ]);
    expect(new Set(items.map((c) => c.startTime))).toEqual(new Set(['18:00']));
    expect(items.map((c) => c.startsAt.slice(11, 16))).toEqual([
      '18:00',
      '18:00',
      '18:00',
      '18:00',
      '17:00',
      '17:00',
      '17:00',
    ]);
    // And back to winter time on 31 October 2027.
    await lisbon.newClass({ date: '2027-10-28', startTime: '18:00', recurrence: { weekdays: [4], count: 2 } });
    const autumn = await list(lisbon, 'from=2027-10-28&to=2027-11-04');
    expect(autumn.items.map((c) => [c.date, c.startTime, c.startsAt.slice(11, 16)])).toEqual([
      ['2027-10-28', '18:00', '17:00'],
      ['2027-11-04', '18:00', '18:00'],
    ]);
  });

  it('walks across month and year ends and a leap day; counts before leaving out exceptions; every other week', () => {
    expect(expandDates('2027-12-27', { weekdays: [5], everyWeeks: 1, count: 3, until: null, exceptions: [] })).toEqual([
      '2027-12-31',
      '2028-01-07',
      '2028-01-14',
    ]);
    expect(
      expandDates('2028-02-27', {
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        everyWeeks: 1,
        count: 4,
        until: null,
        exceptions: ['2028-02-29'],
      }),
    ).toEqual(['2028-02-27', '2028-02-28', '2028-03-01']);
    expect(
      expandDates('2027-01-25', { weekdays: [1], everyWeeks: 2, until: '2027-03-08', count: null, exceptions: [] }),
    ).toEqual(['2027-01-25', '2027-02-08', '2027-02-22', '2027-03-08']);
  });

  it('plans a series over a month end through the API, exceptions left out', async () => {
    const made = await f.newClass({
      date: '2027-01-29',
      startTime: '07:00',
      recurrence: { weekdays: [5], count: 3, exceptions: ['2027-02-05'] },
    });
    expect(made.created).toBe(2);
    const { items } = await list(f, 'from=2027-01-29&to=2027-02-28');
    expect(items.filter((c) => c.seriesId === made.seriesId).map((c) => c.date)).toEqual(['2027-01-29', '2027-02-12']);
  });

  it('refuses a rule without an end, or with both ends, naming the field; nothing written', async () => {
    const { db } = ctx.database;
    const before = (await db.select().from(classes).where(eq(classes.organisationId, f.org.id))).length;
    const res = await f.call('POST', '/classes', f.manager, {
      centerId: f.centerA,
      roomId: f.room.id,
      teacherId: f.teacherId,
      classTypeId: f.classType.id,
      date: '2027-05-03',
      startTime: '09:00',
      recurrence: { weekdays: [1] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0].path).toBe('recurrence.until');
    const badTime = await f.call('POST', '/classes', f.manager, {
      centerId: f.centerA,
      roomId: f.room.id,
      teacherId: f.teacherId,
      classTypeId: f.classType.id,
      date: '2027-05-03',
      startTime: '25:00',
    });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json().fields[0].path).toBe('startTime');
    expect((await db.select().from(classes).where(eq(classes.organisationId, f.org.id))).length).toBe(before);
  });
});

describe('editing a series', () => {
  it('"this and following" splits the series: earlier classes keep the old time and series', async () => {
    const made = await f.newClass({ date: '2027-06-07', startTime: '18:00', recurrence: { weekdays: [1], count: 6 } });
    const before = (await list(f, 'from=2027-06-07&to=2027-07-12')).items.filter((c) => c.seriesId === made.seriesId);
    expect(before).toHaveLength(6);
    const third = before[2]!;
    const res = await f.call('PATCH', `/classes/${third.id}`, f.manager, {
      scope: 'following',
      startTime: '19:30',
      capacity: 15,
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.updated).toBe(4);
    expect(answer.seriesId).not.toBe(made.seriesId);
    const after = (await list(f, 'from=2027-06-07&to=2027-07-12')).items.filter((c) =>
      [made.seriesId, answer.seriesId].includes(c.seriesId),
    );
    expect(after.map((c) => [c.date, c.startTime, c.seriesId === made.seriesId ? 'old' : 'new', c.capacity])).toEqual([
      ['2027-06-07', '18:00', 'old', 20],
      ['2027-06-14', '18:00', 'old', 20],
      ['2027-06-21', '19:30', 'new', 15],
      ['2027-06-28', '19:30', 'new', 15],
      ['2027-07-05', '19:30', 'new', 15],
      ['2027-07-12', '19:30', 'new', 15],
    ]);
    const [old] = await ctx.database.db.select().from(classSeries).where(eq(classSeries.id, made.seriesId!));
    expect(old).toMatchObject({ untilDate: '2027-06-20', count: null });
    const [next] = await ctx.database.db.select().from(classSeries).where(eq(classSeries.id, answer.seriesId));
    expect(next).toMatchObject({ firstDate: '2027-06-21', count: 4, startTime: '19:30', splitFrom: made.seriesId });

    // "One" moves a single class; "all" changes every class of the (new) series not started.
    const one = await f.call('PATCH', `/classes/${after[3]!.id}`, f.manager, { scope: 'one', date: '2027-06-29' });
    expect(one.json().class).toMatchObject({ date: '2027-06-29', startTime: '19:30' });
    const all = await f.call('PATCH', `/classes/${after[4]!.id}`, f.manager, { scope: 'all', capacity: 10 });
    expect(all.json().updated).toBe(4);
    const final = (await list(f, 'from=2027-06-07&to=2027-07-12')).items.filter((c) => c.seriesId === answer.seriesId);
    expect(final.map((c) => c.capacity)).toEqual([10, 10, 10, 10]);
    // A date move is for one class only.
    const refused = await f.call('PATCH', `/classes/${after[4]!.id}`, f.manager, { scope: 'all', date: '2027-07-06' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().fields[0]).toMatchObject({ path: 'date', code: 'date_only_for_one' });
  });

  it('a new rule for "all" re-plans the dates from the class on', async () => {
    const made = await f.newClass({ date: '2027-09-06', startTime: '08:00', recurrence: { weekdays: [1], count: 3 } });
    const res = await f.call('PATCH', `/classes/${made.class.id}`, f.manager, {
      scope: 'all',
      recurrence: { weekdays: [1, 3], count: 4 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { items } = await list(f, 'from=2027-09-06&to=2027-09-30');
    expect(items.filter((c) => c.seriesId === made.seriesId).map((c) => c.date)).toEqual([
      '2027-09-06',
      '2027-09-08',
      '2027-09-13',
      '2027-09-15',
    ]);
  });

  it('refuses a capacity below the places taken', async () => {
    const made = await f.newClass({ capacity: 2 });
    const a = await f.memberWithCredits();
    const b = await f.memberWithCredits();
    expect((await f.book(a.id, made.class.id)).statusCode).toBe(201);
    expect((await f.book(b.id, made.class.id)).statusCode).toBe(201);
    const res = await f.call('PATCH', `/classes/${made.class.id}`, f.manager, { capacity: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields[0]).toMatchObject({ path: 'capacity', code: 'capacity_below_bookings' });
  });
});

describe('more places', () => {
  it('raising the capacity moves the waitlist up at once', async () => {
    const made = await f.newClass({ capacity: 1 });
    const a = await f.memberWithCredits();
    const b = await f.memberWithCredits();
    await f.book(a.id, made.class.id);
    const waiting = (await f.book(b.id, made.class.id)).json();
    expect(waiting.status).toBe('waitlisted');
    const res = await f.call('PATCH', `/classes/${made.class.id}`, f.manager, { capacity: 2 });
    expect(res.json().class).toMatchObject({ capacity: 2, booked: 2, waitlisted: 0 });
    const list = (await f.call('GET', `/bookings?class=${made.class.id}`, f.desk)).json().items;
    expect(list.find((x: { id: string }) => x.id === waiting.id)).toMatchObject({ status: 'booked', creditsUsed: 1 });
  });
});

describe('a class’s places and its room’s', () => {
  const ptRoom = async (capacity = 4) =>
    (
      await ctx.database.db
        .insert(rooms)
        .values({
          organisationId: f.org.id,
          centerId: f.centerA,
          name: `PT Room ${capacity}-${Math.random()}`,
          capacity,
        })
        .returning()
    )[0]!;

  it('a class is not created with more places than its room; the type’s default fits itself to the room', async () => {
    const room = await ptRoom();
    const date = addDays(f.today(), 8);
    const before = await ctx.database.db.$count(classes, eq(classes.roomId, room.id));
    const res = await f.call('POST', '/classes', f.manager, {
      centerId: f.centerA,
      roomId: room.id,
      teacherId: f.teacherId,
      classTypeId: f.classType.id,
      date,
      startTime: '07:00',
      capacity: 100,
      recurrence: { weekdays: [1, 3], everyWeeks: 1, count: 4 },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().fields[0]).toMatchObject({ path: 'capacity', code: 'capacity_over_room' });
    expect(res.json().details).toMatchObject({ places: 4 });
    expect(await ctx.database.db.$count(classes, eq(classes.roomId, room.id))).toBe(before);
    // No capacity given: the type's 20 becomes the room's 4.
    const fitted = await f.newClass({ roomId: room.id, date, startTime: '07:00' });
    expect(fitted.class).toMatchObject({ capacity: 4 });
  });

  it('raising a capacity past the room is refused and moves nobody up from the waitlist', async () => {
    const room = await ptRoom();
    await f.setConfig({ classFullRule: 'waitlist' });
    const made = await f.newClass({ roomId: room.id, capacity: 4, date: addDays(f.today(), 9) });
    const people = [];
    for (let i = 0; i < 6; i++) people.push(await f.memberWithCredits());
    const answers = [];
    for (const p of people) answers.push((await f.book(p.id, made.class.id)).json().status);
    expect(answers).toEqual(['booked', 'booked', 'booked', 'booked', 'waitlisted', 'waitlisted']);
    const res = await f.call('PATCH', `/classes/${made.class.id}`, f.manager, { capacity: 500 });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().fields[0]).toMatchObject({ path: 'capacity', code: 'capacity_over_room' });
    const after = (await f.call('GET', `/classes/${made.class.id}`, f.desk)).json();
    expect(after).toMatchObject({ capacity: 4, booked: 4, waitlisted: 2 });
  });

  it('a room made smaller since bounds the bookings; a class moved to a smaller room takes its places', async () => {
    const room = await ptRoom(6);
    const made = await f.newClass({ roomId: room.id, capacity: 6, date: addDays(f.today(), 10) });
    await ctx.database.db.update(rooms).set({ capacity: 2 }).where(eq(rooms.id, room.id));
    const answers = [];
    for (let i = 0; i < 3; i++)
      answers.push((await f.book((await f.memberWithCredits()).id, made.class.id)).json().status);
    expect(answers).toEqual(['booked', 'booked', 'waitlisted']);

    const big = await f.newClass({ capacity: 20, date: addDays(f.today(), 10), startTime: '09:00' });
    const small = await ptRoom(4);
    const moved = await f.call('PATCH', `/classes/${big.class.id}`, f.manager, { scope: 'one', roomId: small.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().class).toMatchObject({ capacity: 4 });
  });
});

describe('the class list', () => {
  it('filters by date range, room, teacher and type, counts bookings and the waitlist, and exports', async () => {
    const day = addDays(f.today(), 3);
    const mine = { roomId: f.room.id, teacherId: f.teacherId };
    const made = await f.newClass({ date: day, startTime: '12:00', capacity: 1, ...mine });
    await f.newClass({ date: day, startTime: '13:00', ...mine });
    const a = await f.memberWithCredits();
    const b = await f.memberWithCredits();
    await f.book(a.id, made.class.id);
    const waiting = await f.book(b.id, made.class.id);
    expect(waiting.json().status).toBe('waitlisted');
    const { items } = await list(
      f,
      `from=${day}&to=${day}&room=${f.room.id}&teacher=${f.teacherId}&type=${f.classType.id}`,
    );
    expect(items.map((c) => [c.startTime, c.booked, c.capacity, c.waitlisted])).toEqual([
      ['12:00', 1, 1, 1],
      ['13:00', 0, 20, 0],
    ]);
    expect(items[0]).toMatchObject({ room: { name: 'Studio 1' }, type: { name: 'Yoga', colour: '#22aa66' } });
    const none = await list(f, `from=${day}&to=${day}&room=${f.org.centers[1]!.id}`);
    expect(none.items).toEqual([]);
    const csv = await f.call('GET', `/classes/export?from=${day}&to=${day}&format=csv`, f.desk);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('12:00');
    expect(csv.body).toContain('Yoga');
    const xlsx = await f.call('GET', `/classes/export?from=${day}&to=${day}&format=xlsx`, f.desk);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
  });

  it('answers 404 for another organisation’s class, type, room and centre, and hides its classes', async () => {
    const other = await classesFixture(ctx);
    const theirs = await other.newClass();
    expect((await f.call('GET', `/classes/${theirs.class.id}`, f.desk)).statusCode).toBe(404);
    expect((await f.call('PATCH', `/classes/${theirs.class.id}`, f.manager, { capacity: 5 })).statusCode).toBe(404);
    expect((await f.call('POST', `/classes/${theirs.class.id}/cancel`, f.manager, {})).statusCode).toBe(404);
    expect((await f.call('GET', `/class-types/${other.classType.id}`, f.desk)).statusCode).toBe(404);
    const cross = await f.call('POST', '/classes', f.manager, {
      centerId: f.centerA,
      roomId: other.room.id,
      teacherId: f.teacherId,
      classTypeId: f.classType.id,
      date: f.today(),
      startTime: '10:00',
    });
    expect(cross.statusCode).toBe(404);
    expect(cross.json().fields[0].path).toBe('roomId');
    const mine = await list(f, `from=${addDays(f.today(), 1)}&to=${addDays(f.today(), 1)}`);
    expect(mine.items.map((c) => c.id)).not.toContain(theirs.class.id);
  });
});

describe('cancelling a class', () => {
  it('cancels its bookings, returns the credits through the ledger and tells each booked member', async () => {
    const made = await f.newClass({ capacity: 1 });
    const a = await f.memberWithCredits({ email: `a-${made.class.id.slice(0, 8)}@example.test` });
    const b = await f.memberWithCredits({ email: `b-${made.class.id.slice(0, 8)}@example.test` });
    // Each member is written to in their own language.
    await ctx.database.db.update(members).set({ language: 'de' }).where(eq(members.id, b.id));
    const booked = (await f.book(a.id, made.class.id)).json();
    const waiting = (await f.book(b.id, made.class.id)).json();
    expect([booked.status, waiting.status]).toEqual(['booked', 'waitlisted']);
    const res = await f.cancelClass(made.class.id, { reason: 'Teacher ill' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ cancelledClasses: 1, cancelledBookings: 2, creditsReturned: 1 });
    const rows = await ctx.database.db
      .select()
      .from(entitlementLedger)
      .where(and(eq(entitlementLedger.entitlementId, a.entitlementId), eq(entitlementLedger.refId, booked.id)));
    expect(rows.map((r) => [r.kind, r.creditsDelta])).toEqual([
      ['use', -1],
      ['return', 1],
    ]);
    const events = await ctx.database.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.organisationId, f.org.id), eq(domainEvents.type, 'class.cancelled')));
    expect(events.map((e) => e.payload.memberId).sort()).toEqual([a.id, b.id].sort());
    // Delivered: the member with an address gets an e-mail in the mail outbox.
    await ctx.deps.outbox.drain();
    const mailTo = async (who: string) =>
      (
        await ctx.database.db
          .select()
          .from(outboxEmails)
          .where(eq(outboxEmails.to, `${who}-${made.class.id.slice(0, 8)}@example.test`))
      ).map((m) => m.subject);
    expect(await mailTo('a')).toEqual([expect.stringContaining('Class cancelled: Yoga')]);
    expect(await mailTo('b')).toEqual([expect.stringContaining('Kurs abgesagt: Yoga')]);
    // Other desks of the centre hear that its timetable changed (their lists and calendars refresh).
    const changes = await ctx.database.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'class.changed'), sql`${domainEvents.payload}->'classIds' ? ${made.class.id}`))
      .orderBy(domainEvents.seq);
    expect(changes.map((e) => [e.centerId, e.payload.change])).toEqual([
      [f.centerA, 'created'],
      [f.centerA, 'cancelled'],
    ]);
    const after = await f.call('GET', `/bookings?class=${made.class.id}`, f.desk);
    expect(after.json().items.map((x: { status: string }) => x.status)).toEqual(['cancelled', 'cancelled']);
    expect((await f.call('GET', `/classes/${made.class.id}`, f.desk)).json().status).toBe('cancelled');
    // Booking a cancelled class is refused.
    const c = await f.memberWithCredits();
    const late = await f.book(c.id, made.class.id);
    expect(late.statusCode).toBe(422);
    expect(late.json().fields[0].code).toBe('class_cancelled');
  });
});

describe('the timetable', () => {
  it('refuses a room or a teacher in two classes at once, naming the class in the way; nothing is written', async () => {
    const day = addDays(f.today(), 4);
    const mine = { roomId: f.room.id, teacherId: f.teacherId };
    const first = await f.newClass({ date: day, startTime: '09:00', ...mine });
    const countOn = async () =>
      (
        await ctx.database.db
          .select()
          .from(classes)
          .where(and(eq(classes.organisationId, f.org.id), eq(classes.businessDate, day)))
      ).length;
    const before = await countOn();

    const sameRoom = await f.call('POST', '/classes', f.manager, {
      centerId: f.centerA,
      roomId: f.room.id,
      teacherId: (await f.org.newUser({ role: 'trainer' })).id,
      classTypeId: f.classType.id,
      date: day,
      startTime: '09:30',
    });
    expect(sameRoom.statusCode, sameRoom.body).toBe(409);
    expect(sameRoom.json().fields[0]).toMatchObject({ path: 'roomId', code: 'room_busy' });
    expect(sameRoom.json().details.conflict).toMatchObject({
      classId: first.class.id,
      name: 'Yoga',
      date: day,
      startTime: '09:00',
      room: { name: 'Studio 1' },
    });

    // The same teacher in another room, as a weekly series whose first class clashes: no class of it is kept.
    const sameTeacher = await f
      .newClass({
        date: day,
        startTime: '08:30',
        teacherId: f.teacherId,
        recurrence: { weekdays: [1, 2, 3, 4, 5, 6, 7], count: 3 },
      })
      .catch((e: Error) => e);
    expect(String(sameTeacher)).toMatch(/teacher_busy/);
    expect(await countOn()).toBe(before);

    // Back to back is not a clash.
    const next = await f.newClass({ date: day, startTime: '10:00', ...mine });
    expect(next.class.id).toBeTruthy();
  });

  it('refuses a move onto a busy room or outside opening hours, and leaves the class where it was', async () => {
    const day = addDays(f.today(), 5);
    const other = await f.newClass({ date: day, startTime: '07:00', roomId: f.room.id });
    const moving = await f.newClass({ date: day, startTime: '11:00' });
    const move = await f.call('PATCH', `/classes/${moving.class.id}`, f.manager, {
      scope: 'one',
      startTime: '07:30',
      roomId: f.room.id,
    });
    expect(move.statusCode, move.body).toBe(409);
    expect(move.json().details.conflict).toMatchObject({ classId: other.class.id, startTime: '07:00' });

    // Opening hours of the centre: 06:00 to 22:00 every day.
    await ctx.database.db
      .update(centers)
      .set({
        openingHours: [0, 1, 2, 3, 4, 5, 6].map((d) => ({ day: d, closed: false, open: '06:00', close: '22:00' })),
      })
      .where(eq(centers.id, f.centerA));
    try {
      const late = await f.call('PATCH', `/classes/${moving.class.id}`, f.manager, {
        scope: 'one',
        startTime: '21:30',
      });
      expect(late.statusCode, late.body).toBe(409);
      expect(late.json().fields[0]).toMatchObject({ path: 'startTime', code: 'outside_opening_hours' });
    } finally {
      await ctx.database.db.update(centers).set({ openingHours: [] }).where(eq(centers.id, f.centerA));
    }
    const [still] = await ctx.database.db.select().from(classes).where(eq(classes.id, moving.class.id));
    expect(still!.startTime).toBe('11:00');
  });

  it('refuses a room with fewer places than the members booked', async () => {
    const made = await f.newClass({ date: addDays(f.today(), 6), startTime: '12:00' });
    for (let i = 0; i < 3; i++) {
      const m = await f.memberWithCredits();
      expect((await f.book(m.id, made.class.id)).statusCode).toBe(201);
    }
    const [small] = await ctx.database.db
      .insert(rooms)
      .values({ organisationId: f.org.id, centerId: f.centerA, name: 'Small room', capacity: 2 })
      .returning();
    const res = await f.call('PATCH', `/classes/${made.class.id}`, f.manager, { scope: 'one', roomId: small!.id });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().fields[0]).toMatchObject({ path: 'roomId', code: 'room_too_small' });
  });
});
