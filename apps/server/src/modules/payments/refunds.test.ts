/**
 * Refunds of online payments go back through the provider (simulated and Stripe), partial allowed,
 * with the desk's money rules, and are recorded once on the invoice even when the provider's refund
 * webhook comes twice.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { invoiceLines, invoices, onlineRefunds, payments as paymentRows } from '../../db/schema/index.ts';
import { insertInvoices, type PaymentsTest } from '../../test/payments.ts';
import { type ProviderDriver, simulatedDriver, stripeDriver } from '../../test/provider-suite.ts';
import { startCheckout, sweepRefunds } from './index.ts';
import { JANITOR_AFTER_MS } from './janitor.ts';
import { simulatedRefundId } from './simulated/refunds.ts';

/** An invoice of HKD 500 paid online in full; its line and order. */
async function paidInFull(d: ProviderDriver) {
  const { t } = d;
  const member = await t.org.newMember();
  const invoice = (await insertInvoices(t.ctx, t.org, [{ memberId: member.id, totalMinor: 50_000 }]))[0]!;
  // A line with no stock behind it (the refund's other effects are the desk's, tested with sales).
  await t.ctx.database.db
    .update(invoiceLines)
    .set({ itemType: 'fee', description: 'Personal training fee' })
    .where(eq(invoiceLines.invoiceId, invoice.id));
  const { orderId, checkoutUrl } = await startCheckout(t.ctx.deps, t.payments, t.org.id, {
    kind: 'invoice',
    invoiceId: invoice.id,
  });
  await d.press(checkoutUrl, 'success');
  await d.idle();
  await t.ctx.deps.outbox.drain();
  const [line] = await t.ctx.database.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice.id));
  return { invoice, orderId, lineId: line!.id };
}

