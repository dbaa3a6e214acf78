/**
 * The provider interface's simulated provider and the organisation's payment settings: secrets
 * sealed, never answered; checkout sessions opened once per order; each outcome of the checkout page
 * with the webhook it sends, signed as Stripe signs; retries with backoff; held deliveries; outages.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, paymentSettings, simulatedCheckoutSessions } from '../../db/schema/index.ts';
import { type SettableClock, settableClock } from '../../lib/clock.ts';
import { createVault } from '../../lib/vault.ts';
import { createTestContext, type Headers, type TestContext, type TestOrganisation } from '../../test/harness.ts';
import { checkSignature, type PaymentsRuntime, paymentsOf } from './index.ts';
import type { CheckoutRequest } from './provider.ts';

let ctx: TestContext;
let org: TestOrganisation;
let admin: Headers;
let clock: SettableClock;
let payments: PaymentsRuntime;
const sent: { raw: string; headers: Record<string, string> }[] = [];

beforeAll(async () => {
  clock = settableClock('2026-03-02T02:00:00Z');
  ctx = await createTestContext({ PUBLIC_URL: 'https://gym.example' }, { clock });
  org = await ctx.newOrganisation({ name: 'Harbour Fitness', money: { currencyCode: 'HKD', currencySymbol: 'HK$' } });
  admin = await org.signIn('admin');
  payments = paymentsOf(ctx.deps);
  payments.stopClocks();
  payments.simulated.webhooks.transport = async (raw, headers) => {
    sent.push({ raw, headers });
    return 200;
  };
});
afterAll(() => ctx?.close());
beforeEach(() => {
  sent.length = 0;
});

const publicCall = (method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1/public${url}`, payload });

const request = (over: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  organisationId: org.id,
  orderId: randomUUID(),
  amountMinor: 50_000,
  currencyCode: 'HKD',
  description: 'Invoice A-000001',
  merchantName: 'Harbour Fitness',
  returnUrl: 'https://gym.example/payment-status/x/',
  expiresAt: new Date(clock.now().getTime() + 30 * 60_000),
  ...over,
});

async function open(over: Partial<CheckoutRequest> = {}) {
  const settings = await payments.settingsOf(org.id);
  return payments.simulated.createCheckout(settings, request(over));
}

/** The events sent so far, their signatures checked with the organisation's secrets now. */
async function events() {
  const { webhookSecrets } = await payments.settingsOf(org.id);
  return sent.map(({ raw, headers }) => {
    expect(
      checkSignature(headers['simulated-signature'], Buffer.from(raw), webhookSecrets, clock.now().getTime() / 1000),
    ).toBe('valid');
    return payments.simulated.eventOf(JSON.parse(raw));
  });
}

