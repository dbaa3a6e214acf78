/**
 * Online payments as the "done when" asks, over the API on PGlite and on PostgreSQL:
 * - the chaos run: many simulated checkouts whose webhooks are each delivered 1–3 times, shuffled,
 *   some late, 10 % never, with the member's return racing them; then the janitor. No payment is
 *   recorded twice, none is lost, and every invoice's total is exact;
 * - a forged signature and a stale timestamp refused, a wrong amount refused and audited;
 * - a paid link refused before the provider is asked; twenty checkouts at once on one link, one order.
 * The run's size is `PAYMENTS_CHAOS_COUNT` (1,000 on PostgreSQL; fewer on PGlite, which takes one
 * statement at a time), its randomness `PAYMENTS_CHAOS_SEED`.
 */
import { writeFileSync } from 'node:fs';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invariantBreaches } from '../../db/invariants.ts';
import {
  auditLog,
  invoices,
  payLinks,
  paymentOrders,
  payments as paymentRows,
  paymentWebhookEvents,
  simulatedCheckoutSessions,
} from '../../db/schema/index.ts';
import {
  insertInvoices,
  type PaymentsTest,
  pressOnCheckout,
  publicCall,
  startPayments,
  TODAY,
} from '../../test/payments.ts';
import { sweepOrders } from './janitor.ts';
import { signatureHeader } from './signature.ts';
import type { SimulatedEvent } from './simulated/events.ts';

const ON_POSTGRES = process.env.TEST_DATABASE === 'postgres';
const COUNT = Number(process.env.PAYMENTS_CHAOS_COUNT ?? (ON_POSTGRES ? 1000 : 300));
const SEED = Number(process.env.PAYMENTS_CHAOS_SEED ?? 20_260_302);
/** Requests in flight at once, as phones and the provider send them. */
const PARALLEL = 8;

let t: PaymentsTest;
beforeAll(async () => {
  t = await startPayments();
});
afterAll(() => t?.ctx.close());

/** A small seeded random source (mulberry32): the same run for the same seed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Runs `work` over `items`, `PARALLEL` at a time. */
async function pool<T, R>(items: readonly T[], work: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(PARALLEL, items.length) }, async () => {
      for (let i = next++; i < items.length; i = next++) out[i] = await work(items[i]!, i);
    }),
  );
  return out;
}

async function settled() {
  await t.payments.simulated.webhooks.idle();
  await t.ctx.deps.outbox.drain();
}

const OUTCOMES = [
  'success',
  'success',
  'success',
  'success',
  'success',
  'success',
  'action',
  'pending',
  'decline',
  'cancel',
] as const;
type Outcome = (typeof OUTCOMES)[number];
const EXPECTED: Record<Outcome, string> = {
  success: 'succeeded',
  action: 'succeeded',
  pending: 'succeeded',
  decline: 'failed',
  cancel: 'canceled',
};

