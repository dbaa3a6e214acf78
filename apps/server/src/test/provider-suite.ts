/**
 * The one test suite every payment provider's adapter passes (the "same provider test
 * suite"): run for the simulated provider and for Stripe (against the local Stripe-speaking
 * server). A driver plays the member on the provider's hosted page and the provider's own time;
 * everything else goes through the application as in production: checkouts opened by the
 * checkout use case, signed webhooks through the intake and the outbox, the janitor's questions,
 * refunds through the adapter.
 */
import { randomUUID } from 'node:crypto';
import type { OrderState, SimulatedOutcome } from '@gym/contract/payments';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { payments as paymentRows } from '../db/schema/index.ts';
import { type PaymentProvider, signatureHeader, startCheckout, sweepOrders } from '../modules/payments/index.ts';
import { insertInvoices, orderRow, type PaymentsTest, pressOnCheckout, startPayments } from './payments.ts';
import { type StripeServer, startStripeServer } from './stripe-server.ts';

export interface ProviderDriver {
  name: 'simulated' | 'stripe';
  t: PaymentsTest;
  provider: PaymentProvider;
  /** The member's button on the provider's hosted page of `checkoutUrl`. */
  press(checkoutUrl: string, outcome: SimulatedOutcome): Promise<void>;
  /** The provider's own time passes (settling, expiring). */
  tick(): Promise<void>;
  /** The provider's webhooks are held for the test (each taken one delivered as the test likes) or sent again as they come. */
  hold(): void;
  release(): void;
  takeHeld(): { body: string; deliver: () => Promise<number> }[];
  /** Every webhook under way has had its answer. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export async function simulatedDriver(): Promise<ProviderDriver> {
  const t = await startPayments();
  const webhooks = t.payments.simulated.webhooks;
  return {
    name: 'simulated',
    t,
    provider: t.payments.simulated,
    press: async (url, outcome) => {
      await pressOnCheckout(t.ctx, url, outcome);
    },
    tick: async () => {
      await t.payments.simulated.tick();
    },
    hold: () => webhooks.hold(),
    release: () => webhooks.release(),
    takeHeld: () => webhooks.takeHeld().map((e) => ({ body: e.body, deliver: () => webhooks.deliverOnce(e) })),
    idle: () => webhooks.idle(),
    close: () => t.ctx.close(),
  };
}

export const STRIPE_TEST_KEY = 'sk_test_harbour_fitness_0001';
export const STRIPE_TEST_WEBHOOK_SECRET = 'whsec_test_harbour_0001';

/** The application with an organisation on Stripe, and the local Stripe-speaking server it talks to. */
export async function startOnStripe(): Promise<{ t: PaymentsTest; stripe: StripeServer }> {
  let now = () => new Date();
  const stripe = await startStripeServer({ now: () => now() });
  const t = await startPayments({ STRIPE_API_URL: stripe.url });
  now = () => t.clock.now();
  stripe.addAccount(STRIPE_TEST_KEY, [STRIPE_TEST_WEBHOOK_SECRET]);
  const admin = await t.org.signIn('admin');
  const res = await t.ctx.pro('PUT', '/payment-settings', admin, {
    provider: 'stripe',
    secretKey: STRIPE_TEST_KEY,
    webhookSecret: STRIPE_TEST_WEBHOOK_SECRET,
    retireOldWebhookSecrets: true,
  });
  if (res.statusCode !== 200) throw new Error(`setting Stripe up: ${res.statusCode} ${res.body}`);
  stripe.transport = async (raw, headers) =>
    (await t.ctx.app.inject({ method: 'POST', url: '/api/v1/webhooks/payments/stripe', payload: raw, headers }))
      .statusCode;
  return { t, stripe };
}

export async function stripeDriver(): Promise<ProviderDriver> {
  const { t, stripe } = await startOnStripe();
  return {
    name: 'stripe',
    t,
    provider: t.payments.providerOf('stripe'),
    press: (url, outcome) => stripe.pay(url, outcome),
    tick: async () => {
      await stripe.tick();
    },
    hold: () => stripe.hold(),
    release: () => stripe.release(),
    takeHeld: () => stripe.takeHeld().map((e) => ({ body: e.body, deliver: () => stripe.deliverOnce(e) })),
    idle: () => stripe.idle(),
    close: async () => {
      await t.ctx.close();
      await stripe.close();
    },
  };
}

/** The suite, for the provider `start` gives. */
export function providerSuite(name: string, start: () => Promise<ProviderDriver>) {
  describe(`the ${name} provider (the provider test suite)`, () => {
    let d: ProviderDriver;
    let t: PaymentsTest;
    beforeAll(async () => {
      d = await start();
      t = d.t;
    });
    afterAll(() => d?.close());
    beforeEach(async () => {
      d.release();
      d.takeHeld();
      await settled();
    });

    async function settled() {
      await d.idle();
      await t.payments.simulated.webhooks.idle();
      await t.ctx.deps.outbox.drain();
    }

    async function checkout(totalMinor = 50_000) {
      const member = await t.org.newMember();
      const [invoice] = await insertInvoices(t.ctx, t.org, [{ memberId: member.id, totalMinor }]);
      const opened = await startCheckout(t.ctx.deps, t.payments, t.org.id, { kind: 'invoice', invoiceId: invoice!.id });
      return { invoice: invoice!, ...opened };
    }
    const onlinePayments = (invoiceId: string) =>
      t.ctx.database.db
        .select()
        .from(paymentRows)
        .where(and(eq(paymentRows.invoiceId, invoiceId), eq(paymentRows.method, 'online')));
    const stateOf = async (orderId: string) => (await orderRow(t.ctx, orderId)).state as OrderState;
    const settings = () => t.payments.settingsOf(t.org.id);
    const request = (orderId = randomUUID()) => ({
      organisationId: t.org.id,
      orderId,
      amountMinor: 12_300,
      currencyCode: 'HKD',
      description: 'Invoice A-000009',
      merchantName: 'Harbour Fitness',
      returnUrl: `https://gym.example/payment-status/${orderId}/`,
      expiresAt: new Date(t.clock.now().getTime() + 30 * 60_000),
    });

    it('opens one checkout per order with its expiry; asked again for the same order, answers the same session', async () => {
      const settingsNow = await settings();
      const req = request();
      const first = await d.provider.createCheckout(settingsNow, req);
      const again = await d.provider.createCheckout(settingsNow, req);
      expect(again.sessionId).toBe(first.sessionId);
      expect(first.checkoutUrl).toContain(first.sessionId);
      expect(first.expiresAt.getTime()).toBeGreaterThanOrEqual(req.expiresAt.getTime());
      const other = await d.provider.createCheckout(settingsNow, request());
      expect(other.sessionId).not.toBe(first.sessionId);
    });

    it('finds an order’s checkout by the order’s id when the answer naming its session was lost', async () => {
      const req = request();
      const opened = await d.provider.createCheckout(await settings(), req);
      const report = await d.provider.lookup(await settings(), {
        orderId: req.orderId,
        sessionId: null,
        createdAt: t.clock.now(),
      });
      expect(report).toMatchObject({
        sessionId: opened.sessionId,
        status: 'open',
        amountMinor: 12_300,
        currencyCode: 'HKD',
      });
      const none = await d.provider.lookup(await settings(), { orderId: randomUUID(), sessionId: null });
      expect(none.status).toBe('missing');
    });

    it('a paid checkout lands on the invoice once through its signed webhook, even delivered three times', async () => {
      const { invoice, orderId, checkoutUrl } = await checkout();
      d.hold();
      await d.press(checkoutUrl, 'success');
      const held = d.takeHeld();
      expect(held).toHaveLength(1);
      for (let i = 0; i < 3; i += 1) expect(await held[0]!.deliver()).toBe(200);
      await settled();
      const order = await orderRow(t.ctx, orderId);
      expect(order.state).toBe('succeeded');
      const paid = await onlinePayments(invoice.id);
      expect(paid).toHaveLength(1);
      expect(paid[0]).toMatchObject({ amountMinor: 50_000, reference: order.providerReference });
      expect(order.providerReference).toBeTruthy();
    });

    it('a declined payment fails the order and records no money', async () => {
      const { invoice, orderId, checkoutUrl } = await checkout();
      await d.press(checkoutUrl, 'decline');
      await settled();
      expect(await stateOf(orderId)).toBe('failed');
      expect(await onlinePayments(invoice.id)).toHaveLength(0);
    });

    it('money that settles later keeps the order pending, then records it once when the provider settles it', async () => {
      const { invoice, orderId, checkoutUrl } = await checkout();
      await d.press(checkoutUrl, 'pending');
      await settled();
      expect(await stateOf(orderId)).toBe('pending');
      expect(await onlinePayments(invoice.id)).toHaveLength(0);
      t.clock.advance(3 * 60_000);
      await d.tick();
      await settled();
      expect(await stateOf(orderId)).toBe('succeeded');
      expect(await onlinePayments(invoice.id)).toHaveLength(1);
    });

    it('the member’s bank check, then payment: paid once', async () => {
      const { invoice, orderId, checkoutUrl } = await checkout();
      await d.press(checkoutUrl, 'action');
      await settled();
      expect(await stateOf(orderId)).toBe('pending');
      await d.press(checkoutUrl, 'success');
      await settled();
      expect(await stateOf(orderId)).toBe('succeeded');
      expect(await onlinePayments(invoice.id)).toHaveLength(1);
    });

    it('a member who gives up leaves the order closed and unpaid', async () => {
      const { invoice, orderId, checkoutUrl } = await checkout();
      await d.press(checkoutUrl, 'cancel');
      await settled();
      expect(['canceled', 'expired']).toContain(await stateOf(orderId));
      expect(await onlinePayments(invoice.id)).toHaveLength(0);
    });

    it('a checkout nobody pays expires at its time', async () => {
      const { orderId } = await checkout();
      await d.tick();
      await settled();
      expect(await stateOf(orderId)).toBe('pending');
      t.clock.advance(35 * 60_000);
      await d.tick();
      await settled();
      expect(await stateOf(orderId)).toBe('expired');
    });

    it('a webhook lost on the way: the janitor asks the provider and records the money once', async () => {
      const { invoice, orderId, checkoutUrl } = await checkout();
      d.hold();
      await d.press(checkoutUrl, 'success');
      expect(d.takeHeld()).toHaveLength(1); // dropped
      t.clock.advance(16 * 60_000);
      await sweepOrders(t.ctx.deps, t.payments);
      await sweepOrders(t.ctx.deps, t.payments);
      expect(await stateOf(orderId)).toBe('succeeded');
      expect(await onlinePayments(invoice.id)).toHaveLength(1);
    });

    it('refuses a forged signature and a stale one (400) and takes one signed with the older of two active secrets', async () => {
      const { checkoutUrl } = await checkout();
      d.hold();
      await d.press(checkoutUrl, 'cancel');
      const [event] = d.takeHeld();
      const body = event!.body;
      const now = Math.floor(t.clock.now().getTime() / 1000);
      const post = (signature: string) =>
        t.ctx.app.inject({
          method: 'POST',
          url: `/api/v1/webhooks/payments/${d.name}`,
          headers: { 'content-type': 'application/json', [d.provider.signatureHeader]: signature },
          payload: body,
        });
      expect((await post(signatureHeader(['whsec_forged_secret'], now, body))).statusCode).toBe(400);
      const [current] = (await settings()).webhookSecrets;
      expect((await post(signatureHeader([current!], now - 301, body))).statusCode).toBe(400);
      expect((await post(signatureHeader([current!], now + 301, body))).statusCode).toBe(400);
      expect((await post(`${signatureHeader([current!], now, body)}0`)).statusCode).toBe(400);
      // A new secret while the old one is rotated out: the provider may still sign with the old one.
      const admin = await t.org.signIn('admin');
      const rotated = await t.ctx.pro('PUT', '/payment-settings', admin, {
        provider: d.name,
        webhookSecret: `whsec_rotated_${d.name}_2`,
      });
      expect(rotated.statusCode, rotated.body).toBe(200);
      expect((await settings()).webhookSecrets).toEqual([`whsec_rotated_${d.name}_2`, current]);
      expect((await post(signatureHeader([current!], now, body))).statusCode).toBe(200);
      expect((await post(signatureHeader([`whsec_rotated_${d.name}_2`], now, body))).statusCode).toBe(200);
    });

    it('gives back part of a payment: asked twice with the same refund id, one refund; its event names it', async () => {
      const { orderId, checkoutUrl } = await checkout();
      await d.press(checkoutUrl, 'success');
      await settled();
      const order = await orderRow(t.ctx, orderId);
      d.hold();
      const ask = {
        organisationId: t.org.id,
        orderId,
        refundId: randomUUID(),
        reference: order.providerReference!,
        amountMinor: 20_000,
        currencyCode: 'HKD',
      };
      const refund = await d.provider.refund(await settings(), ask);
      const again = await d.provider.refund(await settings(), ask);
      expect(refund).toMatchObject({
        status: 'succeeded',
        amountMinor: 20_000,
        currencyCode: 'HKD',
        refundId: ask.refundId,
      });
      expect(again.providerRefundId).toBe(refund.providerRefundId);
      const events = d.takeHeld().map((e) => d.provider.eventOf(JSON.parse(e.body)));
      expect(events.length).toBeGreaterThanOrEqual(1);
      expect(events[0]).toMatchObject({
        orderId,
        refund: { providerRefundId: refund.providerRefundId, refundId: ask.refundId, amountMinor: 20_000 },
      });
    });
  });
}
