/**
 * Totals agree: for any range, centre and time zones, the four money reports give the same net money
 * to the cent, equal to the payments less the refunds counted directly, each on its own centre's
 * business date; and the entries report counts the entries. Random data, a printed seed:
 *
 *   FC_SEED=<seed> npx vitest run --project server apps/server/src/modules/reports/reports-agree.test.ts
 *
 * Runs on PGlite and on PostgreSQL (`server-pg`).
 */
import { randomUUID } from 'node:crypto';
import { MONEY_REPORTS } from '@gym/contract/reports';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centers, entries, payments } from '../../db/schema/index.ts';
import { type Headers, startOrganisation, type TestContext, type TestOrganisation } from '../../test/harness.ts';
import { HKD, insertInvoices } from '../../test/payments.ts';
import { checkProperty } from '../../test/property.ts';

const ZONES = [
  'Asia/Hong_Kong',
  'America/Sao_Paulo',
  'Europe/Lisbon',
  'Pacific/Auckland',
  'America/Los_Angeles',
  'UTC',
];
const METHODS = ['cash', 'card', 'transfer'];
/** The data's instants fall in the first quarter of 2026 (UTC), the ranges in it too. */
const START = Date.UTC(2026, 0, 1);
const SPAN = 90 * 86_400_000;

/** The business date of an instant in a zone, computed here without the product's helpers. */
const dayIn = (ms: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(ms),
  );
const dateAt = (days: number) => new Date(START + days * 86_400_000).toISOString().slice(0, 10);

const moneyRow = fc.record({
  center: fc.integer({ min: 0, max: 1 }),
  at: fc.integer({ min: 0, max: SPAN - 1 }),
  amount: fc.integer({ min: 1, max: 5_000_000 }),
  refund: fc.boolean(),
  method: fc.constantFrom(...METHODS),
});
const entryRow = fc.record({
  center: fc.integer({ min: 0, max: 1 }),
  at: fc.integer({ min: 0, max: SPAN - 1 }),
  result: fc.constantFrom('granted', 'denied', 'duplicate'),
});
const scenario = fc.record({
  zones: fc.tuple(fc.constantFrom(...ZONES), fc.constantFrom(...ZONES)),
  money: fc.array(moneyRow, { maxLength: 40 }),
  entries: fc.array(entryRow, { maxLength: 40 }),
  fromDay: fc.integer({ min: 0, max: 89 }),
  length: fc.integer({ min: 0, max: 60 }),
  center: fc.constantFrom(undefined, 0, 1),
  method: fc.constantFrom(undefined, ...METHODS),
});

describe('the reports agree', () => {
  let ctx: TestContext;
  let org: TestOrganisation;
  let manager: Headers;
  let invoiceOf: string[];
  let memberOf: string[];

  beforeAll(async () => {
    ({ ctx, org } = await startOrganisation({ organisation: { money: HKD } }));
    manager = await org.signIn('manager');
    const members = [
      await org.newMember({ homeCenterId: org.centers[0]!.id }),
      await org.newMember({ homeCenterId: org.centers[1]!.id }),
    ];
    memberOf = members.map((m) => m.id);
    const invoices = await insertInvoices(
      ctx,
      org,
      members.map((m, i) => ({ memberId: m.id, totalMinor: 1_000_000_000, centerId: org.centers[i]!.id })),
    );
    invoiceOf = invoices.map((i) => i.id);
  });
  afterAll(() => ctx.close());

  const report = async (code: string, query: Record<string, string | undefined>) => {
    const qs = new URLSearchParams(
      Object.entries({ pageSize: '500', ...query }).filter((e): e is [string, string] => e[1] !== undefined),
    );
    const res = await ctx.pro('GET', `/reports/${encodeURIComponent(code)}?${qs}`, manager);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { totals: Record<string, number>; rows: Record<string, number | string>[]; total: number };
  };

  it('money reports give the same net money as the payments less refunds, and the entries report the entries', async () => {
    const { db } = ctx.database;
    await checkProperty(
      'money reports agree; entries report counts the entries',
      fc.asyncProperty(scenario, async (s) => {
        await db.delete(payments).where(eq(payments.organisationId, org.id));
        await db.delete(entries).where(eq(entries.organisationId, org.id));
        for (const [i, c] of org.centers.entries()) {
          await db.update(centers).set({ timeZone: s.zones[i]! }).where(eq(centers.id, c.id));
        }
        const moneyRows = s.money.map((m) => ({
          id: randomUUID(),
          organisationId: org.id,
          centerId: org.centers[m.center]!.id,
          invoiceId: invoiceOf[m.center]!,
          memberId: memberOf[m.center]!,
          kind: m.refund ? 'refund' : 'payment',
          method: m.method,
          amountMinor: m.amount,
          paidOn: dayIn(START + m.at, s.zones[m.center]!),
          createdAt: new Date(START + m.at),
        }));
        if (moneyRows.length > 0) await db.insert(payments).values(moneyRows);
        const entryRows = s.entries.map((e) => ({
          organisationId: org.id,
          centerId: org.centers[e.center]!.id,
          memberId: memberOf[e.center]!,
          result: e.result,
          reason: e.result === 'denied' ? 'no_entitlement' : null,
          grantedBy: e.result === 'granted' ? 'membership' : null,
          source: 'desk',
          tappedAt: new Date(START + e.at),
          businessDate: dayIn(START + e.at, s.zones[e.center]!),
        }));
        if (entryRows.length > 0) await db.insert(entries).values(entryRows);

        const from = dateAt(s.fromDay);
        const to = dateAt(s.fromDay + s.length);
        const centerId = s.center === undefined ? undefined : org.centers[s.center]!.id;
        const inRange = (c: number, day: string) =>
          day >= from && day <= to && (s.center === undefined || s.center === c);
        const expected = s.money
          .filter((m) => inRange(m.center, dayIn(START + m.at, s.zones[m.center]!)))
          .filter((m) => s.method === undefined || m.method === s.method)
          .reduce((sum, m) => sum + (m.refund ? -m.amount : m.amount), 0);
        const [direct] = await db
          .select({
            net: sql<string>`coalesce(sum(case when ${payments.kind} = 'refund' then -${payments.amountMinor} else ${payments.amountMinor} end), 0)::text`,
          })
          .from(payments)
          .where(
            sql`${payments.organisationId} = ${org.id} and ${payments.paidOn} between ${from} and ${to}
              ${centerId ? sql`and ${payments.centerId} = ${centerId}` : sql``}
              ${s.method ? sql`and ${payments.method} = ${s.method}` : sql``}`,
          );
        expect(Number(direct!.net)).toBe(expected);

        const query = { from, to, centerId, method: s.method };
        for (const code of MONEY_REPORTS) {
          const r = await report(code, query);
          expect(r.totals.amountMinor, code).toBe(expected);
          // The rows add up to the totals row.
          expect(
            r.rows.reduce((sum, row) => sum + Number(row.amountMinor), 0),
            `${code} rows`,
          ).toBe(expected);
        }

        const expectedEntries = s.entries.filter((e) => inRange(e.center, dayIn(START + e.at, s.zones[e.center]!)));
        for (const by of ['day', 'hour'] as const) {
          const r = await report('entry', { from, to, centerId, by });
          expect(r.totals.entries, `entries by ${by}`).toBe(expectedEntries.length);
          expect(r.totals.refused, `refused by ${by}`).toBe(
            expectedEntries.filter((e) => e.result === 'denied').length,
          );
        }
      }),
      { numRuns: Number(process.env.REPORTS_RUNS ?? 25) },
    );
  });
});
