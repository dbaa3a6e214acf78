/**
 * Refunds that give back less than was paid: part of a membership (what is unused, or an amount a
 * manager types), on invoices paid in full and on invoices paid in part, and a return with no
 * money at all. What the invoice says it was paid, refunded and still owed must follow from its
 * payment and refund rows, and no refund may answer 500.
 */
import { minor, share } from '@gym/contract/money';
import { addDays, daysBetween } from '@gym/contract/time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Headers, TestContext, TestOrganisation } from '../../test/harness.ts';
import { type SellingCatalogue, startSelling, stockOf } from '../../test/selling-catalogue.ts';

let ctx: TestContext, org: TestOrganisation, manager: Headers, desk: Headers;
let centerA: string, cat: SellingCatalogue, today: string;

const req = (...a: Parameters<TestContext['pro']>) => ctx.pro(...a);

beforeAll(async () => ({ ctx, org, manager, desk, centerA, cat, today } = await startSelling()));
afterAll(() => ctx?.close());

interface InvoiceView {
  id: string;
  totalMinor: number;
  paidMinor: number;
  refundedMinor: number;
  balanceMinor: number;
  state: string;
  lines: { id: string; refundedQuantity: number; refundedMinor: number; entitlementId: string | null }[];
  installments: { amountMinor: number; paidMinor: number }[];
  payments: { kind: string; amountMinor: number }[];
}