describe('the chaos run', () => {
  it(`${COUNT} checkouts: webhooks 1–3 times, shuffled, late, 10 % never, the member’s return racing them`, async () => {
    const rand = random(SEED);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
    const started = performance.now();
    const lap: Record<string, number> = {};
    const mark = (name: string) => {
      lap[name] = Math.round(performance.now() - started);
    };
    const webhooks = t.payments.simulated.webhooks;
    webhooks.hold();

    // A member each ten invoices; amounts from HK$10.00 to HK$5,000.00, a third in installments.
    const memberIds: string[] = [];
    for (let i = 0; i < Math.ceil(COUNT / 10); i++) memberIds.push((await t.org.newMember()).id);
    const specs = Array.from({ length: COUNT }, (_, i) => {
      const total = 1_000 + Math.floor(rand() * 499_000);
      const split =
        rand() < 0.33
          ? [
              { dueOn: TODAY, amountMinor: total - Math.floor(total / 2) },
              { dueOn: '2026-04-01', amountMinor: Math.floor(total / 2) },
            ]
          : undefined;
      return { memberId: memberIds[i % memberIds.length]!, totalMinor: total, installments: split };
    });
    const issued = await insertInvoices(t.ctx, t.org, specs);
    mark('invoices');

    // Staff send a pay link for each invoice's open balance.
    const links = await pool(issued, async (invoice) => {
      const res = await t.ctx.pro('POST', '/pay-links', t.desk, { invoiceId: invoice.id });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: string; token: string };
    });
    mark('links');

    // Members open their checkout (a fifth of them click twice at once) and press a button.
    // Drawn before the requests run at once, so that a seed always gives the same run.
    const drawn = links.map(() => ({ clicks: rand() < 0.2 ? 2 : 1, outcome: pick(OUTCOMES) }));
    const plan = await pool(links, async (link, i) => {
      const { clicks, outcome } = drawn[i]!;
      const answers = await Promise.all(
        Array.from({ length: clicks }, () => publicCall(t.ctx, 'POST', `/pay-links/${link.token}/checkout`)),
      );
      for (const a of answers) expect(a.statusCode, a.body).toBe(200);
      const { orderId, checkoutUrl } = answers[0]!.json() as { orderId: string; checkoutUrl: string };
      expect(new Set(answers.map((a) => a.json().orderId))).toEqual(new Set([orderId]));
      if (outcome === 'action') {
        expect((await pressOnCheckout(t.ctx, checkoutUrl, 'action')).json().status).toBe('requires_action');
        await pressOnCheckout(t.ctx, checkoutUrl, 'success');
      } else {
        const pressed = await pressOnCheckout(t.ctx, checkoutUrl, outcome);
        expect(pressed.statusCode, pressed.body).toBe(200);
      }
      return { invoice: issued[i]!, link, orderId, outcome };
    });
    mark('checkouts');

    // The money that settles later settles (on the provider's clock).
    t.clock.advance(3 * 60_000);
    await t.payments.simulated.tick();
    const events = webhooks.takeHeld();
    expect(events.length).toBeGreaterThanOrEqual(COUNT);

    // Each event delivered 1–3 times, or (10 %) never; the copies shuffled, a tenth of them late;
    // half of the members come back to the status page meanwhile.
    type Step = { kind: 'webhook'; event: SimulatedEvent } | { kind: 'return'; orderId: string };
    const steps: Step[] = [];
    let dropped = 0;
    for (const event of events) {
      if (rand() < 0.1) {
        dropped += 1;
        continue;
      }
      const copies = 1 + Math.floor(rand() * 3);
      for (let c = 0; c < copies; c++) steps.push({ kind: 'webhook', event });
    }
    for (const p of plan) if (rand() < 0.5) steps.push({ kind: 'return', orderId: p.orderId });
    for (let i = steps.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [steps[i], steps[j]] = [steps[j]!, steps[i]!];
    }
    const late = steps.filter(() => rand() < 0.1);
    const onTime = steps.filter((s) => !late.includes(s));
    const take = async (step: Step) => {
      if (step.kind === 'webhook') expect(await webhooks.deliverOnce(step.event)).toBe(200);
      else expect((await publicCall(t.ctx, 'GET', `/orders/${step.orderId}`)).statusCode).toBe(200);
    };
    await pool(onTime, take);
    t.clock.advance(60_000);
    await pool(late, take);
    await settled();
    mark('deliveries');

    // What no webhook and no return brought, the janitor recovers.
    t.clock.advance(16 * 60_000);
    await sweepOrders(t.ctx.deps, t.payments);
    await settled();
    mark('janitor');

    const { db } = t.ctx.database;
    const ids = plan.map((p) => p.invoice.id);
    const orders = await db.select().from(paymentOrders).where(eq(paymentOrders.organisationId, t.org.id));
    expect(orders).toHaveLength(COUNT);
    const byId = new Map(orders.map((o) => [o.id, o]));
    const wrongState = plan.filter((p) => byId.get(p.orderId)?.state !== EXPECTED[p.outcome]);
    expect(wrongState.map((p) => `${p.outcome} → ${byId.get(p.orderId)?.state}`)).toEqual([]);
    expect(orders.filter((o) => o.reviewReason)).toEqual([]);

    const recorded = await db
      .select()
      .from(paymentRows)
      .where(and(eq(paymentRows.organisationId, t.org.id), eq(paymentRows.method, 'online')));
    const paidOrders = plan.filter((p) => EXPECTED[p.outcome] === 'succeeded');
    // None twice, none lost.
    expect(recorded).toHaveLength(paidOrders.length);
    expect(new Set(recorded.map((r) => r.invoiceId)).size).toBe(paidOrders.length);
    expect(new Set(recorded.map((r) => r.reference)).size).toBe(paidOrders.length);
    // Every invoice's totals exact: paid in full by its order, or untouched.
    const after = await db.select().from(invoices).where(inArray(invoices.id, ids));
    const paidIds = new Set<string>(paidOrders.map((p) => p.invoice.id));
    const wrong = after.filter((i) =>
      paidIds.has(i.id)
        ? i.paidMinor !== i.totalMinor || i.state !== 'paid'
        : i.paidMinor !== 0 || i.state !== 'issued',
    );
    expect(wrong.map((i) => `${i.number}: ${i.paidMinor}/${i.totalMinor} ${i.state}`)).toEqual([]);
    const totalPaid = recorded.reduce((s, r) => s + r.amountMinor, 0);
    expect(totalPaid).toBe(paidOrders.reduce((s, p) => s + p.invoice.totalMinor, 0));
    // Each link paid exactly when its order succeeded; each event stored once and applied.
    const linkRows = await db.select().from(payLinks).where(eq(payLinks.organisationId, t.org.id));
    expect(linkRows.filter((l) => l.paidAt !== null)).toHaveLength(paidOrders.length);
    const stored = await db
      .select()
      .from(paymentWebhookEvents)
      .where(eq(paymentWebhookEvents.organisationId, t.org.id));
    expect(new Set(stored.map((s) => s.eventId)).size).toBe(stored.length);
    expect(stored.filter((s) => s.processedAt === null)).toEqual([]);
    expect(await invariantBreaches(db)).toEqual([]);
    mark('checked');

    const figures = {
      database: ON_POSTGRES ? 'postgres' : 'pglite',
      checkouts: COUNT,
      events: events.length,
      deliveries: steps.filter((s) => s.kind === 'webhook').length,
      dropped,
      returns: steps.filter((s) => s.kind === 'return').length,
      paid: paidOrders.length,
      ms: lap,
    };
    writeFileSync(
      `${process.cwd()}/.tmp/payments-chaos-${figures.database}.json`,
      `${JSON.stringify(figures, null, 2)}\n`,
    );
  }, 600_000);
});

