import { businessDate, wallClock } from '@gym/contract/time';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  bookings,
  classes,
  domainEvents,
  entitlementLedger,
  entitlementState,
} from '../../db/schema/index.ts';
import { settableClock } from '../../lib/clock.ts';
import { type ClassesFixture, classesFixture } from '../../test/classes-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { markNoShows, NO_SHOW_AFTER_MINUTES } from './mark-no-shows.ts';

let ctx: TestContext;
let f: ClassesFixture;

beforeAll(async () => {
  ctx = await createTestContext();
  f = await classesFixture(ctx);
});
afterAll(() => ctx?.close());

const ledgerOf = (entitlementId: string) =>
  ctx.database.db
    .select()
    .from(entitlementLedger)
    .where(eq(entitlementLedger.entitlementId, entitlementId))
    .orderBy(entitlementLedger.seq);
const creditsLeft = async (entitlementId: string) =>
  (await ctx.database.db.select().from(entitlementState).where(eq(entitlementState.entitlementId, entitlementId)))[0]!
    .creditsLeft;

describe('capacity under load', () => {
  it('50 bookings at once into a class of 20: exactly 20 booked, 30 waitlisted, one credit each for the booked', async () => {
    const made = await f.newClass({ capacity: 20 });
    const members = [];
    for (let i = 0; i < 50; i++) members.push(await f.memberWithCredits());
    const answers = await Promise.all(members.map((m) => f.book(m.id, made.class.id)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(201));
    const statuses = answers.map((a) => a.json().status as string);
    expect(statuses.filter((s) => s === 'booked')).toHaveLength(20);
    expect(statuses.filter((s) => s === 'waitlisted')).toHaveLength(30);
    const uses = await ctx.database.db
      .select({ n: sql<number>`count(*)::int`, credits: sql<number>`coalesce(sum(credits_delta), 0)::int` })
      .from(entitlementLedger)
      .where(
        and(
          eq(entitlementLedger.kind, 'use'),
          eq(entitlementLedger.refType, 'booking'),
          sql`${entitlementLedger.refId} in (select id from bookings where class_id = ${made.class.id})`,
        ),
      );
    expect(uses[0]).toEqual({ n: 20, credits: -20 });
    // The waitlist is numbered 1..30 in its order.
    const list = await f.call('GET', `/bookings?class=${made.class.id}&pageSize=100`, f.desk);
    const waitlist = list
      .json()
      .items.filter((b: { status: string }) => b.status === 'waitlisted')
      .map((b: { waitlistPosition: number }) => b.waitlistPosition);
    expect(waitlist).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    const row = (await f.call('GET', `/classes/${made.class.id}`, f.desk)).json();
    expect([row.booked, row.capacity, row.waitlisted]).toEqual([20, 20, 30]);
  });

  it('with the "refuse" rule a full class refuses: 10 at once into 4 places give 4 booked and 6 refused', async () => {
    await f.setConfig({ classFullRule: 'refuse' });
    try {
      const made = await f.newClass({ capacity: 4 });
      const members = [];
      for (let i = 0; i < 10; i++) members.push(await f.memberWithCredits());
      const answers = await Promise.all(members.map((m) => f.book(m.id, made.class.id)));
      expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(4);
      const refused = answers.filter((a) => a.statusCode === 422);
      expect(refused).toHaveLength(6);
      expect(refused[0]!.json().fields[0].code).toBe('class_full');
      const used = await Promise.all(members.map((m) => creditsLeft(m.entitlementId)));
      expect(used.filter((c) => c === 9)).toHaveLength(4);
      expect(used.filter((c) => c === 10)).toHaveLength(6);
    } finally {
      await f.setConfig({ classFullRule: 'waitlist' });
    }
  });

  it('one member booked twice at once (different keys) gets one booking and pays once; the same key replays', async () => {
    const made = await f.newClass();
    const m = await f.memberWithCredits();
    const answers = await Promise.all([1, 2, 3, 4, 5].map((i) => f.book(m.id, made.class.id, `k${i}-${m.id}`)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409).map((a) => a.json().fields[0].code)).toEqual(
      Array(4).fill('already_booked'),
    );
    const winner = answers.findIndex((a) => a.statusCode === 201);
    const replay = await f.book(m.id, made.class.id, `k${winner + 1}-${m.id}`);
    expect(replay.statusCode).toBe(201);
    expect(replay.json().id).toBe(answers[winner]!.json().id);
    expect(await creditsLeft(m.entitlementId)).toBe(9);
  });
});

describe('paying', () => {
  it('a member with nothing that pays is refused naming the member; a membership covering the type pays without a credit', async () => {
    const made = await f.newClass();
    const nobody = await f.org.newMember();
    const refused = await f.book(nobody.id, made.class.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().fields[0]).toMatchObject({ path: 'memberId', code: 'no_credit' });
    // Cover the type by the monthly plan; a member holding it books without credits.
    await f.call('PATCH', `/class-types/${f.classType.id}`, f.manager, { membershipPlanIds: [f.cat.monthly.id] });
    const holder = await f.org.newMember();
    const sale = await f.call('POST', `/students/${holder.id}/sales`, f.manager, {
      centerId: f.centerA,
      lines: [{ itemType: 'membership', itemId: f.cat.monthly.id }],
    });
    expect(sale.statusCode, sale.body).toBe(201);
    const booked = await f.book(holder.id, made.class.id);
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json()).toMatchObject({ status: 'booked', paidBy: 'membership', creditsUsed: 0 });
    await f.call('PATCH', `/class-types/${f.classType.id}`, f.manager, { membershipPlanIds: [] });
  });
});