async function sale(body: Record<string, unknown>): Promise<{ invoice: InvoiceView; memberId: string }> {
  const member = await org.newMember();
  const res = await req('POST', `/students/${member.id}/sales`, desk, { centerId: centerA, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return { invoice: res.json(), memberId: member.id };
}

/** The invoice's figures as its rows say them: money in less money out, and what the refunds cancelled. */
async function fromRows(invoiceId: string) {
  const { rows } = (await ctx.database.db.execute(sql`
    select
      (select coalesce(sum(amount_minor) filter (where kind = 'payment'), 0) from payments where invoice_id = ${invoiceId})::bigint as paid_in,
      (select coalesce(sum(amount_minor) filter (where kind = 'refund'), 0) from payments where invoice_id = ${invoiceId})::bigint as paid_out,
      (select coalesce(sum(ri.credit_minor), 0) from refund_items ri join payments p on p.id = ri.refund_id where p.invoice_id = ${invoiceId})::bigint as cancelled`)) as unknown as {
    rows: { paid_in: string; paid_out: string; cancelled: string }[];
  };
  const r = rows[0]!;
  return { paidIn: Number(r.paid_in), paidOut: Number(r.paid_out), cancelled: Number(r.cancelled) };
}

/** What every refunded invoice must satisfy, whatever was refunded. */
async function expectConsistent(inv: InvoiceView) {
  const rows = await fromRows(inv.id);
  expect(inv.paidMinor).toBe(rows.paidIn - rows.paidOut);
  expect(inv.refundedMinor).toBe(rows.cancelled);
  expect(rows.paidOut).toBeLessThanOrEqual(rows.paidIn);
  expect(inv.paidMinor + inv.refundedMinor).toBeLessThanOrEqual(inv.totalMinor);
  expect(inv.balanceMinor).toBe(inv.totalMinor - inv.refundedMinor - inv.paidMinor);
  const open = inv.installments.reduce((s, i) => s + i.amountMinor - i.paidMinor, 0);
  expect(open).toBe(inv.balanceMinor);
}

const entitlementOf = async (memberId: string, id: string | null) =>
  (await req('GET', `/students/${memberId}/entitlements`, desk)).json().items.find((e: { id: string }) => e.id === id);

describe('refunding part of what was paid', () => {
  it('gives back an amount a manager types for a paid quarterly membership: the rest stays paid, nothing is owed', async () => {
    const { invoice, memberId } = await sale({
      lines: [{ itemType: 'membership', itemId: cat.quarterly.id }],
      payment: { method: 'card', amountMinor: 120_000 },
    });
    const res = await req('POST', `/invoices/${invoice.id}/refunds`, manager, {
      reason: 'Injury, goodwill',
      lines: [{ lineId: invoice.lines[0]!.id, amountMinor: 50_000 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const after: InvoiceView = res.json();
    expect(after).toMatchObject({
      totalMinor: 120_000,
      paidMinor: 70_000,
      refundedMinor: 50_000,
      balanceMinor: 0,
      state: 'partly_refunded',
    });
    expect(after.payments.map((p) => [p.kind, p.amountMinor])).toEqual([
      ['payment', 120_000],
      ['refund', 50_000],
    ]);
    expect(after.lines[0]).toMatchObject({ refundedQuantity: 1, refundedMinor: 50_000 });
    await expectConsistent(after);
    expect((await entitlementOf(memberId, after.lines[0]!.entitlementId)).status).toBe('refunded');
    // The line is refunded: a second refund of it is refused, not paid out again.
    const again = await req('POST', `/invoices/${invoice.id}/refunds`, manager, {
      reason: 'Twice',
      lines: [{ lineId: invoice.lines[0]!.id }],
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().fields[0]).toMatchObject({ path: 'lines.0.lineId', code: 'line_refunded' });
  });

  it('gives back the unused part of a paid quarterly membership started 45 days ago', async () => {
    const { invoice, memberId } = await sale({
      lines: [{ itemType: 'membership', itemId: cat.quarterly.id }],
      payment: { method: 'cash', amountMinor: 120_000 },
    });
    // Sold 45 days ago: its grant row and its state say so.
    const entId = invoice.lines[0]!.entitlementId!;
    await ctx.database.db.execute(
      sql`update entitlement_ledger set valid_from = valid_from - 45, valid_until = valid_until - 45 where entitlement_id = ${entId}`,
    );
    await ctx.database.db.execute(
      sql`update entitlement_state set valid_from = valid_from - 45, valid_until = valid_until - 45 where entitlement_id = ${entId}`,
    );
    const ent = await entitlementOf(memberId, entId);
    const days = daysBetween(ent.validFrom, ent.validUntil) + 1;
    const unused = daysBetween(today, ent.validUntil) + 1;
    expect(ent.validFrom).toBe(addDays(today, -45));
    const res = await req('POST', `/invoices/${invoice.id}/refunds`, manager, {
      reason: 'Moving away',
      lines: [{ lineId: invoice.lines[0]!.id, mode: 'unused' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const after: InvoiceView = res.json();
    const back = share(minor(120_000), unused, days);
    expect(back).toBeGreaterThan(0);
    expect(back).toBeLessThan(120_000);
    expect(after.payments.at(-1)).toMatchObject({ kind: 'refund', amountMinor: back });
    expect(after).toMatchObject({ paidMinor: 120_000 - back, refundedMinor: back, balanceMinor: 0 });
    await expectConsistent(after);
  });

  it('gives back the unused credits of a class pack paid in part, and cancels what was still to pay', async () => {
    const { invoice, memberId } = await sale({
      lines: [{ itemType: 'package', itemId: cat.pack.id }],
      depositMinor: 20_000,
      installments: [{ dueOn: addDays(today, 30) }],
      payment: { method: 'cash', amountMinor: 20_000 },
    });
    const entId = invoice.lines[0]!.entitlementId!;
    const used = await req('POST', `/students/${memberId}/entitlements/${entId}/actions`, manager, {
      action: 'adjust',
      credits: -5,
      reason: 'Five classes taken',
    });
    expect(used.statusCode, used.body).toBe(200);
    const res = await req('POST', `/invoices/${invoice.id}/refunds`, manager, {
      reason: 'Injury',
      lines: [{ lineId: invoice.lines[0]!.id, mode: 'unused' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const after: InvoiceView = res.json();
    // Half the credits are unused: half of the 20,000 paid comes back; the 60,000 not yet due is cancelled.
    expect(after.payments.at(-1)).toMatchObject({ kind: 'refund', amountMinor: 10_000 });
    expect(after).toMatchObject({ totalMinor: 80_000, paidMinor: 10_000, refundedMinor: 70_000, balanceMinor: 0 });
    expect(after.installments.map((i) => i.amountMinor - i.paidMinor)).toEqual([0, 0]);
    await expectConsistent(after);
  });

  it('gives back an amount typed for a membership paid in part', async () => {
    const { invoice } = await sale({
      lines: [{ itemType: 'membership', itemId: cat.monthly.id }],
      depositMinor: 20_000,
      installments: [{ dueOn: addDays(today, 30) }],
      payment: { method: 'cash', amountMinor: 20_000 },
    });
    const over = await req('POST', `/invoices/${invoice.id}/refunds`, manager, {
      reason: 'Moving away',
      lines: [{ lineId: invoice.lines[0]!.id, amountMinor: 20_001 }],
    });
    expect(over.statusCode).toBe(422);
    expect(over.json().fields[0]).toMatchObject({ path: 'lines.0.amountMinor', code: 'refund_over_paid' });
    const res = await req('POST', `/invoices/${invoice.id}/refunds`, manager, {
      reason: 'Moving away',
      lines: [{ lineId: invoice.lines[0]!.id, amountMinor: 5_000 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const after: InvoiceView = res.json();
    expect(after).toMatchObject({ paidMinor: 15_000, refundedMinor: 35_000, balanceMinor: 0 });
    await expectConsistent(after);
  });

  it('returns one of two towels keeping part of its price, then the other in full: the part kept stays kept', async () => {
    const { invoice } = await sale({
      lines: [{ itemType: 'product', itemId: cat.towel.id, quantity: 2 }],
      payment: { method: 'cash', amountMinor: 19_800 },
    });
    const first = await req('POST', `/invoices/${invoice.id}/refunds`, manager, {
      reason: 'Opened, restocking fee',
      lines: [{ lineId: invoice.lines[0]!.id, quantity: 1, amountMinor: 8_000 }],
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ paidMinor: 11_800, refundedMinor: 8_000, balanceMinor: 0 });
    await expectConsistent(first.json());
    const second = await req('POST', `/invoices/${invoice.id}/refunds`, manager, {
      reason: 'Unopened',
      lines: [{ lineId: invoice.lines[0]!.id, quantity: 1 }],
    });
    expect(second.statusCode, second.body).toBe(201);
    const after: InvoiceView = second.json();
    // The second towel's 9,900 comes back; the 1,900 kept on the first stays with the gym.
    expect(after.payments.at(-1)).toMatchObject({ kind: 'refund', amountMinor: 9_900 });
    expect(after).toMatchObject({ paidMinor: 1_900, refundedMinor: 17_900, balanceMinor: 0 });
    expect(after.lines[0]).toMatchObject({ refundedQuantity: 2, refundedMinor: 17_900 });
    await expectConsistent(after);
  });
});

describe('a return without money', () => {
  it('ends a paid membership and takes a towel back with 0 given back: nothing is paid out, the invoice stays paid', async () => {
    const { invoice, memberId } = await sale({
      lines: [
        { itemType: 'membership', itemId: cat.monthly.id },
        { itemType: 'product', itemId: cat.towel.id, quantity: 1 },
      ],
      payment: { method: 'card', amountMinor: 59_900 },
    });
    const stock = await stockOf(ctx.database.db, cat.towel.id, centerA);
    const res = await req('POST', `/invoices/${invoice.id}/refunds`, manager, {
      reason: 'Membership ended for misconduct',
      lines: [
        { lineId: invoice.lines[0]!.id, amountMinor: 0 },
        { lineId: invoice.lines[1]!.id, quantity: 1, amountMinor: 0 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const after: InvoiceView = res.json();
    expect(after).toMatchObject({ paidMinor: 59_900, refundedMinor: 0, balanceMinor: 0, state: 'paid' });
    expect(after.payments.at(-1)).toMatchObject({ kind: 'refund', amountMinor: 0 });
    expect(after.lines.map((l) => l.refundedQuantity)).toEqual([1, 1]);
    await expectConsistent(after);
    expect((await entitlementOf(memberId, after.lines[0]!.entitlementId)).status).toBe('refunded');
    expect(await stockOf(ctx.database.db, cat.towel.id, centerA)).toBe((stock ?? 0) + 1);
  });
});
