/**
 * The webhook intake under load (`BENCH_SUITES=webhooks`, PostgreSQL only): a payment provider's
 * signed `checkout.session.completed` events posted to `POST /api/v1/webhooks/payments/simulated`
 * at BENCH_WEBHOOK_RATE=50 per second for BENCH_WEBHOOK_SECONDS=60 (every 20th a repeat of an
 * earlier one, as providers resend), each for its own order of an invoice opened through the
 * checkout use case beforehand. The answer's latency is measured (p50/p95/p99); then, once the
 * outbox has applied them, every distinct event is checked to have been applied exactly once:
 * its order succeeded, one online payment on its invoice, no payment twice.
 */
import { randomUUID } from 'node:crypto';
import { DEMO_INITIAL } from '@gym/contract/demo';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import {
  invoiceLines,
  invoices,
  members,
  organisations,
  simulatedCheckoutSessions,
} from '../apps/server/src/db/schema/index.ts';
import type { AppDeps } from '../apps/server/src/deps.ts';
import { currencyCodeOf } from '../apps/server/src/lib/settings.ts';
import { paymentsOf, signatureHeader, startCheckout } from '../apps/server/src/modules/payments/index.ts';
import { percentile } from './stats.ts';

export interface WebhookFixture {
  organisationId: string;
  secrets: string[];
  /** One per order: its event's raw body. */
  bodies: string[];
  invoiceIds: string[];
}

export interface WebhookFigures {
  rate: number;
  seconds: number;
  sent: number;
  distinct: number;
  answered2xx: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  applied: number;
  ordersSucceeded: number;
  onlinePayments: number;
  invoicesPaidTwice: number;
  applySeconds: number;
}

const rateOf = () => Number(process.env.BENCH_WEBHOOK_RATE ?? 50);
const secondsOf = () => Number(process.env.BENCH_WEBHOOK_SECONDS ?? 60);
/** Every REPEAT_EVERY-th post repeats an earlier event. */
const REPEAT_EVERY = 20;

export const webhookCounts = () => {
  const sent = rateOf() * secondsOf();
  return { sent, distinct: sent - Math.floor(sent / REPEAT_EVERY) };
};

/** Invoices of the demo organisation and an open checkout (order) for each, through the checkout use case. */
export async function prepareWebhooks(deps: AppDeps): Promise<WebhookFixture> {
  const { db } = deps.database;
  const { distinct } = webhookCounts();
  const [org] = await db.select().from(organisations).where(eq(organisations.initial, DEMO_INITIAL));
  const people = await db
    .select({ id: members.id, centerId: members.homeCenterId })
    .from(members)
    .where(eq(members.organisationId, org!.id))
    .limit(100);
  const [counter] = await db
    .update(organisations)
    .set({ invoiceSeq: sql`${organisations.invoiceSeq} + ${distinct}` })
    .where(eq(organisations.id, org!.id))
    .returning({ seq: organisations.invoiceSeq });
  const first = counter!.seq - distinct + 1;
  const today = deps.clock.now().toISOString().slice(0, 10);
  const rows = Array.from({ length: distinct }, (_, i) => {
    const member = people[i % people.length]!;
    return {
      id: randomUUID(),
      organisationId: org!.id,
      centerId: member.centerId,
      memberId: member.id,
      seq: first + i,
      number: `WH-${String(first + i).padStart(7, '0')}`,
      issuedOn: today,
      currencyCode: currencyCodeOf(org!.settings),
      subtotalMinor: 10_000 + (i % 50) * 100,
      discountMinor: 0,
      totalMinor: 10_000 + (i % 50) * 100,
      taxMinor: 0,
    };
  });
  for (let i = 0; i < rows.length; i += 500) {
    const part = rows.slice(i, i + 500);
    await db.insert(invoices).values(part);
    await db.insert(invoiceLines).values(
      part.map((r) => ({
        organisationId: r.organisationId,
        invoiceId: r.id,
        lineNo: 1,
        itemType: 'fee',
        itemId: randomUUID(),
        description: 'Bench fee',
        quantity: 1,
        listPriceMinor: r.totalMinor,
        unitPriceMinor: r.totalMinor,
        totalMinor: r.totalMinor,
        taxRateBp: 0,
        taxMinor: 0,
      })),
    );
  }
  const payments = paymentsOf(deps);
  payments.stopClocks();
  const { webhookSecrets } = await payments.settingsOf(org!.id);
  const orderIds: string[] = [];
  for (const r of rows) {
    const { orderId } = await startCheckout(deps, payments, org!.id, { kind: 'invoice', invoiceId: r.id });
    orderIds.push(orderId);
  }
  const bodies: string[] = [];
  for (const [i, orderId] of orderIds.entries()) {
    const [s] = await db
      .select()
      .from(simulatedCheckoutSessions)
      .where(
        and(eq(simulatedCheckoutSessions.orderId, orderId), eq(simulatedCheckoutSessions.organisationId, org!.id)),
      );
    bodies.push(
      JSON.stringify({
        id: `evt_bench_${i}_${s!.id.slice(-8)}`,
        object: 'event',
        type: 'checkout.session.completed',
        created: Math.floor(deps.clock.now().getTime() / 1000),
        livemode: false,
        data: {
          object: {
            id: s!.id,
            object: 'checkout.session',
            client_reference_id: orderId,
            metadata: { organisationId: org!.id, orderId },
            amount_total: s!.amountMinor,
            currency: s!.currencyCode.toLowerCase(),
            status: 'complete',
            payment_status: 'paid',
            payment_intent: s!.paymentIntent,
          },
        },
      }),
    );
  }
  payments.close();
  return { organisationId: org!.id, secrets: webhookSecrets, bodies, invoiceIds: rows.map((r) => r.id) };
}

