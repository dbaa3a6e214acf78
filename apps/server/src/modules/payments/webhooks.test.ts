/**
 * Webhook intake: the signature checked on the raw body with the organisation's secrets and a
 * 300-second tolerance, each event stored once, the answer given before the work (the outbox applies
 * it), and the simulated provider's own webhooks applied end to end.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, payments as paymentRows, paymentWebhookEvents } from '../../db/schema/index.ts';
import { insertInvoices, orderRow, type PaymentsTest, pressOnCheckout, startPayments } from '../../test/payments.ts';
import { startCheckout } from './checkout.ts';
import { signatureHeader } from './signature.ts';

let t: PaymentsTest;
beforeAll(async () => {
  t = await startPayments();
});
afterAll(() => t?.ctx.close());
beforeEach(async () => {
  await t.payments.simulated.webhooks.idle();
  await t.ctx.deps.outbox.drain();
});

async function paidCheckout(outcome = 'success') {
  const member = await t.org.newMember();
  const [invoice] = await insertInvoices(t.ctx, t.org, [{ memberId: member.id, totalMinor: 50_000 }]);
  const { orderId, checkoutUrl } = await startCheckout(t.ctx.deps, t.payments, t.org.id, {
    kind: 'invoice',
    invoiceId: invoice!.id,
  });
  return { invoice: invoice!, orderId, checkoutUrl, press: () => pressOnCheckout(t.ctx, checkoutUrl, outcome) };
}

/** Everything the provider sent has arrived and the outbox has applied it. */
async function settled() {
  await t.payments.simulated.webhooks.idle();
  await t.ctx.deps.outbox.drain();
}

const onlinePayments = (invoiceId: string) =>
  t.ctx.database.db
    .select()
    .from(paymentRows)
    .where(and(eq(paymentRows.invoiceId, invoiceId), eq(paymentRows.method, 'online')));
const seconds = () => Math.floor(t.clock.now().getTime() / 1000);

/** Posts `raw` as the simulated provider would, signed with `secrets` at `at` (seconds). */
const post = (raw: string, signature: string | null) =>
  t.ctx.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/payments/simulated',
    headers: { 'content-type': 'application/json', ...(signature ? { 'simulated-signature': signature } : {}) },
    payload: raw,
  });

/** The event the provider holds for the test: the member's press, held, taken. */
async function heldEvent(outcome = 'success') {
  const checkout = await paidCheckout(outcome);
  t.payments.simulated.webhooks.hold();
  await checkout.press();
  const [event] = t.payments.simulated.webhooks.takeHeld();
  return { ...checkout, event: event! };
}

const secrets = async () => (await t.payments.settingsOf(t.org.id)).webhookSecrets;

describe('the simulated provider’s webhooks, end to end', () => {
  it('a payment on the checkout page lands on the invoice through the signed webhook and the outbox', async () => {
    const { invoice, orderId, press } = await paidCheckout();
    await press();
    await settled();
    expect((await orderRow(t.ctx, orderId)).state).toBe('succeeded');
    expect(await onlinePayments(invoice.id)).toHaveLength(1);
    const [stored] = await t.ctx.database.db
      .select()
      .from(paymentWebhookEvents)
      .where(eq(paymentWebhookEvents.orderId, orderId));
    expect(stored).toMatchObject({ provider: 'simulated', type: 'checkout.session.completed', outcome: 'applied' });
  });
});