describe('trial classes', () => {
  it('a prospect books one free trial; a second or a member’s is refused; the trial list counts who came and who joined', async () => {
    const made = await f.newClass({ startTime: '06:00' });
    const later = await f.newClass({ startTime: '06:00' });
    const prospect = await f.org.newMember({ status: 'prospect' });
    const res = await f.book(prospect.id, made.class.id, `trial-${prospect.id}`, f.desk);
    const trialBody = { memberId: prospect.id, classId: made.class.id, paidBy: 'trial' };
    // Paid the usual way, a prospect holds nothing that pays.
    expect(res.json().fields[0]).toMatchObject({ code: 'no_credit' });
    const trial = await f.call('POST', '/bookings', f.desk, trialBody, { 'idempotency-key': `t1-${prospect.id}` });
    expect(trial.statusCode, trial.body).toBe(201);
    expect(trial.json()).toMatchObject({ status: 'booked', trial: true, paidBy: null, creditsUsed: 0 });
    // One trial per member, even into another class.
    const again = await f.call(
      'POST',
      '/bookings',
      f.desk,
      { ...trialBody, classId: later.class.id },
      { 'idempotency-key': `t2-${prospect.id}` },
    );
    expect(again.statusCode).toBe(422);
    expect(again.json().fields[0]).toMatchObject({ path: 'paidBy', code: 'trial_used' });
    // A member who has joined books the usual way.
    const joined = await f.memberWithCredits();
    const notProspect = await f.call(
      'POST',
      '/bookings',
      f.desk,
      { memberId: joined.id, classId: made.class.id, paidBy: 'trial' },
      { 'idempotency-key': `t3-${joined.id}` },
    );
    expect(notProspect.json().fields[0]).toMatchObject({ path: 'paidBy', code: 'trial_not_prospect' });

    // The trial list: came (attended), then bought a package after the trial.
    await f.call('POST', `/bookings/${trial.json().id}/attendance`, f.manager, { mark: 'attended' });
    const day = (await f.call('GET', `/classes/${made.class.id}`, f.desk)).json().date as string;
    const list = async () =>
      (await f.call('GET', `/bookings/trials?from=${day}&to=${day}&center=${f.centerA}`, f.desk)).json();
    expect((await list()).summary).toEqual({ trials: 1, attended: 1, joined: 0 });
    const sale = await f.call('POST', `/students/${prospect.id}/sales`, f.manager, {
      centerId: f.centerA,
      lines: [{ itemType: 'package', itemId: f.cat.pack.id }],
    });
    expect(sale.statusCode, sale.body).toBe(201);
    const after = await list();
    expect(after.summary).toEqual({ trials: 1, attended: 1, joined: 1 });
    expect(after.items[0]).toMatchObject({ bookingId: trial.json().id, attended: true, member: { id: prospect.id } });
    expect(after.items[0].joinedAt).not.toBeNull();
  });
});