describe('payment settings', () => {
  it('start as the simulated provider with a webhook secret of its own, shown masked, stored sealed', async () => {
    const res = await ctx.pro('GET', '/payment-settings', admin);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json();
    expect(view).toEqual({
      provider: 'simulated',
      secretKey: null,
      webhookSecrets: [{ masked: expect.stringMatching(/^••••.{4}$/), createdAt: expect.any(String) }],
      webhookUrl: 'https://gym.example/api/v1/webhooks/payments/simulated',
      // Payment reminders start on, with the days and a centre's daytime.
      reminders: {
        enabled: true,
        offsets: [-3, 1, 3, 7],
        windowStart: '09:00',
        windowEnd: '20:00',
        blockBookingsAfterDays: null,
      },
    });
    const [secret] = (await payments.settingsOf(org.id)).webhookSecrets;
    expect(secret).toMatch(/^whsec_sim_/);
    expect(view.webhookSecrets[0].masked).toBe(`••••${secret!.slice(-4)}`);
    expect(res.body).not.toContain(secret);
    const [row] = await ctx.database.db
      .select()
      .from(paymentSettings)
      .where(eq(paymentSettings.organisationId, org.id));
    expect(JSON.stringify(row)).not.toContain(secret);
  });

  it('take a new webhook secret beside the old one (a rotation) and an API key, never answering or storing them in clear', async () => {
    const [old] = (await payments.settingsOf(org.id)).webhookSecrets;
    const res = await ctx.pro('PUT', '/payment-settings', admin, {
      provider: 'simulated',
      secretKey: 'sk_test_keep-this-private-9876',
      webhookSecret: 'whsec_rotated-secret-4321',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      secretKey: { masked: '••••9876' },
      webhookSecrets: [{ masked: '••••4321' }, { masked: `••••${old!.slice(-4)}` }],
    });
    for (const plain of ['sk_test_keep-this-private-9876', 'whsec_rotated-secret-4321']) {
      expect(res.body).not.toContain(plain);
      expect((await ctx.pro('GET', '/payment-settings', admin)).body).not.toContain(plain);
      const rows = await ctx.database.db
        .select()
        .from(paymentSettings)
        .where(eq(paymentSettings.organisationId, org.id));
      expect(JSON.stringify(rows)).not.toContain(plain);
      const audits = await ctx.database.db.select().from(auditLog).where(eq(auditLog.organisationId, org.id));
      expect(JSON.stringify(audits)).not.toContain(plain);
    }
    expect(await payments.settingsOf(org.id)).toMatchObject({
      secretKey: 'sk_test_keep-this-private-9876',
      webhookSecrets: ['whsec_rotated-secret-4321', old],
    });
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'payment_settings.changed'));
    expect(audit).toMatchObject({ organisationId: org.id, entityType: 'config' });
    expect(audit!.after).toMatchObject({ secretKey: '••••9876' });

    const retired = await ctx.pro('PUT', '/payment-settings', admin, {
      provider: 'simulated',
      retireOldWebhookSecrets: true,
    });
    expect(retired.json().webhookSecrets).toEqual([{ masked: '••••4321', createdAt: expect.any(String) }]);
    expect((await payments.settingsOf(org.id)).webhookSecrets).toEqual(['whsec_rotated-secret-4321']);
  });

  it('may be read by a manager and changed by an admin only', async () => {
    const manager = await org.signIn('manager');
    expect((await ctx.pro('GET', '/payment-settings', manager)).statusCode).toBe(200);
    expect((await ctx.pro('PUT', '/payment-settings', manager, { provider: 'simulated' })).statusCode).toBe(403);
    expect((await ctx.pro('GET', '/payment-settings', await org.signIn('frontdesk'))).statusCode).toBe(403);
  });

  it('are sealed for their organisation with the configured key: another organisation or another key cannot open them', async () => {
    const sealed = await payments.vault.seal('whsec_only-for-us', org.id);
    expect(await payments.vault.open(sealed, org.id)).toBe('whsec_only-for-us');
    await expect(payments.vault.open(sealed, randomUUID())).rejects.toThrow();
    const configured = createVault(ctx.database.db, { PAYMENT_SECRETS_KEY: 'k'.repeat(40) });
    const other = createVault(ctx.database.db, { PAYMENT_SECRETS_KEY: 'j'.repeat(40) });
    await expect(other.open(await configured.seal('x', org.id), org.id)).rejects.toThrow();
  });
});