describe('webhook intake', () => {
  it('stores an event once: repeats answer 200 and do nothing', async () => {
    const { invoice, event } = await heldEvent();
    const signature = () => signatureHeader([], 0, '');
    expect(signature()).toBe('t=0');
    for (let i = 0; i < 3; i++) {
      const res = await post(event.body, signatureHeader(await secrets(), seconds(), event.body));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ received: true });
    }
    await settled();
    const stored = await t.ctx.database.db
      .select()
      .from(paymentWebhookEvents)
      .where(eq(paymentWebhookEvents.eventId, event.id));
    expect(stored).toHaveLength(1);
    expect(await onlinePayments(invoice.id)).toHaveLength(1);
  });

  it('answers before the work: the event is stored and answered, and applied by the outbox afterwards', async () => {
    const { invoice, orderId, event } = await heldEvent();
    await t.ctx.deps.outbox.stop();
    try {
      const res = await post(event.body, signatureHeader(await secrets(), seconds(), event.body));
      expect(res.statusCode).toBe(200);
      const [stored] = await t.ctx.database.db
        .select()
        .from(paymentWebhookEvents)
        .where(eq(paymentWebhookEvents.eventId, event.id));
      expect(stored).toMatchObject({ processedAt: null, outcome: null });
      expect((await orderRow(t.ctx, orderId)).state).toBe('pending');
      expect(await onlinePayments(invoice.id)).toEqual([]);
    } finally {
      t.ctx.deps.outbox.start();
    }
    await t.ctx.deps.outbox.drain();
    expect((await orderRow(t.ctx, orderId)).state).toBe('succeeded');
    expect(await onlinePayments(invoice.id)).toHaveLength(1);
  });

  it('refuses a forged signature with 400 and stores nothing', async () => {
    const { invoice, orderId, event } = await heldEvent();
    const forged = await post(event.body, signatureHeader(['whsec_guessed_by_someone'], seconds(), event.body));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error).toBe('webhook_signature_invalid');
    // The right secret over another body (a changed amount) is no signature of this one.
    const changed = event.body.replace('"amount_total":50000', '"amount_total":1');
    const tampered = await post(changed, signatureHeader(await secrets(), seconds(), event.body));
    expect(tampered.statusCode).toBe(400);
    expect((await post(event.body, null)).statusCode).toBe(400);
    expect((await post('not json', signatureHeader(await secrets(), seconds(), 'not json'))).statusCode).toBe(400);
    await settled();
    expect(
      await t.ctx.database.db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.eventId, event.id)),
    ).toEqual([]);
    expect((await orderRow(t.ctx, orderId)).state).toBe('pending');
    expect(await onlinePayments(invoice.id)).toEqual([]);
  });

  it('refuses a timestamp more than 300 seconds from the server’s clock (a replay), either way', async () => {
    const { event } = await heldEvent();
    const at = async (offset: number) =>
      (await post(event.body, signatureHeader(await secrets(), seconds() + offset, event.body))).statusCode;
    expect(await at(-301)).toBe(400);
    expect(await at(301)).toBe(400);
    expect(await at(-299)).toBe(200);
  });

  it('checks with the organisation’s own secrets, both while one is rotated, the old one no more once retired', async () => {
    const admin = await t.org.signIn('admin');
    const [old] = await secrets();
    await t.ctx.pro('PUT', '/payment-settings', admin, {
      provider: 'simulated',
      webhookSecret: 'whsec_the-next-one-0001',
    });
    const first = await heldEvent();
    expect((await post(first.event.body, signatureHeader([old!], seconds(), first.event.body))).statusCode).toBe(200);
    await t.ctx.pro('PUT', '/payment-settings', admin, { provider: 'simulated', retireOldWebhookSecrets: true });
    const second = await heldEvent();
    expect((await post(second.event.body, signatureHeader([old!], seconds(), second.event.body))).statusCode).toBe(400);
    expect(
      (await post(second.event.body, signatureHeader(['whsec_the-next-one-0001'], seconds(), second.event.body)))
        .statusCode,
    ).toBe(200);
    // Another organisation's secret does not sign this organisation's events.
    const other = await t.ctx.newOrganisation();
    const theirs = (await t.payments.settingsOf(other.id)).webhookSecrets;
    const third = await heldEvent();
    expect((await post(third.event.body, signatureHeader(theirs, seconds(), third.event.body))).statusCode).toBe(400);
  });

  it('takes a signed event with a wrong amount but records no payment: the order is held for review, audited', async () => {
    const { invoice, orderId, event } = await heldEvent();
    const wrong = event.body.replace('"amount_total":50000', '"amount_total":5000');
    expect(wrong).not.toBe(event.body);
    const res = await post(wrong, signatureHeader(await secrets(), seconds(), wrong));
    expect(res.statusCode).toBe(200);
    await settled();
    expect(await orderRow(t.ctx, orderId)).toMatchObject({ state: 'succeeded', reviewReason: 'amount_mismatch' });
    expect(await onlinePayments(invoice.id)).toEqual([]);
    const [audit] = await t.ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, orderId));
    expect(audit).toMatchObject({ action: 'online_payment.review_needed' });
    expect(audit!.after).toMatchObject({ reported: { amountMinor: 5000, currencyCode: 'HKD' } });
  });

  it('refuses an event naming no organisation, or one that takes no payments', async () => {
    const body = JSON.stringify({
      id: 'evt_x',
      type: 'checkout.session.completed',
      data: { object: { metadata: {} } },
    });
    expect((await post(body, signatureHeader(await secrets(), seconds(), body))).statusCode).toBe(400);
    const stranger = await t.ctx.newOrganisation();
    const theirs = JSON.stringify({
      id: 'evt_y',
      type: 'x',
      data: { object: { metadata: { organisationId: stranger.id } } },
    });
    expect((await post(theirs, signatureHeader(await secrets(), seconds(), theirs))).statusCode).toBe(400);
  });
});
