/**
 * Rental classes: an outside teacher (a `client` user with a member record) rents a room; each
 * class takes its hours off the renter's rental package through the ledger, gives them back when
 * cancelled and takes again when changed; members booking it pay the teacher (no credit).
 */
import { addDays } from '@gym/contract/time';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classes, creditPackages, entitlementLedger, rooms } from '../../db/schema/index.ts';
import { clockAt } from '../../lib/clock.ts';
import { type ClassesFixture, classesFixture } from '../../test/classes-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';

let ctx: TestContext;
let f: ClassesFixture;
let other: ClassesFixture;
let outsideTeacherId: string;
let packageSeq = 0;

beforeAll(async () => {
  // A fixed clock: Tuesday 1 December 2026, 10:00 in Hong Kong. The tests' classes are planned from
  // it, so what meets what in the timetable does not depend on the day or the hour they run.
  ctx = await createTestContext({}, { clock: clockAt(new Date('2026-12-01T02:00:00Z')) });
  f = await classesFixture(ctx);
  other = await classesFixture(ctx);
  outsideTeacherId = (await f.org.newUser({ role: 'client' })).id;
});
afterAll(() => ctx?.close());

type Ledger = { kind: string; creditsDelta: number; refType: string | null; refId: string | null }[];

/** A member who bought a rental package of `hours` hours (sold through the sales API). */
async function renterWith(hours: number, fx: ClassesFixture = f) {
  const [pack] = await ctx.database.db
    .insert(creditPackages)
    .values({
      organisationId: fx.org.id,
      name: `Room rental ${hours} h #${++packageSeq}`,
      usage: 'rental',
      credits: hours,
      validityDays: 90,
      priceMinor: 10_000,
    })
    .returning();
  const member = await fx.org.newMember();
  const sale = await fx.call('POST', `/students/${member.id}/sales`, fx.manager, {
    centerId: fx.centerA,
    lines: [{ itemType: 'package', itemId: pack!.id }],
  });
  expect(sale.statusCode, sale.body).toBe(201);
  const entitlementId = (sale.json() as { lines: { entitlementId: string }[] }).lines[0]!.entitlementId;
  return { id: member.id, entitlementId };
}

/** Hours left on the renter's rental package, and its ledger, as the member's entitlements API shows them. */
async function hoursOf(renter: { id: string; entitlementId: string }, fx: ClassesFixture = f) {
  const list = await fx.call('GET', `/students/${renter.id}/entitlements`, fx.desk);
  expect(list.statusCode, list.body).toBe(200);
  const ent = (list.json() as { items: { id: string; creditsLeft: number | null }[] }).items.find(
    (e) => e.id === renter.entitlementId,
  )!;
  const ledger = await fx.call('GET', `/students/${renter.id}/entitlements/${renter.entitlementId}/ledger`, fx.desk);
  expect(ledger.statusCode, ledger.body).toBe(200);
  const rows = (ledger.json() as { items: Ledger }).items.filter((r) => r.refType === 'class');
  return { left: ent.creditsLeft, rows };
}

const rental = (renterId: string, overrides: Record<string, unknown> = {}) => ({
  mode: 'rental',
  renterMemberId: renterId,
  teacherId: outsideTeacherId,
  ...overrides,
});

