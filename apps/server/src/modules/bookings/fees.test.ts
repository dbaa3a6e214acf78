import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, classes, domainEvents, entitlementState, invoices, members } from '../../db/schema/index.ts';
import { type ClassesFixture, classesFixture } from '../../test/classes-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { markNoShows, NO_SHOW_AFTER_MINUTES } from './mark-no-shows.ts';

// The organisation's `fee` rule: a late cancel or a no-show bills a fee and gives the credit back.
let ctx: TestContext;
let f: ClassesFixture;
let admin: Record<string, string>;
const FEE = 8_000;

beforeAll(async () => {
  ctx = await createTestContext();
  f = await classesFixture(ctx);
  admin = ctx.bearer(await (await f.org.newUser({ role: 'admin' })).login());
});
afterAll(() => ctx?.close());

const creditsLeft = async (entitlementId: string) =>
  (await ctx.database.db.select().from(entitlementState).where(eq(entitlementState.entitlementId, entitlementId)))[0]!
    .creditsLeft;
const invoiceOf = async (id: string) => (await ctx.database.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;
const config = (body: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PATCH', url: '/api/v1/pro/config', headers: admin, payload: body });

/** A class tomorrow whose cancellation window (a week) has already begun: any cancel is late. */
const lateClass = () => f.newClass({ cancellationWindowMinutes: 10_080 });
const cancel = (id: string) => f.call('POST', `/bookings/${id}/cancel`, f.desk, {}, { 'idempotency-key': `c-${id}` });

describe('the fee rule', () => {
  it('is set with its fee in the configuration; without a fee it is refused naming the field, and nothing changes', async () => {
    const bad = await config({ lateCancelRule: 'fee' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().fields).toEqual([expect.objectContaining({ path: 'lateCancelFeeMinor', code: 'fee_required' })]);
    const read = await ctx.app.inject({ method: 'GET', url: '/api/v1/pro/config', headers: admin });
    expect(read.json()).toMatchObject({ lateCancelRule: 'credit_lost', lateCancelFeeMinor: 0 });
    const negative = await config({ lateCancelRule: 'fee', lateCancelFeeMinor: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().fields[0].path).toBe('lateCancelFeeMinor');
    const desk = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/pro/config',
      headers: f.desk,
      payload: { lateCancelRule: 'fee', lateCancelFeeMinor: FEE },
    });
    expect(desk.statusCode).toBe(403);
    const ok = await config({ lateCancelRule: 'fee', lateCancelFeeMinor: FEE });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ lateCancelRule: 'fee', lateCancelFeeMinor: FEE });
  });

  it('a late cancel gives the credit back and bills the fee on an unpaid invoice of one fee line, in the member’s language', async () => {
    const made = await lateClass();
    const m = await f.memberWithCredits();
    await ctx.database.db.update(members).set({ language: 'de' }).where(eq(members.id, m.id));
    const booked = (await f.book(m.id, made.class.id)).json();
    expect(await creditsLeft(m.entitlementId)).toBe(9);
    const res = await cancel(booked.id);
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json();
    expect(after).toMatchObject({ status: 'late_cancelled', creditReturned: true });
    expect(after.feeInvoice).toMatchObject({ state: 'issued', totalMinor: FEE });
    expect(await creditsLeft(m.entitlementId)).toBe(10);

    const invoice = await f.call('GET', `/invoices/${after.feeInvoice.id}`, f.desk);
    expect(invoice.statusCode, invoice.body).toBe(200);
    const body = invoice.json();
    expect(body).toMatchObject({
      number: after.feeInvoice.number,
      totalMinor: FEE,
      balanceMinor: FEE,
      state: 'issued',
    });
    expect(body.member.id).toBe(m.id);
    expect(body.lines).toHaveLength(1);
    expect(body.lines[0]).toMatchObject({ itemType: 'fee', itemId: booked.id, totalMinor: FEE, taxMinor: 0 });
    expect(body.lines[0].description).toMatch(/^Gebühr für späte Stornierung: Yoga, \d{4}-\d{2}-\d{2} 18:00$/);
    // It is among the member's unpaid invoices at the desk.
    const unpaid = await f.call('GET', `/invoices?state=unpaid&memberId=${m.id}`, f.desk);
    expect(unpaid.json().items.map((i: { id: string }) => i.id)).toContain(after.feeInvoice.id);

    // The same cancel again (a retried request) bills nothing more.
    const again = await cancel(booked.id);
    expect(again.json().feeInvoice.id).toBe(after.feeInvoice.id);
    expect(await ctx.database.db.select().from(invoices).where(eq(invoices.memberId, m.id))).toHaveLength(2);
  });

  it('a manager’s waiver voids the unpaid fee; a paid fee must be refunded first, and then the waiver goes through', async () => {
    const made = await lateClass();
    const m = await f.memberWithCredits();
    const first = (await f.book(m.id, made.class.id)).json();
    const feeId = (await cancel(first.id)).json().feeInvoice.id as string;
    const waived = await f.waive(first.id, 'Stuck in traffic', `w-${first.id}`);
    expect(waived.statusCode, waived.body).toBe(200);
    expect(waived.json()).toMatchObject({
      waived: true,
      creditReturned: true,
      feeInvoice: { id: feeId, state: 'void' },
    });
    expect((await invoiceOf(feeId)).voidReason).toBe('Waived: Stuck in traffic');
    expect(await creditsLeft(m.entitlementId)).toBe(10);

    const other = await lateClass();
    const second = (await f.book(m.id, other.class.id)).json();
    const paidFee = (await cancel(second.id)).json().feeInvoice.id as string;
    const pay = await f.call(
      'POST',
      `/invoices/${paidFee}/payments`,
      f.desk,
      { method: 'cash', amountMinor: FEE },
      { 'idempotency-key': `p-${paidFee}` },
    );
    expect(pay.statusCode, pay.body).toBe(201);
    const refused = await f.call('POST', `/bookings/${second.id}/waive`, f.manager, { note: 'Doctor’s note' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().fields[0]).toMatchObject({ path: 'id', code: 'fee_paid' });
    const [still] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, second.id));
    expect(still!.waived).toBe(false);
    expect((await invoiceOf(paidFee)).state).toBe('paid');

    // Refunded at the desk, the fee is owed no more: the waiver then goes through and voids nothing.
    const lines = (await f.call('GET', `/invoices/${paidFee}`, f.desk)).json().lines as { id: string }[];
    const refund = await f.call(
      'POST',
      `/invoices/${paidFee}/refunds`,
      f.manager,
      { reason: 'Doctor’s note', lines: [{ lineId: lines[0]!.id }] },
      { 'idempotency-key': `r-${paidFee}` },
    );
    expect(refund.statusCode, refund.body).toBe(201);
    const waivedAfter = await f.call('POST', `/bookings/${second.id}/waive`, f.manager, { note: 'Doctor’s note' });
    expect(waivedAfter.statusCode, waivedAfter.body).toBe(200);
    expect(waivedAfter.json()).toMatchObject({ waived: true, feeInvoice: { id: paidFee, state: 'refunded' } });
  });

  it('the no-show sweep bills each no-show once and gives the credit back; a trial is not billed; a correction to attended voids the fee and uses the credit again', async () => {
    const made = await f.newClass({ teacherId: f.teacherId, startTime: '07:00' });
    const absent = await f.memberWithCredits();
    const corrected = await f.memberWithCredits();
    const prospect = await f.org.newMember({ status: 'prospect' });
    const absentBooking = (await f.book(absent.id, made.class.id)).json();
    const correctedBooking = (await f.book(corrected.id, made.class.id)).json();
    const trial = await f.call(
      'POST',
      '/bookings',
      f.desk,
      { memberId: prospect.id, classId: made.class.id, paidBy: 'trial' },
      { 'idempotency-key': `t-${prospect.id}` },
    );
    expect(trial.statusCode, trial.body).toBe(201);
    const [cls] = await ctx.database.db.select().from(classes).where(eq(classes.id, made.class.id));
    const swept = new Date(cls!.endsAt.getTime() + (NO_SHOW_AFTER_MINUTES + 1) * 60_000);
    await markNoShows(ctx.database.db, swept);
    await markNoShows(ctx.database.db, new Date(swept.getTime() + 60_000));

    const row = async (id: string) => (await ctx.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
    for (const [booking, member] of [
      [absentBooking, absent],
      [correctedBooking, corrected],
    ] as const) {
      const b = await row(booking.id);
      expect(b.status).toBe('no_show');
      expect(b.creditReturned).toBe(true);
      expect(b.feeInvoiceId).not.toBeNull();
      expect(await creditsLeft(member.entitlementId)).toBe(10);
      expect(await ctx.database.db.select().from(invoices).where(eq(invoices.memberId, member.id))).toHaveLength(2);
    }
    const trialRow = await row(trial.json().id);
    expect(trialRow.status).toBe('no_show');
    expect(trialRow.feeInvoiceId).toBeNull();
    // The fee invoices went out through the outbox, written by the sweep (no user).
    const issued = await ctx.database.db.select().from(domainEvents).where(eq(domainEvents.type, 'invoice.issued'));
    const feeId = (await row(absentBooking.id)).feeInvoiceId!;
    expect(issued.some((e) => (e.payload as { invoiceId?: string }).invoiceId === feeId)).toBe(true);
    expect((await invoiceOf(feeId)).staffId).toBeNull();

    const before = (await row(correctedBooking.id)).feeInvoiceId!;
    const fixed = await f.call('POST', `/bookings/${correctedBooking.id}/attendance`, f.teacher, { mark: 'attended' });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json()).toMatchObject({ status: 'attended', creditReturned: false, feeInvoice: null });
    expect((await invoiceOf(before)).state).toBe('void');
    expect(await creditsLeft(corrected.entitlementId)).toBe(9);
  });

  it('a no-show marked by the teacher is billed once, however often it is marked', async () => {
    const made = await f.newClass({ teacherId: f.teacherId, startTime: '12:00' });
    const m = await f.memberWithCredits();
    const booked = (await f.book(m.id, made.class.id)).json();
    const mark = () => f.call('POST', `/bookings/${booked.id}/attendance`, f.teacher, { mark: 'no_show' });
    const first = (await mark()).json();
    expect(first).toMatchObject({ status: 'no_show', creditReturned: true, feeInvoice: { state: 'issued' } });
    const second = (await mark()).json();
    expect(second.feeInvoice.id).toBe(first.feeInvoice.id);
    expect(await ctx.database.db.select().from(invoices).where(eq(invoices.memberId, m.id))).toHaveLength(2);
    expect(await creditsLeft(m.entitlementId)).toBe(10);
  });

  it('under the credit rule nothing is billed: the credit is lost as before', async () => {
    expect((await config({ lateCancelRule: 'credit_lost' })).statusCode).toBe(200);
    const made = await lateClass();
    const m = await f.memberWithCredits();
    const booked = (await f.book(m.id, made.class.id)).json();
    const after = (await cancel(booked.id)).json();
    expect(after).toMatchObject({ status: 'late_cancelled', creditReturned: false, feeInvoice: null });
    expect(await creditsLeft(m.entitlementId)).toBe(9);
    expect(await ctx.database.db.select().from(invoices).where(eq(invoices.memberId, m.id))).toHaveLength(1);
  });
});
