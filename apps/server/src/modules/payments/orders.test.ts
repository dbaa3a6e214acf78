/**
 * Orders and their fulfilment: a checkout opens one order per purpose; the provider not answering
 * leaves it `unknown`; the member's return and the janitor bring the provider's word to the one
 * fulfilment use case, which records the payment as the desk does, once, and refuses money that
 * does not match (flagged, audited).
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, commissionEntries, paymentOrders, payments as paymentRows } from '../../db/schema/index.ts';
import { runCommand, systemCaller } from '../../lib/use-case.ts';
import {
  depositAndTwo,
  insertInvoices,
  orderRow,
  type PaymentsTest,
  pressOnCheckout,
  publicCall,
  startPayments,
} from '../../test/payments.ts';
import { startCheckout } from './checkout.ts';
import { fulfilOrder } from './fulfil-order.ts';
import { sweepOrders } from './janitor.ts';
import type { ProviderReport } from './provider.ts';

let t: PaymentsTest;

beforeAll(async () => {
  t = await startPayments();
  // Webhooks are the next step's: here they are held and never delivered, so only the member's
  // return and the janitor bring the provider's word.
  t.payments.simulated.webhooks.hold();
});
afterAll(() => t?.ctx.close());

async function newInvoice(totalMinor = 50_000, installments?: { dueOn: string; amountMinor: number }[]) {
  const member = await t.org.newMember({ firstName: 'Tai Man', lastName: 'Chan' });
  const [invoice] = await insertInvoices(t.ctx, t.org, [{ memberId: member.id, totalMinor, installments }]);
  return { member, invoice: invoice! };
}

const checkout = (invoiceId: string) => startCheckout(t.ctx.deps, t.payments, t.org.id, { kind: 'invoice', invoiceId });
const theReturn = (orderId: string) => publicCall(t.ctx, 'GET', `/orders/${orderId}`);
const invoiceOf = async (id: string) => (await t.ctx.pro('GET', `/invoices/${id}`, t.manager)).json();
const onlinePayments = (invoiceId: string) =>
  t.ctx.database.db
    .select()
    .from(paymentRows)
    .where(and(eq(paymentRows.invoiceId, invoiceId), eq(paymentRows.method, 'online')));

const paid = (over: Partial<ProviderReport> = {}): ProviderReport => ({
  sessionId: null,
  status: 'paid',
  amountMinor: 50_000,
  currencyCode: 'HKD',
  reference: `pi_test_${randomUUID()}`,
  failureReason: null,
  ...over,
});
const fulfil = (orderId: string, report: ProviderReport) =>
  runCommand(t.ctx.deps, systemCaller(t.org.id, 'test'), fulfilOrder, { orderId, report });

describe('opening a checkout', () => {
  it('writes an order and opens its checkout: pending, with the provider’s session and page', async () => {
    const { invoice, member } = await newInvoice();
    const answer = await checkout(invoice.id);
    expect(answer.checkoutUrl).toMatch(/^https:\/\/gym\.example\/simulated-checkout\/cs_sim_/);
    expect(await orderRow(t.ctx, answer.orderId)).toMatchObject({
      state: 'pending',
      amountMinor: 50_000,
      currencyCode: 'HKD',
      memberId: member.id,
      provider: 'simulated',
      sessionId: answer.checkoutUrl.split('/').pop(),
      description: `Invoice ${invoice.number}`,
    });
  });

  it('answers the same order and page for a second click, a second tab, twenty at once', async () => {
    const { invoice } = await newInvoice();
    const answers = await Promise.all(Array.from({ length: 20 }, () => checkout(invoice.id)));
    expect(new Set(answers.map((a) => a.orderId)).size).toBe(1);
    expect(new Set(answers.map((a) => a.checkoutUrl)).size).toBe(1);
    const orders = await t.ctx.database.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.purpose, `invoice:${invoice.id}`));
    expect(orders).toHaveLength(1);
  });

  it('refuses a settled or void invoice before asking the provider', async () => {
    const { invoice } = await newInvoice(10_000);
    await t.ctx.pro('POST', `/invoices/${invoice.id}/payments`, t.desk, { method: 'cash', amountMinor: 10_000 });
    await expect(checkout(invoice.id)).rejects.toMatchObject({ status: 422, fields: [{ code: 'invoice_settled' }] });
  });

  it('marks the order unknown when the provider does not answer, and the member is told to try again', async () => {
    const { invoice } = await newInvoice();
    t.payments.simulated.outage = { mode: 'down', calls: 1 };
    const refused = await checkout(invoice.id).catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 503, code: 'payment_provider_unavailable' });
    const [order] = await t.ctx.database.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.purpose, `invoice:${invoice.id}`));
    expect(order!.state).toBe('unknown');
    // Trying again takes the same order: the provider answers this time.
    const again = await checkout(invoice.id);
    expect(again.orderId).toBe(order!.id);
    expect((await orderRow(t.ctx, order!.id)).state).toBe('pending');
  });

  it('an answer lost after the provider opened the session: trying again finds that same session', async () => {
    const { invoice } = await newInvoice();
    t.payments.simulated.outage = { mode: 'lose-answer', calls: 1 };
    await expect(checkout(invoice.id)).rejects.toMatchObject({ status: 503 });
    const [order] = await t.ctx.database.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.purpose, `invoice:${invoice.id}`));
    expect(order).toMatchObject({ state: 'unknown', sessionId: null });
    const again = await checkout(invoice.id);
    expect(again.orderId).toBe(order!.id);
    const row = await orderRow(t.ctx, order!.id);
    expect(row.state).toBe('pending');
    const report = await t.payments.simulated.lookup(await t.payments.settingsOf(t.org.id), {
      orderId: order!.id,
      sessionId: null,
    });
    expect(report.sessionId).toBe(row.sessionId);
  });
});

describe('the member’s return', () => {
  it('applies a success itself (the webhook not yet come): the desk’s payment, method online, the provider’s reference', async () => {
    const { invoice } = await newInvoice(50_000, depositAndTwo());
    const { orderId, checkoutUrl } = await checkout(invoice.id);
    expect((await theReturn(orderId)).json()).toMatchObject({ state: 'pending', amount: 50_000, currency: 'HKD' });
    await pressOnCheckout(t.ctx, checkoutUrl, 'success');
    t.clock.advance(5_000);
    const status = await theReturn(orderId);
    expect(status.json()).toEqual({
      state: 'succeeded',
      amount: 50_000,
      currency: 'HKD',
      receiptUrl: `https://gym.example/api/v1/public/orders/${orderId}/receipt`,
      organisationName: 'Harbour Fitness',
      centerName: 'Centre A',
      language: 'en',
    });
    const [payment] = await onlinePayments(invoice.id);
    const order = await orderRow(t.ctx, orderId);
    expect(payment).toMatchObject({
      kind: 'payment',
      amountMinor: 50_000,
      staffId: null,
      reference: order.providerReference,
    });
    expect(order.providerReference).toMatch(/^pi_sim_/);
    const after = await invoiceOf(invoice.id);
    expect(after).toMatchObject({ state: 'paid', paidMinor: 50_000, balanceMinor: 0 });
    expect(after.installments.map((i: { paidMinor: number }) => i.paidMinor)).toEqual([10_000, 20_000, 20_000]);
    const receipt = await publicCall(t.ctx, 'GET', `/orders/${orderId}/receipt`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    // The webhook that comes later changes nothing.
    t.clock.advance(5_000);
    await theReturn(orderId);
    expect(await onlinePayments(invoice.id)).toHaveLength(1);
  });

  it('follows money that settles later: pending until the provider settles it', async () => {
    const { invoice } = await newInvoice();
    const { orderId, checkoutUrl } = await checkout(invoice.id);
    await pressOnCheckout(t.ctx, checkoutUrl, 'pending');
    t.clock.advance(5_000);
    expect((await theReturn(orderId)).json().state).toBe('pending');
    t.clock.advance(2 * 60_000);
    await t.payments.simulated.tick();
    expect((await theReturn(orderId)).json().state).toBe('succeeded');
    expect(await onlinePayments(invoice.id)).toHaveLength(1);
  });

  it('shows a decline with its reason; a new checkout is a new order', async () => {
    const { invoice } = await newInvoice();
    const first = await checkout(invoice.id);
    await pressOnCheckout(t.ctx, first.checkoutUrl, 'decline');
    t.clock.advance(5_000);
    expect((await theReturn(first.orderId)).json()).toMatchObject({
      state: 'failed',
      failureReason: 'Your card was declined.',
    });
    const second = await checkout(invoice.id);
    expect(second.orderId).not.toBe(first.orderId);
    expect(await onlinePayments(invoice.id)).toEqual([]);
  });

  it('answers 404 for an order that does not exist', async () => {
    expect((await theReturn(randomUUID())).statusCode).toBe(404);
  });
});

describe('the one fulfilment use case', () => {
  it('records a payment once however often the provider’s word comes', async () => {
    const { invoice } = await newInvoice();
    const { orderId } = await checkout(invoice.id);
    const report = paid();
    await Promise.all([fulfil(orderId, report), fulfil(orderId, report), fulfil(orderId, report)]);
    await fulfil(orderId, report);
    expect(await onlinePayments(invoice.id)).toHaveLength(1);
    expect((await invoiceOf(invoice.id)).paidMinor).toBe(50_000);
  });

  it('ignores a failure or an expiry after the money came, and records money that comes after a failure', async () => {
    const { invoice } = await newInvoice();
    const { orderId } = await checkout(invoice.id);
    await fulfil(orderId, paid());
    await fulfil(orderId, { ...paid(), status: 'failed', failureReason: 'late' });
    await fulfil(orderId, { ...paid(), status: 'expired' });
    expect((await orderRow(t.ctx, orderId)).state).toBe('succeeded');

    const other = await newInvoice();
    const second = await checkout(other.invoice.id);
    await fulfil(second.orderId, { ...paid(), status: 'failed', failureReason: 'Your card was declined.' });
    expect((await orderRow(t.ctx, second.orderId)).state).toBe('failed');
    await fulfil(second.orderId, paid());
    expect((await orderRow(t.ctx, second.orderId)).state).toBe('succeeded');
    expect(await onlinePayments(other.invoice.id)).toHaveLength(1);
  });

  it('records no payment for a wrong amount or currency: the order is held for review and audited', async () => {
    for (const [wrong, reason] of [
      [{ amountMinor: 40_000 }, 'amount_mismatch'],
      [{ currencyCode: 'USD' }, 'currency_mismatch'],
    ] as const) {
      const { invoice } = await newInvoice();
      const { orderId } = await checkout(invoice.id);
      await fulfil(orderId, paid(wrong));
      await fulfil(orderId, paid(wrong));
      expect(await orderRow(t.ctx, orderId)).toMatchObject({ state: 'succeeded', reviewReason: reason });
      expect(await onlinePayments(invoice.id)).toEqual([]);
      expect((await invoiceOf(invoice.id)).paidMinor).toBe(0);
      const audits = await t.ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, orderId));
      expect(audits).toHaveLength(1);
      expect(audits[0]).toMatchObject({
        action: 'online_payment.review_needed',
        entityType: 'online_payment',
        actorUserId: null,
      });
      expect(audits[0]!.after).toMatchObject({
        reviewReason: reason,
        reported: { ...{ amountMinor: 50_000, currencyCode: 'HKD' }, ...wrong },
      });
      expect((await theReturn(orderId)).json().receiptUrl).toBeUndefined();
    }
  });

  it('holds for review money an invoice can no longer take (paid at the desk meanwhile)', async () => {
    const { invoice } = await newInvoice();
    const { orderId } = await checkout(invoice.id);
    await t.ctx.pro('POST', `/invoices/${invoice.id}/payments`, t.desk, { method: 'cash', amountMinor: 50_000 });
    await fulfil(orderId, paid());
    expect(await orderRow(t.ctx, orderId)).toMatchObject({ state: 'succeeded', reviewReason: 'invoice_changed' });
    expect(await onlinePayments(invoice.id)).toEqual([]);
    expect((await invoiceOf(invoice.id)).paidMinor).toBe(50_000);
    const [audit] = await t.ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, orderId));
    expect(audit!.after).toMatchObject({
      reviewReason: 'invoice_changed',
      refused: [{ invoiceId: invoice.id, code: 'invoice_settled' }],
    });
  });

  it('behaves as a desk payment: the seller’s commission is credited on what the member paid online', async () => {
    const seller = await t.org.newUser({ role: 'frontdesk' });
    const { invoice } = await newInvoice();
    const { invoiceLines, commissionRules } = await import('../../db/schema/index.ts');
    await t.ctx.database.db
      .update(invoiceLines)
      .set({ soldById: seller.id })
      .where(eq(invoiceLines.invoiceId, invoice.id));
    await t.ctx.database.db
      .insert(commissionRules)
      .values({ organisationId: t.org.id, staffId: seller.id, itemType: 'any', kind: 'percent', percentBp: 1000 });
    const { orderId } = await checkout(invoice.id);
    await fulfil(orderId, paid());
    const [payment] = await onlinePayments(invoice.id);
    const earned = await t.ctx.database.db
      .select()
      .from(commissionEntries)
      .where(eq(commissionEntries.paymentId, payment!.id));
    expect(earned).toEqual([expect.objectContaining({ staffId: seller.id, amountMinor: 5_000 })]);
  });

  it('the desk cannot record a payment as online', async () => {
    const { invoice } = await newInvoice();
    const res = await t.ctx.pro('POST', `/invoices/${invoice.id}/payments`, t.desk, {
      method: 'online',
      amountMinor: 100,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([expect.objectContaining({ path: 'method', code: 'method_online_only' })]);
  });
});

describe('the janitor', () => {
  it('after 15 minutes asks about orders left without a word: records a success whose webhook was lost, closes what expired', async () => {
    const { invoice: paidInvoice } = await newInvoice();
    const { invoice: leftInvoice } = await newInvoice();
    const { invoice: downInvoice } = await newInvoice();
    const lost = await checkout(paidInvoice.id);
    const left = await checkout(leftInvoice.id);
    t.payments.simulated.outage = { mode: 'down', calls: 1 };
    await checkout(downInvoice.id).catch(() => undefined);
    const [never] = await t.ctx.database.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.purpose, `invoice:${downInvoice.id}`));
    await pressOnCheckout(t.ctx, lost.checkoutUrl, 'success');

    t.clock.advance(14 * 60_000);
    await sweepOrders(t.ctx.deps, t.payments);
    expect((await orderRow(t.ctx, lost.orderId)).state).toBe('pending');

    t.clock.advance(2 * 60_000);
    await sweepOrders(t.ctx.deps, t.payments);
    expect((await orderRow(t.ctx, lost.orderId)).state).toBe('succeeded');
    expect(await onlinePayments(paidInvoice.id)).toHaveLength(1);
    // Still open at the provider (30 minutes to pay): asked again in 15 minutes.
    expect((await orderRow(t.ctx, left.orderId)).state).toBe('pending');
    // The provider never opened a checkout for it: closed.
    expect((await orderRow(t.ctx, never!.id)).state).toBe('expired');

    t.clock.advance(16 * 60_000);
    await sweepOrders(t.ctx.deps, t.payments);
    expect((await orderRow(t.ctx, left.orderId)).state).toBe('expired');
    expect(await onlinePayments(leftInvoice.id)).toEqual([]);
  });

  it('leaves an order for the next sweep while the provider does not answer', async () => {
    const { invoice } = await newInvoice();
    const { orderId, checkoutUrl } = await checkout(invoice.id);
    await pressOnCheckout(t.ctx, checkoutUrl, 'success');
    t.clock.advance(16 * 60_000);
    const lookup = t.payments.simulated.lookup;
    t.payments.simulated.lookup = async () => {
      throw new (await import('./provider.ts')).ProviderUnavailable('down');
    };
    try {
      await sweepOrders(t.ctx.deps, t.payments);
      expect((await orderRow(t.ctx, orderId)).state).toBe('pending');
    } finally {
      t.payments.simulated.lookup = lookup;
    }
    await sweepOrders(t.ctx.deps, t.payments);
    expect((await orderRow(t.ctx, orderId)).state).toBe('succeeded');
  });
});
