import { readFileSync } from 'node:fs';
import { PT_LIMITS } from '@gym/contract/pt';
import { addDays } from '@gym/contract/time';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  commissionEntries,
  commissionRules,
  creditPackages,
  entitlementLedger,
  entitlementState,
  invoiceLines,
  invoices,
  ptSessions,
  rooms,
} from '../../db/schema/index.ts';
import { type ClassesFixture, classesFixture } from '../../test/classes-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { foldLedger, type LedgerRow } from '../entitlements/entitlement-state.ts';
import { stateOf } from '../entitlements/index.ts';

let ctx: TestContext;
let f: ClassesFixture;
let ptPackageId: string;
let roomSeq = 0;

const ALL_WEEK = [1, 2, 3, 4, 5, 6, 7];

/** The fixture's `call` speaks GET, POST and PATCH; the rota also uses PUT and DELETE. */
const send = (method: 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1/pro${url}`, headers, payload });

async function setup(fixture: ClassesFixture) {
  const [pack] = await ctx.database.db
    .insert(creditPackages)
    .values({
      organisationId: fixture.org.id,
      name: `PT 5 sessions ${fixture.org.initial}`,
      usage: 'pt',
      credits: 5,
      validityDays: 90,
      priceMinor: 50_000,
    })
    .returning();
  return pack!.id;
}

/** A trainer of centre A working `start`–`end` every day (a trainer of their own, so tests never share a timetable). */
async function newTrainer(start = '07:00', end = '21:00', fixture = f) {
  const user = await fixture.org.newUser({ role: 'trainer' });
  const res = await send('PUT', `/trainers/${user.id}/hours`, fixture.manager, {
    hours: ALL_WEEK.map((weekday) => ({ centerId: fixture.centerA, weekday, start, end })),
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return { id: user.id, headers: ctx.bearer(await user.login()) };
}

async function newRoom(fixture = f) {
  const [room] = await ctx.database.db
    .insert(rooms)
    .values({ organisationId: fixture.org.id, centerId: fixture.centerA, name: `PT room ${++roomSeq}`, capacity: 4 })
    .returning();
  return room!.id;
}

/** A member holding the PT package of 5 sessions (sold through the sales API); answers the entitlement id. */
async function ptMember(fixture = f, packageId = ptPackageId) {
  const member = await fixture.org.newMember();
  const sale = await fixture.call('POST', `/students/${member.id}/sales`, fixture.manager, {
    centerId: fixture.centerA,
    lines: [{ itemType: 'package', itemId: packageId }],
  });
  if (sale.statusCode !== 201) throw new Error(sale.body);
  return {
    memberId: member.id,
    entitlementId: (sale.json() as { lines: { entitlementId: string }[] }).lines[0]!.entitlementId,
  };
}

let keySeq = 0;
const book = (body: Record<string, unknown>, headers = f.desk, fixture = f) =>
  fixture.call(
    'POST',
    '/pt-sessions',
    headers,
    { centerId: fixture.centerA, date: addDays(fixture.today(), 1), durationMinutes: 60, ...body },
    { 'idempotency-key': `pt-${++keySeq}` },
  );
const act = (
  id: string,
  action: 'complete' | 'cancel' | 'no-show',
  headers = f.desk,
  key = `${action}-${id}-${++keySeq}`,
) =>
  f.call('POST', `/pt-sessions/${id}/${action}`, headers, action === 'cancel' ? {} : undefined, {
    'idempotency-key': key,
  });
const pkg = async (entitlementId: string) => (await f.call('GET', `/pt-packages/${entitlementId}`, f.desk)).json();
const usesOf = (sessionId: string) =>
  ctx.database.db
    .select()
    .from(entitlementLedger)
    .where(
      and(
        eq(entitlementLedger.refType, 'pt_session'),
        eq(entitlementLedger.refId, sessionId),
        eq(entitlementLedger.kind, 'use'),
      ),
    );
const ledgerOf = (sessionId: string) =>
  ctx.database.db
    .select()
    .from(entitlementLedger)
    .where(and(eq(entitlementLedger.refType, 'pt_session'), eq(entitlementLedger.refId, sessionId)));
const stateOfPackage = async (entitlementId: string) =>
  (await ctx.database.db.select().from(entitlementState).where(eq(entitlementState.entitlementId, entitlementId)))[0]!;
const creditsLeft = async (entitlementId: string) =>
  (await ctx.database.db.select().from(entitlementState).where(eq(entitlementState.entitlementId, entitlementId)))[0]!
    .creditsLeft;

beforeAll(async () => {
  ctx = await createTestContext();
  f = await classesFixture(ctx);
  ptPackageId = await setup(f);
});
afterAll(() => ctx?.close());

describe('booking inside the trainer’s hours', () => {
  it('books inside working hours, refuses outside them and on a day off; a booked session holds a credit', async () => {
    const trainer = await newTrainer('07:00', '21:00');
    const m = await ptMember();
    const ok = await book({ entitlementId: m.entitlementId, trainerId: trainer.id, startTime: '10:00' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ status: 'booked', startTime: '10:00', endTime: '11:00', creditUsed: false });
    const early = await book({ entitlementId: m.entitlementId, trainerId: trainer.id, startTime: '06:30' });
    expect(early.statusCode).toBe(422);
    expect(early.json().fields[0]).toMatchObject({ path: 'startTime', code: 'outside_trainer_hours' });
    const overEnd = await book({ entitlementId: m.entitlementId, trainerId: trainer.id, startTime: '20:30' });
    expect(overEnd.json().fields[0].code).toBe('outside_trainer_hours');

    const offDay = addDays(f.today(), 3);
    const off = await f.call('POST', `/trainers/${trainer.id}/days-off`, f.manager, {
      from: offDay,
      to: offDay,
      note: 'Course',
    });
    expect(off.statusCode, off.body).toBe(201);
    const onDayOff = await book({
      entitlementId: m.entitlementId,
      trainerId: trainer.id,
      startTime: '10:00',
      date: offDay,
    });
    expect(onDayOff.statusCode).toBe(422);
    expect(onDayOff.json().fields[0]).toMatchObject({ path: 'date', code: 'trainer_day_off' });
    expect((await send('DELETE', `/trainers/${trainer.id}/days-off/${off.json().id}`, f.manager)).statusCode).toBe(204);
    const after = await book({
      entitlementId: m.entitlementId,
      trainerId: trainer.id,
      startTime: '10:00',
      date: offDay,
    });
    expect(after.statusCode, after.body).toBe(201);

    // Nothing is used by booking; each booked session holds one of the 5 credits.
    expect(await creditsLeft(m.entitlementId)).toBe(5);
    expect((await pkg(m.entitlementId)).credits).toEqual({ total: 5, used: 0, booked: 2, remaining: 5, bookable: 3 });
  });

  it('refuses a class package and a session of a trainer who does not work there', async () => {
    const classPack = await f.memberWithCredits();
    const trainer = await newTrainer();
    const wrong = await book({ entitlementId: classPack.entitlementId, trainerId: trainer.id, startTime: '10:00' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().fields[0]).toMatchObject({ path: 'entitlementId', code: 'not_pt_package' });
    const elsewhere = await f.org.newUser({ role: 'trainer', centerIds: [f.org.centers[1]!.id] });
    const m = await ptMember();
    const res = await book({ entitlementId: m.entitlementId, trainerId: elsewhere.id, startTime: '10:00' });
    expect(res.json().fields[0]).toMatchObject({ path: 'trainerId', code: 'not_a_trainer' });
  });

  it('no more sessions are booked than the package has credits', async () => {
    const trainer = await newTrainer();
    const m = await ptMember();
    const times = ['08:00', '09:00', '10:00', '11:00', '12:00', '13:00'];
    const date = addDays(f.today(), 4);
    const answers = [];
    for (const startTime of times)
      answers.push(await book({ entitlementId: m.entitlementId, trainerId: trainer.id, startTime, date }));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201, 422]);
    expect(answers[5]!.json().fields[0]).toMatchObject({ path: 'entitlementId', code: 'no_credit_left' });
    // Cancelling one early frees its credit for another booking.
    expect((await act(answers[0]!.json().id, 'cancel')).json().status).toBe('cancelled');
    expect(
      (await book({ entitlementId: m.entitlementId, trainerId: trainer.id, startTime: '13:00', date })).statusCode,
    ).toBe(201);
  });

  it('five desks booking the last two credits at once: two sessions, three refusals', async () => {
    const m = await ptMember();
    const trainers = [];
    for (let i = 0; i < 5; i++) trainers.push(await newTrainer());
    const first = [];
    for (const t of trainers.slice(0, 3))
      first.push(await book({ entitlementId: m.entitlementId, trainerId: t.id, startTime: '08:00' }));
    expect(first.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    const answers = await Promise.all(
      trainers.map((t) => book({ entitlementId: m.entitlementId, trainerId: t.id, startTime: '15:00' })),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(2);
    expect(answers.filter((a) => a.statusCode === 422)).toHaveLength(3);
  });
});

describe('the credit a booked session holds', () => {
  it('is a ledger row: an any-use package’s booked credits pay no class; a cancel in time frees one', async () => {
    const [anyPack] = await ctx.database.db
      .insert(creditPackages)
      .values({
        organisationId: f.org.id,
        name: 'Any 2',
        usage: 'any',
        credits: 2,
        validityDays: 90,
        priceMinor: 20_000,
      })
      .returning();
    const m = await ptMember(f, anyPack!.id);
    const trainer = await newTrainer();
    const ids: string[] = [];
    // The day after tomorrow: a cancel is in time (12 h before) whatever the hour the test runs at.
    for (const startTime of ['09:00', '11:00']) {
      const res = await book({
        entitlementId: m.entitlementId,
        trainerId: trainer.id,
        startTime,
        date: addDays(f.today(), 2),
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }
    expect((await ledgerOf(ids[0]!)).map((r) => [r.kind, r.heldDelta, r.creditsDelta])).toEqual([['hold', 1, 0]]);
    expect(await stateOfPackage(m.entitlementId)).toMatchObject({ creditsLeft: 2, creditsHeld: 2 });
    expect((await pkg(m.entitlementId)).credits).toMatchObject({ remaining: 2, booked: 2, bookable: 0 });

    // Both credits are held: a class the member books is not paid with them.
    const cls = await f.newClass();
    const refused = await f.book(m.memberId, cls.class.id);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(await stateOfPackage(m.entitlementId)).toMatchObject({ creditsLeft: 2, creditsHeld: 2 });

    // Cancelled in time, a session frees its credit (a `release` row): the class takes it.
    expect((await act(ids[0]!, 'cancel')).statusCode).toBe(200);
    expect((await ledgerOf(ids[0]!)).map((r) => r.kind)).toEqual(['hold', 'release']);
    const booked = await f.book(m.memberId, cls.class.id, 'any-pack-class-2');
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json()).toMatchObject({ paidBy: 'package' });
    expect(await stateOfPackage(m.entitlementId)).toMatchObject({ creditsLeft: 1, creditsHeld: 1 });

    // Done, the other session spends the credit it held: one `use` row taking the credit and its hold.
    await ctx.database.db
      .update(ptSessions)
      .set({ startsAt: new Date(Date.now() - 60 * 60_000), endsAt: new Date(), businessDate: f.today() })
      .where(eq(ptSessions.id, ids[1]!));
    const done = await act(ids[1]!, 'complete');
    expect(done.statusCode, done.body).toBe(200);
    expect((await ledgerOf(ids[1]!)).map((r) => [r.kind, r.heldDelta, r.creditsDelta])).toEqual([
      ['hold', 1, 0],
      ['use', -1, -1],
    ]);
    expect(await stateOfPackage(m.entitlementId)).toMatchObject({ creditsLeft: 0, creditsHeld: 0 });
  });

  it('a package given up (its invoice voided) cancels the sessions booked on it and frees their holds', async () => {
    const trainer = await newTrainer();
    const member = await f.org.newMember();
    const sale = await f.call('POST', `/students/${member.id}/sales`, f.manager, {
      centerId: f.centerA,
      lines: [{ itemType: 'package', itemId: ptPackageId }],
    });
    expect(sale.statusCode, sale.body).toBe(201);
    const invoice = sale.json() as { id: string; lines: { entitlementId: string }[] };
    const entitlementId = invoice.lines[0]!.entitlementId;
    const res = await book({ entitlementId, trainerId: trainer.id, startTime: '15:00' });
    expect(res.statusCode, res.body).toBe(201);
    const voided = await f.call('POST', `/invoices/${invoice.id}/void`, f.manager, { reason: 'Sold by mistake' });
    expect(voided.statusCode, voided.body).toBe(200);
    const session = await f.call('GET', `/pt-sessions/${res.json().id}`, f.desk);
    expect(session.json()).toMatchObject({ status: 'cancelled', cancelReason: 'Sold by mistake' });
    expect((await ledgerOf(res.json().id)).map((r) => r.kind)).toEqual(['hold', 'release']);
    expect(await stateOfPackage(entitlementId)).toMatchObject({ phase: 'refunded', creditsLeft: 0, creditsHeld: 0 });
  });
});

describe('sessions booked before holds were ledger rows (migration 0020)', () => {
  it('get their hold rows, in start order, and the state the fold of them', async () => {
    const trainer = await newTrainer();
    const m = await ptMember();
    for (const startTime of ['08:00', '13:00']) {
      const res = await book({ entitlementId: m.entitlementId, trainerId: trainer.id, startTime });
      expect(res.statusCode, res.body).toBe(201);
    }
    // As the database was before: the sessions booked, no hold row, nothing held.
    const { db } = ctx.database;
    await db
      .delete(entitlementLedger)
      .where(and(eq(entitlementLedger.entitlementId, m.entitlementId), eq(entitlementLedger.kind, 'hold')));
    await db
      .update(entitlementState)
      .set({ creditsHeld: 0, lastSeq: 1 })
      .where(eq(entitlementState.entitlementId, m.entitlementId));
    const migration = readFileSync(
      new URL('../../db/migrations/0020_pt_holds_in_the_ledger.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration
      .split('--> statement-breakpoint')
      .filter((statement) => /^\s*(--.*\n)*\s*(WITH|UPDATE)/.test(statement));
    expect(backfill).toHaveLength(2);
    for (const statement of backfill) await db.execute(sql.raw(statement));
    const rows = await db
      .select()
      .from(entitlementLedger)
      .where(eq(entitlementLedger.entitlementId, m.entitlementId))
      .orderBy(entitlementLedger.seq);
    expect(rows.map((r) => [r.seq, r.kind, r.heldDelta])).toEqual([
      [1, 'grant', 0],
      [2, 'hold', 1],
      [3, 'hold', 1],
    ]);
    const stored = await stateOfPackage(m.entitlementId);
    expect(stateOf(stored)).toEqual(foldLedger(rows as LedgerRow[]));
    expect((await pkg(m.entitlementId)).credits).toMatchObject({ remaining: 5, booked: 2, bookable: 3 });
    // Run again, it changes nothing.
    for (const statement of backfill) await db.execute(sql.raw(statement));
    expect(await stateOfPackage(m.entitlementId)).toEqual(stored);
  });
});

describe('the timetable', () => {
  it('a session is refused over a class of its trainer or in its room', async () => {
    const trainer = await newTrainer();
    const room = await newRoom();
    await f.newClass({ teacherId: trainer.id, startTime: '18:00' });
    const other = await f.newClass({ roomId: room, startTime: '16:00' });
    const m = await ptMember();
    const teaching = await book({ entitlementId: m.entitlementId, trainerId: trainer.id, startTime: '18:30' });
    expect(teaching.statusCode).toBe(409);
    expect(teaching.json().fields[0]).toMatchObject({ path: 'trainerId', code: 'trainer_busy' });
    expect(teaching.json().details.conflict.name).toBe('Yoga');
    const inRoom = await book({
      entitlementId: m.entitlementId,
      trainerId: trainer.id,
      roomId: room,
      startTime: '16:30',
    });
    expect(inRoom.statusCode).toBe(409);
    expect(inRoom.json().fields[0]).toMatchObject({ path: 'roomId', code: 'room_busy' });
    expect(inRoom.json().details.conflict.classId).toBe(other.class.id);
    // Back to back with the class is fine.
    const after = await book({ entitlementId: m.entitlementId, trainerId: trainer.id, startTime: '19:00' });
    expect(after.statusCode, after.body).toBe(201);
  });

  it('a session is refused over another session of its trainer or its room', async () => {
    const a = await newTrainer();
    const b = await newTrainer();
    const room = await newRoom();
    const m1 = await ptMember();
    const m2 = await ptMember();
    expect(
      (await book({ entitlementId: m1.entitlementId, trainerId: a.id, roomId: room, startTime: '12:00' })).statusCode,
    ).toBe(201);
    const sameTrainer = await book({ entitlementId: m2.entitlementId, trainerId: a.id, startTime: '12:30' });
    expect(sameTrainer.statusCode).toBe(409);
    expect(sameTrainer.json().fields[0]).toMatchObject({ path: 'trainerId', code: 'trainer_busy' });
    const sameRoom = await book({ entitlementId: m2.entitlementId, trainerId: b.id, roomId: room, startTime: '12:30' });
    expect(sameRoom.statusCode).toBe(409);
    expect(sameRoom.json().fields[0]).toMatchObject({ path: 'roomId', code: 'room_busy' });
    expect((await book({ entitlementId: m2.entitlementId, trainerId: a.id, startTime: '13:00' })).statusCode).toBe(201);
  });

  it('a class is refused over a booked PT session of its teacher or in its room; a cancelled session frees the slot', async () => {
    const trainer = await newTrainer();
    const room = await newRoom();
    const m = await ptMember();
    const session = (
      await book({ entitlementId: m.entitlementId, trainerId: trainer.id, roomId: room, startTime: '14:00' })
    ).json();
    const date = addDays(f.today(), 1);
    const base = { centerId: f.centerA, classTypeId: f.classType.id, date, startTime: '14:30' };
    const byTeacher = await f.call('POST', '/classes', f.manager, {
      ...base,
      roomId: await newRoom(),
      teacherId: trainer.id,
    });
    expect(byTeacher.statusCode).toBe(409);
    expect(byTeacher.json().fields[0]).toMatchObject({ path: 'teacherId', code: 'teacher_busy' });
    const other = await f.org.newUser({ role: 'trainer' });
    const byRoom = await f.call('POST', '/classes', f.manager, { ...base, roomId: room, teacherId: other.id });
    expect(byRoom.statusCode).toBe(409);
    expect(byRoom.json().fields[0]).toMatchObject({ path: 'roomId', code: 'room_busy' });
    await act(session.id, 'cancel');
    const now = await f.call('POST', '/classes', f.manager, { ...base, roomId: room, teacherId: trainer.id });
    expect(now.statusCode, now.body).toBe(201);
  });
});

describe('completing', () => {
  it('uses exactly one credit once under 20 parallel completes, and credits the trainer’s commission', async () => {
    const trainer = await newTrainer('00:00', '23:59');
    await ctx.database.db.insert(commissionRules).values({
      organisationId: f.org.id,
      staffId: trainer.id,
      itemType: 'pt_session',
      kind: 'percent',
      percentBp: 1000,
    });
    const m = await ptMember();
    const session = (
      await book({ entitlementId: m.entitlementId, trainerId: trainer.id, startTime: '00:15', date: f.today() })
    ).json();
    expect(session.status).toBe('booked');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => act(session.id, 'complete', f.desk, `c${i}-${session.id}`)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.every((a) => a.json().status === 'completed' && a.json().creditUsed)).toBe(true);
    const uses = await usesOf(session.id);
    expect(uses.map((u) => [u.kind, u.creditsDelta])).toEqual([['use', -1]]);
    expect(await creditsLeft(m.entitlementId)).toBe(4);
    // 500.00 for 5 sessions: one is worth 100.00; 10 % of it.
    const commission = await ctx.database.db
      .select()
      .from(commissionEntries)
      .where(eq(commissionEntries.ptSessionId, session.id));
    expect(commission.map((c) => [c.staffId, c.amountMinor])).toEqual([[trainer.id, 1_000]]);
    // The trainer's commission page counts it in the month it was earned.
    const year = Number(f.today().slice(0, 4));
    const earned = (await f.call('GET', `/staff/${trainer.id}/commission?year=${year}`, f.manager)).json();
    expect(earned.totals.commissionMinor).toBe(1_000);
    const detail = await pkg(m.entitlementId);
    expect(detail.credits).toEqual({ total: 5, used: 1, booked: 0, remaining: 4, bookable: 4 });
    expect(detail.counts.completed).toBe(1);
    expect(detail.sessions[0]).toMatchObject({
      id: session.id,
      status: 'completed',
      completedBy: { name: expect.any(String) },
    });
    // A completed session cannot be cancelled.
    expect((await act(session.id, 'cancel')).json().fields[0].code).toBe('not_booked');
  });

  it('a session of a later day cannot be completed yet', async () => {
    const trainer = await newTrainer();
    const m = await ptMember();
    const session = (await book({ entitlementId: m.entitlementId, trainerId: trainer.id, startTime: '09:00' })).json();
    const res = await act(session.id, 'complete');
    expect(res.statusCode).toBe(422);
    expect(res.json().fields[0].code).toBe('not_started');
    expect(await usesOf(session.id)).toEqual([]);
  });
});

describe('completing before the start', () => {
  it('a session of today cannot be marked done hours before it starts; from 15 minutes before its start it can', async () => {
    const trainer = await newTrainer('00:00', '23:59');
    const m = await ptMember();
    // Tomorrow 10:00; the clock is then moved to that day, before the start.
    const session = (await book({ entitlementId: m.entitlementId, trainerId: trainer.id, startTime: '10:00' })).json();
    const startsAt = Date.parse(session.startsAt);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(startsAt - 3 * 3_600_000);
      // A sign-in at each hour (the fixture's tokens would be long expired then).
      const user = await f.org.newUser({ role: 'frontdesk' });
      const early = await act(session.id, 'complete', ctx.bearer(await user.login()));
      expect(early.statusCode, early.body).toBe(422);
      expect(early.json().fields[0]).toMatchObject({ path: 'id', code: 'not_started' });
      vi.setSystemTime(startsAt - (PT_LIMITS.completeEarlyMinutes + 1) * 60_000);
      const stillEarly = await act(session.id, 'complete', ctx.bearer(await user.login()));
      expect(stillEarly.json().fields[0].code).toBe('not_started');
      expect(await usesOf(session.id)).toEqual([]);
      expect(await creditsLeft(m.entitlementId)).toBe(5);
      vi.setSystemTime(startsAt - (PT_LIMITS.completeEarlyMinutes - 5) * 60_000);
      const done = await act(session.id, 'complete', ctx.bearer(await user.login()));
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({ status: 'completed', creditUsed: true });
      expect(await creditsLeft(m.entitlementId)).toBe(4);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('cancelling', () => {
  it('early uses nothing; late loses the credit by the organisation’s rule, or not with `no_penalty`', async () => {
    const trainer = await newTrainer('00:00', '23:59');
    const m = await ptMember();
    const early = (
      await book({
        entitlementId: m.entitlementId,
        trainerId: trainer.id,
        startTime: '10:00',
        date: addDays(f.today(), 4),
      })
    ).json();
    const cancelled = await act(early.id, 'cancel');
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', creditUsed: false });
    expect(await usesOf(early.id)).toEqual([]);
    expect(await creditsLeft(m.entitlementId)).toBe(5);

    // Today's session (booked after the fact) is inside the 12-hour window whatever the time now.
    const late = (
      await book({ entitlementId: m.entitlementId, trainerId: trainer.id, startTime: '01:00', date: f.today() })
    ).json();
    const lateAnswer = await act(late.id, 'cancel');
    expect(lateAnswer.json()).toMatchObject({ status: 'late_cancelled', creditUsed: true });
    expect((await usesOf(late.id)).map((u) => u.creditsDelta)).toEqual([-1]);
    expect(await creditsLeft(m.entitlementId)).toBe(4);
    expect(
      await ctx.database.db.select().from(commissionEntries).where(eq(commissionEntries.ptSessionId, late.id)),
    ).toEqual([]);

    await f.setConfig({ lateCancelRule: 'no_penalty' });
    try {
      const lenient = (
        await book({ entitlementId: m.entitlementId, trainerId: trainer.id, startTime: '02:00', date: f.today() })
      ).json();
      expect((await act(lenient.id, 'cancel')).json()).toMatchObject({ status: 'cancelled', creditUsed: false });
      expect(await creditsLeft(m.entitlementId)).toBe(4);
    } finally {
      await f.setConfig({ lateCancelRule: 'credit_lost' });
    }
  });
});

describe('no-shows', () => {
  it('a started session may be marked a no-show: its credit is used once, the trainer earns nothing; a later one may not', async () => {
    const trainer = await newTrainer('00:00', '23:59');
    const m = await ptMember();
    // Midnight today: started whatever the time now (00:05 was not, in the first minutes of the day).
    const started = (
      await book({ entitlementId: m.entitlementId, trainerId: trainer.id, startTime: '00:00', date: f.today() })
    ).json();
    const later = (await book({ entitlementId: m.entitlementId, trainerId: trainer.id, startTime: '10:00' })).json();
    const answers = await Promise.all([1, 2, 3].map((i) => act(started.id, 'no-show', f.desk, `ns${i}-${started.id}`)));
    expect(answers.map((a) => a.json().status)).toEqual(['no_show', 'no_show', 'no_show']);
    expect((await usesOf(started.id)).map((u) => u.creditsDelta)).toEqual([-1]);
    expect(
      await ctx.database.db.select().from(commissionEntries).where(eq(commissionEntries.ptSessionId, started.id)),
    ).toEqual([]);
    const early = await act(later.id, 'no-show');
    expect(early.statusCode).toBe(422);
    expect(early.json().fields[0].code).toBe('not_started');
    expect((await pkg(m.entitlementId)).counts).toMatchObject({ noShow: 1, booked: 1 });
  });
});

describe('the fee rule', () => {
  it('a late cancel and a no-show bill the fee on an invoice each, naming the package, and use no credit', async () => {
    const trainer = await newTrainer('00:00', '23:59');
    const m = await ptMember();
    await f.setConfig({ lateCancelRule: 'fee', lateCancelFeeMinor: 20_000 });
    try {
      // Today, booked after the fact: inside the 12-hour window, and started at midnight.
      const late = (
        await book({ entitlementId: m.entitlementId, trainerId: trainer.id, startTime: '03:00', date: f.today() })
      ).json();
      const missed = (
        await book({ entitlementId: m.entitlementId, trainerId: trainer.id, startTime: '00:00', date: f.today() })
      ).json();
      expect((await act(late.id, 'cancel')).json()).toMatchObject({ status: 'late_cancelled', creditUsed: false });
      expect((await act(missed.id, 'no-show')).json()).toMatchObject({ status: 'no_show', creditUsed: false });
      expect(await usesOf(late.id)).toEqual([]);
      expect(await usesOf(missed.id)).toEqual([]);
      expect(await creditsLeft(m.entitlementId)).toBe(5);
      const fees = await ctx.database.db
        .select({ line: invoiceLines, invoice: invoices })
        .from(invoiceLines)
        .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
        .where(and(eq(invoices.memberId, m.memberId), eq(invoiceLines.itemType, 'fee')));
      expect(fees.map((r) => r.line.itemId).sort()).toEqual([late.id, missed.id].sort());
      for (const { line, invoice } of fees) {
        expect(invoice).toMatchObject({ totalMinor: 20_000, state: 'issued' });
        expect(line.description).toMatch(/^(Late cancellation fee|No-show fee): PT/);
      }
    } finally {
      await f.setConfig({ lateCancelRule: 'credit_lost' });
    }
  });
});

describe('who may', () => {
  it('a trainer books and completes their own sessions only; an accountant books nothing; only managers edit hours', async () => {
    const own = await newTrainer('00:00', '23:59');
    const colleague = await newTrainer('00:00', '23:59');
    const m = await ptMember();
    const forColleague = await book(
      { entitlementId: m.entitlementId, trainerId: colleague.id, startTime: '09:00' },
      own.headers,
    );
    expect(forColleague.statusCode).toBe(403);
    const mine = await book(
      { entitlementId: m.entitlementId, trainerId: own.id, startTime: '00:30', date: f.today() },
      own.headers,
    );
    expect(mine.statusCode, mine.body).toBe(201);
    const theirs = (
      await book({ entitlementId: m.entitlementId, trainerId: colleague.id, startTime: '00:30', date: f.today() })
    ).json();
    const notMine = await act(theirs.id, 'complete', own.headers);
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().fields[0].code).toBe('not_your_session');
    expect(await usesOf(theirs.id)).toEqual([]);
    expect((await act(mine.json().id, 'complete', own.headers)).json().status).toBe('completed');

    const accountant = ctx.bearer(await (await f.org.newUser({ role: 'accountant' })).login());
    const refused = await book({ entitlementId: m.entitlementId, trainerId: own.id, startTime: '10:00' }, accountant);
    expect(refused.statusCode).toBe(403);
    expect((await f.call('GET', `/pt-packages/${m.entitlementId}`, accountant)).statusCode).toBe(200);
    const hours = await send('PUT', `/trainers/${own.id}/hours`, own.headers, { hours: [] });
    expect(hours.statusCode).toBe(403);
    expect((await f.call('GET', `/trainers/${own.id}/hours`, own.headers)).json().hours).toHaveLength(7);
  });

  it('a desk limited to one centre sees the package of a member it may see, the sessions at its centre, the credits whole', async () => {
    const centerB = f.org.centers[1]!.id;
    const trainer = await newTrainer();
    const trainerB = await f.org.newUser({ role: 'trainer' });
    const hoursB = await send('PUT', `/trainers/${trainerB.id}/hours`, f.manager, {
      hours: ALL_WEEK.map((weekday) => ({ centerId: centerB, weekday, start: '07:00', end: '21:00' })),
    });
    expect(hoursB.statusCode, hoursB.body).toBe(200);
    const m = await ptMember();
    const atA = await book({ entitlementId: m.entitlementId, trainerId: trainer.id, startTime: '10:00' });
    const atB = await book({
      entitlementId: m.entitlementId,
      trainerId: trainerB.id,
      startTime: '10:00',
      centerId: centerB,
    });
    expect([atA.statusCode, atB.statusCode]).toEqual([201, 201]);

    const deskA = ctx.bearer(await (await f.org.newUser({ role: 'frontdesk', centerIds: [f.centerA] })).login());
    const seen = await f.call('GET', `/pt-packages/${m.entitlementId}`, deskA);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().sessions.map((x: { id: string }) => x.id)).toEqual([atA.json().id]);
    expect(seen.json().credits).toMatchObject({ remaining: 5, booked: 2, bookable: 3 });

    // The member's home centre is A: a desk of B alone does not see the member, nor their package.
    const deskB = ctx.bearer(await (await f.org.newUser({ role: 'frontdesk', centerIds: [centerB] })).login());
    expect((await f.call('GET', `/students/${m.memberId}`, deskB)).statusCode).toBe(404);
    expect((await f.call('GET', `/pt-packages/${m.entitlementId}`, deskB)).statusCode).toBe(404);
  });

  it('another organisation’s package, session and trainer are 404 and nothing moves', async () => {
    const other = await classesFixture(ctx);
    const otherPack = await setup(other);
    const theirTrainer = await newTrainer('00:00', '23:59', other);
    const theirs = await ptMember(other, otherPack);
    const theirSession = (
      await book(
        { entitlementId: theirs.entitlementId, trainerId: theirTrainer.id, startTime: '01:00', date: other.today() },
        other.desk,
        other,
      )
    ).json();
    const myTrainer = await newTrainer();
    const a = await book({ entitlementId: theirs.entitlementId, trainerId: myTrainer.id, startTime: '10:00' });
    expect(a.statusCode).toBe(404);
    expect(a.json().fields[0].path).toBe('entitlementId');
    const mine = await ptMember();
    const b = await book({ entitlementId: mine.entitlementId, trainerId: theirTrainer.id, startTime: '10:00' });
    expect(b.statusCode).toBe(404);
    expect(b.json().fields[0].path).toBe('trainerId');
    for (const action of ['complete', 'cancel'] as const) {
      expect((await act(theirSession.id, action, f.manager)).statusCode, action).toBe(404);
    }
    expect((await f.call('GET', `/pt-packages/${theirs.entitlementId}`, f.manager)).statusCode).toBe(404);
    expect((await f.call('GET', `/pt-sessions/${theirSession.id}`, f.manager)).statusCode).toBe(404);
    expect((await f.call('GET', `/trainers/${theirTrainer.id}/hours`, f.manager)).statusCode).toBe(404);
    expect((await f.call('GET', `/pt-sessions?member=${theirs.memberId}`, f.manager)).json().items).toEqual([]);
    expect(await creditsLeft(theirs.entitlementId)).toBe(5);
  });

  it('lists sessions by trainer and dates (each trainer’s schedule)', async () => {
    const trainer = await newTrainer();
    const m = await ptMember();
    for (const startTime of ['09:00', '11:00'])
      await book({ entitlementId: m.entitlementId, trainerId: trainer.id, startTime });
    const tomorrow = addDays(f.today(), 1);
    const list = await f.call('GET', `/pt-sessions?trainer=${trainer.id}&from=${tomorrow}&to=${tomorrow}`, f.desk);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((s: { startTime: string }) => s.startTime)).toEqual(['09:00', '11:00']);
    expect(list.json().total).toBe(2);
  });
});