describe('the simulated provider', () => {
  it('opens one checkout session per order, however often it is asked, on its own page', async () => {
    const orderId = randomUUID();
    const first = await open({ orderId });
    const again = await open({ orderId });
    expect(again.sessionId).toBe(first.sessionId);
    expect(first.checkoutUrl).toBe(`https://gym.example/simulated-checkout/${first.sessionId}`);
    const page = await publicCall('GET', `/simulated-checkout/${first.sessionId}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      status: 'open',
      amount: 50_000,
      currency: 'HKD',
      merchantName: 'Harbour Fitness',
    });
    const rows = await ctx.database.db
      .select()
      .from(simulatedCheckoutSessions)
      .where(eq(simulatedCheckoutSessions.orderId, orderId));
    expect(rows).toHaveLength(1);
  });

  it('success: pays and sends checkout.session.completed, signed; the session then takes no other outcome', async () => {
    const orderId = randomUUID();
    const { sessionId } = await open({ orderId });
    const res = await publicCall('POST', `/simulated-checkout/${sessionId}`, { outcome: 'success' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'paid', returnUrl: 'https://gym.example/payment-status/x/' });
    await payments.simulated.webhooks.idle();
    expect(await events()).toEqual([
      {
        eventId: expect.stringMatching(/^evt_sim_/),
        type: 'checkout.session.completed',
        orderId,
        report: {
          sessionId,
          status: 'paid',
          amountMinor: 50_000,
          currencyCode: 'HKD',
          reference: expect.stringMatching(/^pi_sim_/),
          failureReason: null,
        },
      },
    ]);
    const twice = await publicCall('POST', `/simulated-checkout/${sessionId}`, { outcome: 'decline' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('checkout_closed');
    expect(
      await payments.simulated.lookup(await payments.settingsOf(org.id), { orderId, sessionId: null }),
    ).toMatchObject({ status: 'paid', sessionId });
  });

  it('decline fails with the reason; cancel sends the expiry marked as the member’s', async () => {
    const declined = await open();
    await publicCall('POST', `/simulated-checkout/${declined.sessionId}`, { outcome: 'decline' });
    const canceled = await open();
    await publicCall('POST', `/simulated-checkout/${canceled.sessionId}`, { outcome: 'cancel' });
    await payments.simulated.webhooks.idle();
    const [failed, cancel] = await events();
    expect(failed).toMatchObject({
      type: 'checkout.session.async_payment_failed',
      report: { status: 'failed', failureReason: 'Your card was declined.' },
    });
    expect(cancel).toMatchObject({ type: 'checkout.session.expired', report: { status: 'canceled' } });
  });

  it('action: waits for the member’s confirmation (no event), then success pays', async () => {
    const { sessionId } = await open();
    const asked = await publicCall('POST', `/simulated-checkout/${sessionId}`, { outcome: 'action' });
    expect(asked.json().status).toBe('requires_action');
    await payments.simulated.webhooks.idle();
    expect(sent).toEqual([]);
    await publicCall('POST', `/simulated-checkout/${sessionId}`, { outcome: 'success' });
    await payments.simulated.webhooks.idle();
    expect((await events()).map((e) => e.report?.status)).toEqual(['paid']);
  });

  it('pending: completed but unpaid at once, then settles on the provider’s clock with its own event', async () => {
    const { sessionId } = await open();
    await publicCall('POST', `/simulated-checkout/${sessionId}`, { outcome: 'pending' });
    clock.advance(60_000);
    expect(await payments.simulated.tick()).toBe(0);
    clock.advance(61_000);
    expect(await payments.simulated.tick()).toBe(1);
    await payments.simulated.webhooks.idle();
    const [completed, settled] = await events();
    expect(completed).toMatchObject({ type: 'checkout.session.completed', report: { status: 'processing' } });
    expect(settled).toMatchObject({
      type: 'checkout.session.async_payment_succeeded',
      report: { status: 'paid', amountMinor: 50_000 },
    });
    expect(settled!.eventId).not.toBe(completed!.eventId);
  });

  it('expires a session nobody paid: the late button is refused and the expiry is sent once', async () => {
    const { sessionId } = await open();
    clock.advance(31 * 60_000);
    expect(
      (await payments.simulated.lookup(await payments.settingsOf(org.id), { orderId: '', sessionId })).status,
    ).toBe('expired');
    const late = await publicCall('POST', `/simulated-checkout/${sessionId}`, { outcome: 'success' });
    expect(late.statusCode).toBe(409);
    // The provider's own clock expires the other sessions left open by the tests above, not this one again.
    await payments.simulated.tick();
    await payments.simulated.webhooks.idle();
    const mine = (await events()).filter((e) => e.report?.sessionId === sessionId);
    expect(mine.map((e) => [e.type, e.report?.status])).toEqual([['checkout.session.expired', 'expired']]);
  });

  it('knows no session for an order it was never asked about', async () => {
    const report = await payments.simulated.lookup(await payments.settingsOf(org.id), {
      orderId: randomUUID(),
      sessionId: null,
    });
    expect(report.status).toBe('missing');
  });

  it('tries a webhook again with a doubling wait until it is answered 2xx', async () => {
    const webhooks = payments.simulated.webhooks;
    const saved = { ...webhooks.options };
    const answers = [500, 503, 200];
    webhooks.transport = async (raw, headers) => {
      sent.push({ raw, headers });
      return answers.shift() ?? 200;
    };
    webhooks.options.backoffMs = 30;
    try {
      const { sessionId } = await open();
      await publicCall('POST', `/simulated-checkout/${sessionId}`, { outcome: 'success' });
      await webhooks.idle();
      const tries = webhooks.attempts.filter((a) => JSON.parse(sent[0]!.raw).id === a.eventId);
      expect(tries.map((a) => [a.attempt, a.status])).toEqual([
        [1, 500],
        [2, 503],
        [3, 200],
      ]);
      expect(tries[1]!.at - tries[0]!.at).toBeGreaterThanOrEqual(25);
      expect(tries[2]!.at - tries[1]!.at).toBeGreaterThanOrEqual(55);
      // The same event each time, signed again at each delivery.
      expect(new Set(sent.map((s) => JSON.parse(s.raw).id)).size).toBe(1);
    } finally {
      Object.assign(webhooks.options, saved);
      webhooks.transport = async (raw, headers) => {
        sent.push({ raw, headers });
        return 200;
      };
    }
  });

  it('in tests holds its webhooks for the test to deliver once, several times, late or never', async () => {
    const webhooks = payments.simulated.webhooks;
    webhooks.hold();
    const { sessionId } = await open();
    await publicCall('POST', `/simulated-checkout/${sessionId}`, { outcome: 'success' });
    expect(sent).toEqual([]);
    const [held] = webhooks.takeHeld();
    expect(held!.organisationId).toBe(org.id);
    clock.advance(10 * 60_000);
    expect(await webhooks.deliverOnce(held!)).toBe(200);
    expect(await webhooks.deliverOnce(held!)).toBe(200);
    // Signed when delivered, not when the payment was made.
    expect(sent.map((s) => s.headers['simulated-signature']!.split(',')[0])).toEqual([
      `t=${Math.floor(clock.now().getTime() / 1000)}`,
      `t=${Math.floor(clock.now().getTime() / 1000)}`,
    ]);
    expect((await events()).map((e) => e.eventId)).toEqual([held!.id, held!.id]);
  });

  it('may not answer: a checkout refused outright opens nothing; an answer lost after the session was opened leaves it to be found', async () => {
    const settings = await payments.settingsOf(org.id);
    const down = request();
    payments.simulated.outage = { mode: 'down', calls: 1 };
    await expect(payments.simulated.createCheckout(settings, down)).rejects.toThrow(/down/);
    expect((await payments.simulated.lookup(settings, { orderId: down.orderId, sessionId: null })).status).toBe(
      'missing',
    );
    const lost = request();
    payments.simulated.outage = { mode: 'lose-answer', calls: 1 };
    await expect(payments.simulated.createCheckout(settings, lost)).rejects.toThrow(/lost/);
    expect((await payments.simulated.lookup(settings, { orderId: lost.orderId, sessionId: null })).status).toBe('open');
    expect(payments.simulated.outage).toBeNull();
  });
});