describe('rental classes', () => {
  it('take the hours off the renter’s rental package as ledger rows naming the class, taught by an outside teacher', async () => {
    const renter = await renterWith(10);
    const made = await f.newClass(rental(renter.id, { durationMinutes: 90, credits: 2 }));
    const id = made.class.id;
    expect(made.class).toMatchObject({
      mode: 'rental',
      renter: { id: renter.id },
      rentalHours: 2,
      credits: 0,
      teacher: { id: outsideTeacherId },
    });
    const { left, rows } = await hoursOf(renter);
    expect(left).toBe(8);
    expect(rows).toEqual([expect.objectContaining({ kind: 'use', creditsDelta: -2, refType: 'class', refId: id })]);
    const listed = await f.call('GET', `/classes?from=${addDays(f.today(), 1)}`, f.desk);
    expect(listed.json().items.find((c: { id: string }) => c.id === id)).toMatchObject({
      mode: 'rental',
      renter: { id: renter.id },
      rentalHours: 2,
    });
  });

  it('are refused on the renter when the hours are short, writing nothing', async () => {
    const renter = await renterWith(1);
    const [room] = await ctx.database.db
      .insert(rooms)
      .values({ organisationId: f.org.id, centerId: f.centerA, name: 'Short room', capacity: 10 })
      .returning();
    const res = await f.call('POST', '/classes', f.manager, {
      centerId: f.centerA,
      roomId: room!.id,
      classTypeId: f.classType.id,
      date: addDays(f.today(), 1),
      startTime: '08:00',
      durationMinutes: 120,
      ...rental(renter.id),
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().fields[0]).toMatchObject({ path: 'renterMemberId', code: 'rental_hours_short' });
    expect(res.json().details).toMatchObject({ needed: 2, left: 1 });
    expect(await ctx.database.db.select().from(classes).where(eq(classes.roomId, room!.id))).toEqual([]);
    expect(await hoursOf(renter)).toEqual({ left: 1, rows: [] });
  });

  it('take their hours per occurrence of a series; a series the package cannot hold is refused whole', async () => {
    const renter = await renterWith(5);
    // Tomorrow is a Wednesday on the fixed clock: a Monday and Thursday series at 19:00 does not meet
    // the first test's class (the same teacher, 18:00 to 19:30 tomorrow), whatever day the tests run.
    const made = await f.newClass(
      rental(renter.id, { startTime: '19:00', durationMinutes: 60, recurrence: { weekdays: [1, 4], count: 4 } }),
    );
    expect(made.created).toBe(4);
    const { left, rows } = await hoursOf(renter);
    expect(left).toBe(1);
    expect(rows).toHaveLength(4);
    expect(new Set(rows.map((r) => r.refId)).size).toBe(4);
    const more = await f.call('POST', '/classes', f.manager, {
      centerId: f.centerA,
      roomId: f.room.id,
      classTypeId: f.classType.id,
      date: addDays(f.today(), 2),
      startTime: '06:00',
      recurrence: { weekdays: [2], count: 2 },
      ...rental(renter.id),
    });
    expect(more.statusCode).toBe(422);
    expect(more.json().details).toMatchObject({ needed: 2, left: 1 });
    expect((await hoursOf(renter)).left).toBe(1);
  });

  it('give the hours back when cancelled, and adjust them when the duration changes', async () => {
    const renter = await renterWith(10);
    const made = await f.newClass(
      rental(renter.id, { startTime: '20:00', durationMinutes: 60, recurrence: { weekdays: [3], count: 3 } }),
    );
    expect((await hoursOf(renter)).left).toBe(7);
    // One class of the series grows to 2½ hours: it takes 3 now.
    const longer = await f.call('PATCH', `/classes/${made.class.id}`, f.manager, {
      durationMinutes: 150,
      scope: 'one',
    });
    expect(longer.statusCode, longer.body).toBe(200);
    expect(longer.json().class.rentalHours).toBe(3);
    let now = await hoursOf(renter);
    expect(now.left).toBe(5);
    const mine = now.rows.filter((r) => r.refId === made.class.id);
    expect(mine.map((r) => [r.kind, r.creditsDelta])).toEqual([
      ['use', -1],
      ['return', 1],
      ['use', -3],
    ]);
    // The whole series back to 45 minutes: 1 hour each.
    const all = await f.call('PATCH', `/classes/${made.class.id}`, f.manager, { durationMinutes: 45, scope: 'all' });
    expect(all.statusCode, all.body).toBe(200);
    expect((await hoursOf(renter)).left).toBe(7);
    // Cancelling this and the following classes gives every hour back.
    const cancel = await f.cancelClass(made.class.id, { scope: 'following' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    now = await hoursOf(renter);
    expect(now.left).toBe(10);
    expect(now.rows.reduce((sum, r) => sum + r.creditsDelta, 0)).toBe(0);
  });

  it('move to another renter, and back in-house, through the ledger', async () => {
    const first = await renterWith(4);
    const second = await renterWith(4);
    const made = await f.newClass(rental(first.id, { startTime: '10:00', durationMinutes: 60 }));
    const moved = await f.call('PATCH', `/classes/${made.class.id}`, f.manager, { renterMemberId: second.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect([(await hoursOf(first)).left, (await hoursOf(second)).left]).toEqual([4, 3]);
    // In-house again: the outside teacher may not teach it.
    const clientTeacher = await f.call('PATCH', `/classes/${made.class.id}`, f.manager, { mode: 'in_house' });
    expect(clientTeacher.statusCode).toBe(404);
    expect(clientTeacher.json().fields[0].path).toBe('teacherId');
    const staffTeacher = (await f.org.newUser({ role: 'trainer' })).id;
    const inHouse = await f.call('PATCH', `/classes/${made.class.id}`, f.manager, {
      mode: 'in_house',
      teacherId: staffTeacher,
    });
    expect(inHouse.statusCode, inHouse.body).toBe(200);
    expect(inHouse.json().class).toMatchObject({ mode: 'in_house', renter: null, rentalHours: null, credits: 1 });
    expect((await hoursOf(second)).left).toBe(4);
  });

  it('are booked by members without a credit: they pay the teacher', async () => {
    const renter = await renterWith(3);
    const made = await f.newClass(rental(renter.id, { startTime: '11:00' }));
    const holder = await f.memberWithCredits();
    const nothing = await f.org.newMember();
    for (const member of [holder, nothing]) {
      const booked = await f.book(member.id, made.class.id);
      expect(booked.statusCode, booked.body).toBe(201);
      expect(booked.json()).toMatchObject({ status: 'booked', paidBy: null, creditsUsed: 0 });
    }
    const used = await ctx.database.db
      .select()
      .from(entitlementLedger)
      .where(and(eq(entitlementLedger.entitlementId, holder.entitlementId), eq(entitlementLedger.kind, 'use')));
    expect(used).toEqual([]);
  });

  it('are refused without a renter, with a renter in-house, with another organisation’s member, and an outside teacher in-house', async () => {
    const base = {
      centerId: f.centerA,
      roomId: f.room.id,
      classTypeId: f.classType.id,
      date: addDays(f.today(), 3),
      startTime: '07:00',
    };
    const noRenter = await f.call('POST', '/classes', f.manager, { ...base, teacherId: f.teacherId, mode: 'rental' });
    expect(noRenter.statusCode).toBe(400);
    expect(noRenter.json().fields).toEqual([
      expect.objectContaining({ path: 'renterMemberId', code: 'renter_required' }),
    ]);
    const renter = await renterWith(2);
    const inHouse = await f.call('POST', '/classes', f.manager, {
      ...base,
      teacherId: f.teacherId,
      renterMemberId: renter.id,
    });
    expect(inHouse.statusCode).toBe(400);
    expect(inHouse.json().fields[0]).toMatchObject({ path: 'renterMemberId', code: 'renter_only_for_rental' });
    const stranger = await renterWith(5, other);
    const foreign = await f.call('POST', '/classes', f.manager, { ...base, ...rental(stranger.id) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().fields[0]).toMatchObject({ path: 'renterMemberId', code: 'not_found' });
    expect((await hoursOf(stranger, other)).left).toBe(5);
    const outsideInHouse = await f.call('POST', '/classes', f.manager, { ...base, teacherId: outsideTeacherId });
    expect(outsideInHouse.statusCode).toBe(404);
    expect(outsideInHouse.json().fields[0].path).toBe('teacherId');
    const clearRenter = await f.newClass(rental(renter.id, { startTime: '12:00' }));
    const cleared = await f.call('PATCH', `/classes/${clearRenter.class.id}`, f.manager, { renterMemberId: null });
    expect(cleared.statusCode).toBe(422);
    expect(cleared.json().fields[0]).toMatchObject({ path: 'renterMemberId', code: 'renter_required' });
  });

  it('never overdraw the package when 20 are created at once by one renter', async () => {
    const renter = await renterWith(7);
    const roomIds = (
      await ctx.database.db
        .insert(rooms)
        .values(
          Array.from({ length: 20 }, (_, i) => ({
            organisationId: f.org.id,
            centerId: f.centerA,
            name: `Parallel ${i}`,
            capacity: 10,
          })),
        )
        .returning()
    ).map((r) => r.id);
    const date = addDays(f.today(), 5);
    const answers = await Promise.all(
      roomIds.map((roomId, i) =>
        f.call('POST', '/classes', f.manager, {
          centerId: f.centerA,
          roomId,
          classTypeId: f.classType.id,
          date,
          startTime: `${String(8 + (i % 10)).padStart(2, '0')}:${i < 10 ? '00' : '30'}`,
          durationMinutes: 30,
          ...rental(renter.id, { teacherId: undefined }),
          teacherId: i % 2 === 0 ? outsideTeacherId : f.teacherId,
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(7);
    for (const refused of answers.filter((a) => a.statusCode !== 201)) {
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().fields[0].code).toBe('rental_hours_short');
    }
    const { left, rows } = await hoursOf(renter);
    expect(left).toBe(0);
    expect(rows).toHaveLength(7);
  });
});
