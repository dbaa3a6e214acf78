/**
 * The overdue block: with "block class bookings after N days overdue", a member whose oldest unpaid
 * installment is N days past due books no class (422 `payment_overdue`, naming days and amount),
 * at N−1 days still does; the desk's flag and the door's warning say "overdue N days, amount", and
 * the door lets the member in.
 */
import { addDays } from '@gym/contract/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClassesFixture, classesFixture } from '../../test/classes-fixtures.ts';
import { createTestContext, type Headers, type TestContext } from '../../test/harness.ts';
import { insertInvoices } from '../../test/payments.ts';

let ctx: TestContext;
let f: ClassesFixture;
let admin: Headers;
beforeAll(async () => {
  ctx = await createTestContext();
  f = await classesFixture(ctx);
  admin = await f.org.signIn('admin');
});
afterAll(() => ctx?.close());

const settings = (blockBookingsAfterDays: number | null) =>
  ctx.pro('PUT', '/payment-settings/reminders', admin, {
    enabled: true,
    offsets: [-3, 1, 3, 7],
    windowStart: '09:00',
    windowEnd: '20:00',
    blockBookingsAfterDays,
  });

/** A member with class credits who owes an installment of 300.00 due `daysAgo` days before today. */
async function owingSince(daysAgo: number) {
  const member = await f.memberWithCredits();
  await insertInvoices(ctx, f.org, [
    {
      memberId: member.id,
      totalMinor: 30_000,
      installments: [{ dueOn: addDays(f.today(), -daysAgo), amountMinor: 30_000 }],
    },
  ]);
  return member;
}

describe('blocking class bookings after N days overdue', () => {
  it('refuses a member N days overdue, with the days and the amount, and books one N−1 days overdue', async () => {
    expect((await settings(5)).statusCode).toBe(200);
    const made = await f.newClass();
    const late = await owingSince(5);
    const almost = await owingSince(4);

    const refused = await f.book(late.id, made.class.id);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({
      error: 'payment_overdue',
      details: { days: 5, amountMinor: 30_000 },
      fields: [{ path: 'memberId', code: 'payment_overdue' }],
    });
    expect(refused.json().details.amount).toMatch(/300\.00/);
    expect((await f.book(almost.id, made.class.id)).statusCode).toBe(201);

    // Without the setting the same member books.
    expect((await settings(null)).statusCode).toBe(200);
    expect((await f.book(late.id, made.class.id, 'again')).statusCode).toBe(201);
  });

  it('flags the member at the desk, and the door lets them in with the warning', async () => {
    await settings(5);
    const late = await owingSince(6);
    const flag = await ctx.pro('GET', `/students/${late.id}/overdue`, f.desk);
    expect(flag.statusCode, flag.body).toBe(200);
    expect(flag.json().overdue).toMatchObject({ days: 6, amount: 30_000, blocksBookings: true });
    const clean = await f.memberWithCredits();
    expect((await ctx.pro('GET', `/students/${clean.id}/overdue`, f.desk)).json()).toEqual({ overdue: null });

    const entry = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/pro/students/${late.id}/entry`,
      headers: { ...f.desk, 'idempotency-key': `door-${late.id}` },
      payload: { center_id: f.org.centers[0]!.id },
    });
    expect(entry.statusCode, entry.body).toBe(200);
    expect(entry.json()).toMatchObject({
      result: 'granted',
      entry: { overdue: { days: 6, amount: 30_000, blocksBookings: true } },
    });
    const cleanEntry = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/pro/students/${clean.id}/entry`,
      headers: { ...f.desk, 'idempotency-key': `door-${clean.id}` },
      payload: { center_id: f.org.centers[0]!.id },
    });
    expect(cleanEntry.json().entry.overdue ?? null).toBeNull();
  });
});