/** Posts the events at the rate, signed as they leave; then waits for them to be applied and checks each once. */
export async function webhookLoad(base: string, databaseUrl: string, f: WebhookFixture): Promise<WebhookFigures> {
  const rate = rateOf();
  const seconds = secondsOf();
  const { sent: total } = webhookCounts();
  const url = `${base}/api/v1/webhooks/payments/simulated`;
  const latencies: number[] = [];
  let ok = 0;
  let next = 0;
  const inFlight: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < total; i += 1) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    // Every 20th post repeats the event sent ten posts before (a provider's resend).
    const body = i % REPEAT_EVERY === REPEAT_EVERY - 1 ? f.bodies[Math.max(0, next - 10)]! : f.bodies[next++]!;
    const signature = signatureHeader(f.secrets, Math.floor(Date.now() / 1000), body);
    const sentAt = performance.now();
    inFlight.push(
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'simulated-signature': signature },
        body,
      })
        .then(async (res) => {
          await res.arrayBuffer();
          latencies.push(performance.now() - sentAt);
          if (res.ok) ok += 1;
        })
        .catch(() => {
          latencies.push(performance.now() - sentAt);
        }),
    );
  }
  await Promise.all(inFlight);
  const loadEnd = performance.now();

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const distinct = next;
    let applied = 0;
    for (const until = Date.now() + 300_000; Date.now() < until; ) {
      const { rows } = await client.query(
        `select count(*)::int as n from payment_webhook_events
          where organisation_id = $1 and event_id like 'evt_bench_%' and processed_at is not null`,
        [f.organisationId],
      );
      applied = rows[0].n;
      if (applied >= distinct) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const applySeconds = (performance.now() - loadEnd) / 1000;
    const ids = f.invoiceIds.slice(0, distinct);
    const succeeded = await client.query(
      `select count(distinct o.id)::int as n from payment_orders o join payment_order_items i on i.order_id = o.id
        where i.invoice_id = any($1::uuid[]) and o.state = 'succeeded'`,
      [ids],
    );
    const paymentsRows = await client.query(
      `select count(*)::int as n, count(*) - count(distinct invoice_id) as twice from payments
        where invoice_id = any($1::uuid[]) and method = 'online' and kind = 'payment'`,
      [ids],
    );
    const sorted = latencies.sort((a, b) => a - b);
    const round = (n: number) => Math.round(n * 10) / 10;
    return {
      rate,
      seconds,
      sent: total,
      distinct,
      answered2xx: ok,
      p50: round(percentile(sorted, 50)),
      p95: round(percentile(sorted, 95)),
      p99: round(percentile(sorted, 99)),
      max: round(sorted[sorted.length - 1] ?? 0),
      applied,
      ordersSucceeded: succeeded.rows[0].n,
      onlinePayments: paymentsRows.rows[0].n,
      invoicesPaidTwice: Number(paymentsRows.rows[0].twice),
      applySeconds: round(applySeconds),
    };
  } finally {
    await client.end();
  }
}