describe('what is refused', () => {
  async function heldSuccess() {
    const member = await t.org.newMember();
    const [invoice] = await insertInvoices(t.ctx, t.org, [{ memberId: member.id, totalMinor: 50_000 }]);
    const link = (await t.ctx.pro('POST', '/pay-links', t.desk, { invoiceId: invoice!.id })).json();
    const { orderId, checkoutUrl } = (await publicCall(t.ctx, 'POST', `/pay-links/${link.token}/checkout`)).json();
    t.payments.simulated.webhooks.hold();
    await pressOnCheckout(t.ctx, checkoutUrl, 'success');
    const [event] = t.payments.simulated.webhooks.takeHeld();
    return { invoice: invoice!, link, orderId, event: event! };
  }
  const post = (raw: string, signature: string) =>
    t.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/payments/simulated',
      headers: { 'content-type': 'application/json', 'simulated-signature': signature },
      payload: raw,
    });
  const now = () => Math.floor(t.clock.now().getTime() / 1000);
  const secrets = async () => (await t.payments.settingsOf(t.org.id)).webhookSecrets;
  const onlinePaid = (invoiceId: string) =>
    t.ctx.database.db
      .select()
      .from(paymentRows)
      .where(and(eq(paymentRows.invoiceId, invoiceId), eq(paymentRows.method, 'online')));

  it('a forged signature and a stale timestamp: 400, nothing stored, nothing paid', async () => {
    const { invoice, event } = await heldSuccess();
    const forged = await post(event.body, signatureHeader(['whsec_not-theirs'], now(), event.body));
    const stale = await post(event.body, signatureHeader(await secrets(), now() - 301, event.body));
    for (const res of [forged, stale]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('webhook_signature_invalid');
    }
    await settled();
    expect(
      await t.ctx.database.db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.eventId, event.id)),
    ).toEqual([]);
    expect(await onlinePaid(invoice.id)).toEqual([]);
  });

  it('a wrong amount: no payment, the order held for review, an audit row', async () => {
    const { invoice, orderId, event } = await heldSuccess();
    const wrong = event.body.replace('"amount_total":50000', '"amount_total":500');
    expect((await post(wrong, signatureHeader(await secrets(), now(), wrong))).statusCode).toBe(200);
    await settled();
    expect(
      (await t.ctx.database.db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId)))[0],
    ).toMatchObject({
      state: 'succeeded',
      reviewReason: 'amount_mismatch',
    });
    expect(await onlinePaid(invoice.id)).toEqual([]);
    const audits = await t.ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, orderId));
    expect(audits.map((a) => a.action)).toEqual(['online_payment.review_needed']);
  });

  it('a paid link: refused before the provider is asked', async () => {
    const { invoice, link, event } = await heldSuccess();
    await t.payments.simulated.webhooks.deliverOnce(event);
    await settled();
    expect(await onlinePaid(invoice.id)).toHaveLength(1);
    const sessions = async () =>
      (await t.ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(simulatedCheckoutSessions))[0]!.n;
    const before = await sessions();
    const again = await publicCall(t.ctx, 'POST', `/pay-links/${link.token}/checkout`);
    expect(again.statusCode).toBe(410);
    expect(again.json().error).toBe('pay_link_paid');
    expect(await sessions()).toBe(before);
  });

  it('twenty checkouts at once on one link: one order, one checkout', async () => {
    const member = await t.org.newMember();
    const [invoice] = await insertInvoices(t.ctx, t.org, [{ memberId: member.id, totalMinor: 20_000 }]);
    const link = (await t.ctx.pro('POST', '/pay-links', t.desk, { invoiceId: invoice!.id })).json();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => publicCall(t.ctx, 'POST', `/pay-links/${link.token}/checkout`)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.json().orderId)).size).toBe(1);
    const orders = await t.ctx.database.db.select().from(paymentOrders).where(eq(paymentOrders.payLinkId, link.id));
    expect(orders).toHaveLength(1);
    const sessions = await t.ctx.database.db
      .select()
      .from(simulatedCheckoutSessions)
      .where(eq(simulatedCheckoutSessions.orderId, orders[0]!.id));
    expect(sessions).toHaveLength(1);
  });
});