describe('cancelling', () => {
  it('inside the window returns the credit through a ledger row', async () => {
    const made = await f.newClass({ cancellationWindowMinutes: 60 });
    const m = await f.memberWithCredits();
    const booked = (await f.book(m.id, made.class.id)).json();
    expect(await creditsLeft(m.entitlementId)).toBe(9);
    const res = await f.cancelBooking(booked.id, `c-${booked.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', creditReturned: true, promoted: [] });
    expect(await creditsLeft(m.entitlementId)).toBe(10);
    const rows = (await ledgerOf(m.entitlementId)).filter((r) => r.refId === booked.id);
    expect(rows.map((r) => [r.kind, r.creditsDelta, r.refType])).toEqual([
      ['use', -1, 'booking'],
      ['return', 1, 'booking'],
    ]);
  });

  it('late loses the credit (late_cancelled); a manager’s waiver with a note returns it, audited; the desk may not waive', async () => {
    // A window of a week: cancelling tomorrow's class now is late.
    const made = await f.newClass({ cancellationWindowMinutes: 10_080 });
    const m = await f.memberWithCredits();
    const booked = (await f.book(m.id, made.class.id)).json();
    const late = await f.cancelBooking(booked.id, `l-${booked.id}`);
    expect(late.json()).toMatchObject({ status: 'late_cancelled', creditReturned: false });
    expect(await creditsLeft(m.entitlementId)).toBe(9);
    const desk = await f.call('POST', `/bookings/${booked.id}/waive`, f.desk, { note: 'Family emergency' });
    expect(desk.statusCode).toBe(403);
    const noNote = await f.call('POST', `/bookings/${booked.id}/waive`, f.manager, {});
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().fields[0].path).toBe('note');
    const waived = await f.waive(booked.id, 'Family emergency', `w-${booked.id}`);
    expect(waived.statusCode, waived.body).toBe(200);
    expect(waived.json()).toMatchObject({
      status: 'late_cancelled',
      waived: true,
      waiverNote: 'Family emergency',
      creditReturned: true,
    });
    expect(await creditsLeft(m.entitlementId)).toBe(10);
    const again = await f.call('POST', `/bookings/${booked.id}/waive`, f.manager, { note: 'Twice' });
    expect(again.statusCode).toBe(422);
    expect(await creditsLeft(m.entitlementId)).toBe(10);
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organisationId, f.org.id), eq(auditLog.action, 'booking.waived')));
    expect(audits.map((a) => a.entityId)).toContain(booked.id);
  });

  it('a freed place goes to the first waitlisted member who can pay, who is told and named in the cancel’s answer; one without credit keeps waiting', async () => {
    const made = await f.newClass({ capacity: 1, cancellationWindowMinutes: 0 });
    const a = await f.memberWithCredits();
    const broke = await f.memberWithCredits();
    const b = await f.memberWithCredits();
    const booked = (await f.book(a.id, made.class.id)).json();
    const first = (await f.book(broke.id, made.class.id)).json();
    const second = (await f.book(b.id, made.class.id)).json();
    expect([first.status, first.waitlistPosition, second.waitlistPosition]).toEqual(['waitlisted', 1, 2]);
    expect(await creditsLeft(b.entitlementId)).toBe(10);
    // The first on the waitlist spends all their credits meanwhile.
    await f.call('POST', `/students/${broke.id}/entitlements/${broke.entitlementId}/actions`, f.manager, {
      action: 'adjust',
      credits: -10,
      reason: 'Used elsewhere',
    });
    expect(await creditsLeft(broke.entitlementId)).toBe(0);
    const cancelled = await f.cancelBooking(booked.id, `p-${booked.id}`);
    // The answer says who moved up (the desk's message names them), and only them.
    expect(cancelled.json()).toMatchObject({
      id: booked.id,
      status: 'cancelled',
      promoted: [{ bookingId: second.id, member: { id: b.id, code: b.code } }],
    });
    expect(cancelled.json().promoted).toHaveLength(1);
    expect(cancelled.json().promoted[0].member.name).toContain(b.firstName);
    const list = (await f.call('GET', `/bookings?class=${made.class.id}`, f.desk)).json().items as {
      id: string;
      status: string;
      promotedAt: string | null;
      waitlistPosition: number | null;
    }[];
    const byId = new Map(list.map((x) => [x.id, x]));
    expect(byId.get(second.id)).toMatchObject({ status: 'booked', waitlistPosition: null });
    expect(byId.get(second.id)!.promotedAt).not.toBeNull();
    expect(byId.get(first.id)).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
    expect(await creditsLeft(b.entitlementId)).toBe(9);
    const told = await ctx.database.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.organisationId, f.org.id), eq(domainEvents.type, 'booking.promoted')));
    expect(told.map((e) => e.payload.bookingId)).toContain(second.id);
  });
});

describe('attendance', () => {
  it('the class’s teacher marks attended or a no-show; another trainer may not; accountants only read', async () => {
    const made = await f.newClass({ teacherId: f.teacherId });
    const m = await f.memberWithCredits();
    const booked = (await f.book(m.id, made.class.id)).json();
    const res = await f.call('POST', `/bookings/${booked.id}/attendance`, f.teacher, { mark: 'attended' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'attended', attendanceSource: 'teacher' });
    const noShow = await f.call('POST', `/bookings/${booked.id}/attendance`, f.teacher, { mark: 'no_show' });
    expect(noShow.json()).toMatchObject({ status: 'no_show', attendedAt: null });
    const otherTrainer = ctx.bearer(await (await f.org.newUser({ role: 'trainer' })).login());
    const refused = await f.call('POST', `/bookings/${booked.id}/attendance`, otherTrainer, { mark: 'attended' });
    expect(refused.statusCode).toBe(403);
    const accountant = ctx.bearer(await (await f.org.newUser({ role: 'accountant' })).login());
    expect(
      (await f.call('POST', `/bookings/${booked.id}/attendance`, accountant, { mark: 'attended' })).statusCode,
    ).toBe(403);
    expect((await f.call('GET', `/bookings?member=${m.id}`, accountant)).statusCode).toBe(200);
    const bad = await f.call('POST', `/bookings/${booked.id}/attendance`, f.teacher, { mark: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0].path).toBe('mark');
  });

  it('members still booked 30 minutes after their class ended become no-shows, once, keeping the credit; the teacher may correct it', async () => {
    const made = await f.newClass({ teacherId: f.teacherId, startTime: '07:00' });
    const came = await f.memberWithCredits();
    const stayed = await f.memberWithCredits();
    const cameBooking = (await f.book(came.id, made.class.id)).json();
    const stayedBooking = (await f.book(stayed.id, made.class.id)).json();
    await f.call('POST', `/bookings/${cameBooking.id}/attendance`, f.teacher, { mark: 'attended' });
    const [cls] = await ctx.database.db.select().from(classes).where(eq(classes.id, made.class.id));
    const after = (minutes: number) => new Date(cls!.endsAt.getTime() + minutes * 60_000);
    const status = async (id: string) =>
      (await ctx.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!.status;

    // Other organisations' late classes may be swept too: only this class's bookings are looked at.
    await markNoShows(ctx.database.db, after(NO_SHOW_AFTER_MINUTES - 1));
    expect(await status(stayedBooking.id)).toBe('booked');
    await markNoShows(ctx.database.db, after(NO_SHOW_AFTER_MINUTES + 1));
    expect(await status(stayedBooking.id)).toBe('no_show');
    expect(await status(cameBooking.id)).toBe('attended');
    expect(await markNoShows(ctx.database.db, after(NO_SHOW_AFTER_MINUTES + 2))).toBe(0);
    // The credit stays used: no `return` row.
    expect((await ledgerOf(stayed.entitlementId)).map((r) => r.kind)).not.toContain('return');
    expect(await creditsLeft(stayed.entitlementId)).toBe(9);
    // The centre's desks hear it (their class list refreshes).
    const [event] = await ctx.database.db
      .select()
      .from(domainEvents)
      .where(
        and(eq(domainEvents.type, 'booking.no_show'), sql`${domainEvents.payload}->>'classId' = ${made.class.id}`),
      );
    expect(event).toMatchObject({ centerId: f.centerA, payload: { count: 1, bookingIds: [stayedBooking.id] } });
    const fixed = await f.call('POST', `/bookings/${stayedBooking.id}/attendance`, f.teacher, { mark: 'attended' });
    expect(fixed.json()).toMatchObject({ status: 'attended' });
  });
});

describe('the door and today’s booking', () => {
  it('a granted entry at the door marks today’s booking at that centre attended, letting a credit holder in on the booking', async () => {
    // On a clock fixed at 10:00 at the centre: "two minutes from now" never crosses its midnight.
    const clock = settableClock('2026-12-01T02:00:00Z');
    const own = await createTestContext({}, { clock });
    const f = await classesFixture(own);
    const creditsLeft = async (entitlementId: string) =>
      (
        await own.database.db.select().from(entitlementState).where(eq(entitlementState.entitlementId, entitlementId))
      )[0]!.creditsLeft;
    const soon = new Date(clock.now().getTime() + 2 * 60_000);
    const w = wallClock(soon, f.timeZone);
    const pad = (n: number) => String(n).padStart(2, '0');
    const made = await f.newClass({
      date: businessDate(soon, f.timeZone),
      startTime: `${pad(w.hour)}:${pad(w.minute)}`,
    });
    const card = `BK${Date.now().toString(36).toUpperCase()}`;
    const m = await f.memberWithCredits({ cardNumber: card });
    const booked = (await f.book(m.id, made.class.id)).json();
    expect(await creditsLeft(m.entitlementId)).toBe(9);
    const tap = await f.call(
      'POST',
      `/card/${card}/entry/`,
      f.desk,
      { center_id: f.centerA },
      { 'idempotency-key': card },
    );
    expect(tap.statusCode, tap.body).toBe(200);
    expect(tap.json().entry).toMatchObject({ result: 'granted', grantedBy: 'booking' });
    const after = (await f.call('GET', `/bookings?member=${m.id}`, f.desk)).json().items[0];
    expect(after).toMatchObject({ id: booked.id, status: 'attended', attendanceSource: 'door' });
    // The booking paid: the entry took no second credit.
    expect(await creditsLeft(m.entitlementId)).toBe(9);
    await own.close();
  });
});

describe('bad input and other organisations', () => {
  it('refuses bad input naming the field and writes nothing', async () => {
    const made = await f.newClass();
    const m = await f.memberWithCredits();
    const count = async () =>
      (await ctx.database.db.select().from(bookings).where(eq(bookings.organisationId, f.org.id))).length;
    const before = await count();
    const cases: [Record<string, unknown>, string][] = [
      [{ classId: made.class.id }, 'memberId'],
      [{ memberId: 'nope', classId: made.class.id }, 'memberId'],
      [{ memberId: m.id, classId: made.class.id, paidBy: 'cash' }, 'paidBy'],
      [{ memberId: m.id, classId: made.class.id, extra: 1 }, 'extra'],
    ];
    for (const [payload, path] of cases) {
      const res = await f.call('POST', '/bookings', f.desk, payload, {
        'idempotency-key': `bad-${path}-${Math.random()}`,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields.map((x: { path: string }) => x.path)).toContain(path);
    }
    const noFilter = await f.call('GET', '/bookings', f.desk);
    expect(noFilter.statusCode).toBe(400);
    expect(await count()).toBe(before);
    expect(await creditsLeft(m.entitlementId)).toBe(10);
  });

  it('another organisation’s class, member and booking are 404 and nothing is written', async () => {
    const other = await classesFixture(ctx);
    const theirClass = await other.newClass();
    const theirMember = await other.memberWithCredits();
    const theirBooking = (await other.book(theirMember.id, theirClass.class.id)).json();
    const mine = await f.memberWithCredits();
    const myClass = await f.newClass();
    const a = await f.book(mine.id, theirClass.class.id);
    expect(a.statusCode).toBe(404);
    expect(a.json().fields[0].path).toBe('classId');
    const b = await f.book(theirMember.id, myClass.class.id);
    expect(b.statusCode).toBe(404);
    expect(b.json().fields[0].path).toBe('memberId');
    for (const action of ['cancel', 'waive', 'attendance']) {
      const body = action === 'waive' ? { note: 'Not mine' } : action === 'attendance' ? { mark: 'attended' } : {};
      const res = await f.call('POST', `/bookings/${theirBooking.id}/${action}`, f.manager, body);
      expect(res.statusCode, action).toBe(404);
    }
    const list = await f.call('GET', `/bookings?class=${theirClass.class.id}`, f.manager);
    expect(list.json().items).toEqual([]);
    expect(await creditsLeft(theirMember.entitlementId)).toBe(9);
    expect(await creditsLeft(mine.entitlementId)).toBe(10);
  });
});
