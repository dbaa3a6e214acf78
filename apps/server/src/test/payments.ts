/**
 * What the online payments tests share: a server on a clock they set, an organisation in Hong Kong
 * dollars, invoices written directly (many at once: the chaos run needs a thousand), and the
 * member's and the provider's sides of a checkout.
 */
import { randomUUID } from 'node:crypto';
import { addDays } from '@gym/contract/time';
import { eq, sql } from 'drizzle-orm';
import { installments, invoiceLines, invoices, members, organisations, paymentOrders } from '../db/schema/index.ts';
import { type SettableClock, settableClock } from '../lib/clock.ts';
import { type PaymentsRuntime, paymentsOf } from '../modules/payments/index.ts';
import { createTestContext, type Headers, type TestContext, type TestOrganisation } from './harness.ts';

export const HKD = { currencyCode: 'HKD', currencySymbol: 'HK$' } as const;
/** The day the tests' clock starts on (Hong Kong's business date at 10:00). */
export const TODAY = '2026-03-02';

export interface PaymentsTest {
  ctx: TestContext;
  org: TestOrganisation;
  clock: SettableClock;
  payments: PaymentsRuntime;
  manager: Headers;
  desk: Headers;
}

export async function startPayments(env: Record<string, string> = {}): Promise<PaymentsTest> {
  const clock = settableClock(`${TODAY}T02:00:00Z`);
  // The chaos run opens a thousand checkouts from one address: the limit per address is tested on its own.
  const ctx = await createTestContext(
    { PUBLIC_URL: 'https://gym.example', PUBLIC_CHECKOUTS_PER_ADDRESS_PER_MINUTE: '1000000', ...env },
    { clock },
  );
  const org = await ctx.newOrganisation({ name: 'Harbour Fitness', money: HKD });
  const payments = paymentsOf(ctx.deps);
  // The tests move the clock and let the provider's time pass and the janitor sweep when they mean to.
  payments.stopClocks();
  return {
    ctx,
    org,
    clock,
    payments,
    manager: await org.signIn('manager'),
    desk: await org.signIn('frontdesk'),
  };
}

export interface InvoiceSpec {
  memberId: string;
  totalMinor: number;
  /** Due dates and amounts adding up to the total; none: all due on the day it is issued. */
  installments?: { dueOn: string; amountMinor: number }[];
  issuedOn?: string;
  centerId?: string;
}

/**
 * Issued invoices of one product line each, written directly (numbered from the organisation's
 * counter, as sales number them): what a sale leaves for the money side, without its catalogue.
 */
export async function insertInvoices(ctx: TestContext, org: TestOrganisation, specs: InvoiceSpec[]) {
  const { db } = ctx.database;
  const [counter] = await db
    .update(organisations)
    .set({ invoiceSeq: sql`${organisations.invoiceSeq} + ${specs.length}` })
    .where(eq(organisations.id, org.id))
    .returning({ seq: organisations.invoiceSeq });
  const first = counter!.seq - specs.length + 1;
  const rows = specs.map((s, i) => ({
    id: randomUUID(),
    organisationId: org.id,
    centerId: s.centerId ?? org.centers[0]!.id,
    memberId: s.memberId,
    seq: first + i,
    number: `A-${String(first + i).padStart(6, '0')}`,
    issuedOn: s.issuedOn ?? TODAY,
    currencyCode: 'HKD',
    subtotalMinor: s.totalMinor,
    discountMinor: 0,
    totalMinor: s.totalMinor,
    taxMinor: 0,
  }));
  for (let i = 0; i < rows.length; i += 500) await db.insert(invoices).values(rows.slice(i, i + 500));
  const lines = rows.map((r) => ({
    organisationId: org.id,
    invoiceId: r.id,
    lineNo: 1,
    itemType: 'product',
    itemId: randomUUID(),
    description: 'Towel',
    quantity: 1,
    listPriceMinor: r.totalMinor,
    unitPriceMinor: r.totalMinor,
    totalMinor: r.totalMinor,
    taxRateBp: 0,
    taxMinor: 0,
  }));
  for (let i = 0; i < lines.length; i += 500) await db.insert(invoiceLines).values(lines.slice(i, i + 500));
  const parts = specs.flatMap((s, i) =>
    (s.installments ?? []).map((p, seq) => ({
      organisationId: org.id,
      invoiceId: rows[i]!.id,
      seq,
      dueOn: p.dueOn,
      amountMinor: p.amountMinor,
    })),
  );
  for (let i = 0; i < parts.length; i += 500) await db.insert(installments).values(parts.slice(i, i + 500));
  return rows;
}

/** A deposit today and two monthly installments: 100 + 200 + 200. */
/** Chan Tai Man (Traditional Chinese unless told) with one invoice of `totalMinor` (HKD 500) owed. */
export async function owingMember(
  t: PaymentsTest,
  opts: {
    totalMinor?: number;
    installments?: { dueOn: string; amountMinor: number }[];
    centerId?: string;
    language?: string;
    email?: string | null;
  } = {},
) {
  const { totalMinor = 50_000, installments, centerId, language = 'zh-Hant' } = opts;
  const member = await t.org.newMember({ firstName: 'Tai Man', lastName: 'Chan', homeCenterId: centerId });
  await t.ctx.database.db
    .update(members)
    .set({ language, ...(opts.email !== undefined ? { email: opts.email } : {}) })
    .where(eq(members.id, member.id));
  const [invoice] = await insertInvoices(t.ctx, t.org, [{ memberId: member.id, totalMinor, installments, centerId }]);
  return { member, invoice: invoice! };
}

export const depositAndTwo = (today = TODAY) => [
  { dueOn: today, amountMinor: 10_000 },
  { dueOn: addDays(today, 30), amountMinor: 20_000 },
  { dueOn: addDays(today, 60), amountMinor: 20_000 },
];

export const publicCall = (ctx: TestContext, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1/public${url}`, payload, remoteAddress: '198.51.100.20' });

/** The member presses a button on the simulated checkout page of `checkoutUrl`. */
export async function pressOnCheckout(ctx: TestContext, checkoutUrl: string, outcome: string) {
  const sessionId = checkoutUrl.split('/').pop()!;
  return publicCall(ctx, 'POST', `/simulated-checkout/${sessionId}`, { outcome });
}

export async function orderRow(ctx: TestContext, id: string) {
  const [row] = await ctx.database.db.select().from(paymentOrders).where(eq(paymentOrders.id, id));
  return row!;
}