for (const [name, start] of [
  ['simulated', simulatedDriver],
  ['stripe', stripeDriver],
] as const) {
  describe(`refunds of online payments (${name})`, () => {
    let d: ProviderDriver;
    let t: PaymentsTest;
    beforeAll(async () => {
      d = await start();
      t = d.t;
    });
    afterAll(() => d?.close());
    beforeEach(() => {
      d.release();
      d.takeHeld();
    });

    async function settled() {
      await d.idle();
      await t.ctx.deps.outbox.drain();
    }

    const paidOnline = () => paidInFull(d);

    const refundsOf = (invoiceId: string) =>
      t.ctx.database.db
        .select()
        .from(paymentRows)
        .where(and(eq(paymentRows.invoiceId, invoiceId), eq(paymentRows.kind, 'refund')));
    const invoice = async (id: string) =>
      (await t.ctx.database.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;
    const ask = (orderId: string, body: object) =>
      t.ctx.pro('POST', `/online-payments/${orderId}/refunds`, t.manager, body);

    it('gives part back through the provider and records it once on the invoice, even when its webhook comes twice', async () => {
      const { invoice: paid, orderId, lineId } = await paidOnline();
      d.hold();
      const res = await ask(orderId, {
        invoiceId: paid.id,
        reason: 'Towel returned damaged',
        lines: [{ lineId, amountMinor: 20_000 }],
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ state: 'succeeded', amount: 20_000, currency: 'HKD' });
      const held = d.takeHeld();
      expect(held.length).toBeGreaterThanOrEqual(1);
      for (const event of held) {
        expect(await event.deliver()).toBe(200);
        expect(await event.deliver()).toBe(200);
      }
      d.release();
      await settled();
      const refunds = await refundsOf(paid.id);
      expect(refunds).toHaveLength(1);
      expect(refunds[0]).toMatchObject({
        method: 'online',
        amountMinor: 20_000,
        reference: res.json().providerRefundId,
      });
      expect((await invoice(paid.id)).paidMinor).toBe(30_000);
      const [row] = await t.ctx.database.db.select().from(onlineRefunds).where(eq(onlineRefunds.orderId, orderId));
      expect(row).toMatchObject({ state: 'succeeded', paymentId: refunds[0]!.id });
    });

    it('refuses more than was paid, with the desk’s rule, before the provider is asked', async () => {
      const { invoice: paid, orderId, lineId } = await paidOnline();
      d.hold();
      const over = await ask(orderId, {
        invoiceId: paid.id,
        reason: 'Too much',
        lines: [{ lineId, amountMinor: 50_001 }],
      });
      expect(over.statusCode).toBe(422);
      expect(over.json().fields[0]).toMatchObject({ code: 'refund_over_paid' });
      expect(d.takeHeld()).toHaveLength(0);
      expect(await refundsOf(paid.id)).toHaveLength(0);
      expect((await invoice(paid.id)).paidMinor).toBe(50_000);
      const whole = await ask(orderId, { invoiceId: paid.id, reason: 'Cancelled', lines: [{ lineId }] });
      expect(whole.statusCode, whole.body).toBe(201);
      expect(whole.json()).toMatchObject({ amount: 50_000 });
      expect((await invoice(paid.id)).paidMinor).toBe(0);
    });

    it('the desk cannot give an online payment back by hand', async () => {
      const { invoice: paid, lineId } = await paidOnline();
      const res = await t.ctx.pro('POST', `/invoices/${paid.id}/refunds`, t.manager, {
        reason: 'Towel returned',
        lines: [{ lineId }],
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().fields[0]).toMatchObject({ path: 'method', code: 'method_online_only' });
      expect(await refundsOf(paid.id)).toHaveLength(0);
    });
  });
}

describe('a refund the provider never answered', () => {
  let d: ProviderDriver;
  let t: PaymentsTest;
  beforeAll(async () => {
    d = await simulatedDriver();
    t = d.t;
  });
  afterAll(() => d?.close());

  it('is asked about again by the janitor and recorded once, with the key it was first asked with', async () => {
    const { invoice, orderId, lineId } = await paidInFull(d);

    // The provider takes the refund but its answer is lost: staff see 503, the request waits.
    t.payments.simulated.outage = { mode: 'lose-answer', calls: 1 };
    const res = await t.ctx.pro('POST', `/online-payments/${orderId}/refunds`, t.manager, {
      invoiceId: invoice.id,
      reason: 'Moved abroad',
      lines: [{ lineId, amountMinor: 12_000 }],
    });
    expect(res.statusCode, res.body).toBe(503);
    const waiting = async () =>
      (await t.ctx.database.db.select().from(onlineRefunds).where(eq(onlineRefunds.orderId, orderId)))[0]!;
    expect(await waiting()).toMatchObject({ state: 'requested', paymentId: null });

    // Not yet 15 minutes: left alone. After: asked again, recorded once on the invoice.
    expect(await sweepRefunds(t.ctx.deps, t.payments)).toBe(0);
    t.clock.set(new Date(t.clock.now().getTime() + JANITOR_AFTER_MS + 60_000));
    expect(await sweepRefunds(t.ctx.deps, t.payments)).toBe(1);
    await d.idle();
    await t.ctx.deps.outbox.drain();
    const refunds = await t.ctx.database.db
      .select()
      .from(paymentRows)
      .where(and(eq(paymentRows.invoiceId, invoice.id), eq(paymentRows.kind, 'refund')));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ method: 'online', amountMinor: 12_000 });
    expect((await t.ctx.database.db.select().from(invoices).where(eq(invoices.id, invoice.id)))[0]!.paidMinor).toBe(
      38_000,
    );
    expect(await waiting()).toMatchObject({ paymentId: refunds[0]!.id });
    // The provider's refund is the one it took the first time: the second ask carried the first one's key.
    expect(refunds[0]!.reference).toBe(simulatedRefundId((await waiting()).id));
    // Settled: the next sweep finds nothing.
    t.clock.set(new Date(t.clock.now().getTime() + JANITOR_AFTER_MS + 60_000));
    expect(await sweepRefunds(t.ctx.deps, t.payments)).toBe(0);
  });
});
