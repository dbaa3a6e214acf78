import { DEMO_INITIAL, DEMO_PASSWORD } from '@gym/contract/demo';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../test/db-snapshot.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { seedDemo } from './demo.ts';

let ctx: TestContext;
let orgId = '';
let seedMs = 0;
let headers: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  const started = performance.now();
  await seedDemo(ctx.database.db, ctx.deps.hasher);
  seedMs = performance.now() - started;
  const [org] = rowsOf<{ id: string }>(
    await ctx.database.db.execute(sql`select id from organisations where initial = ${DEMO_INITIAL}`),
  );
  orgId = org!.id;
  const login = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/jwt/login',
    payload: { email: 'frontdesk@demo.fit', password: DEMO_PASSWORD },
  });
  headers = { authorization: `Bearer ${login.json().accessToken}` };
  // The whole demo, with its year of sales, is seeded here: longer than the default hook time on a busy machine.
}, 180_000);
afterAll(() => ctx?.close());

const query = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await ctx.database.db.execute(q));
const api = (url: string) => ctx.app.inject({ method: 'GET', url: `/api/v1/pro${url}`, headers });

describe('demo sales', () => {
  it('gives Chan Tai Man an active monthly membership at CWB and a 10-class pack with 7 credits left', async () => {
    console.log(`[${ctx.database.kind}] demo seed with its year of sales: ${Math.round(seedMs)} ms`);
    const [chan] = await query<{ id: string }>(
      sql`select m.id from members m join cards c on c.member_id = m.id where c.number = '0001234567' and m.organisation_id = ${orgId}`,
    );
    const res = await api(`/students/${chan!.id}/entitlements`);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as {
      kind: string;
      name: string;
      status: string;
      creditsLeft: number | null;
      center: { code: string };
    }[];
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'membership',
          name: 'Monthly',
          status: 'active',
          center: expect.objectContaining({ code: 'CWB' }),
        }),
        expect.objectContaining({ kind: 'package', name: '10-class pack', status: 'active', creditsLeft: 7 }),
      ]),
    );
  });

  it('has a year of invoices: paid, partly paid with overdue installments, and refunded', async () => {
    const states = await query<{ state: string; n: number }>(
      sql`select state, count(*)::int as n from invoices where organisation_id = ${orgId} group by state order by state`,
    );
    const byState = Object.fromEntries(states.map((s) => [s.state, s.n]));
    expect(byState.paid).toBeGreaterThan(50);
    expect(byState.partly_paid).toBeGreaterThan(0);
    expect((byState.partly_refunded ?? 0) + (byState.refunded ?? 0)).toBeGreaterThan(0);
    const overdue = (await api('/invoices?overdue=true')).json();
    expect(overdue.total).toBeGreaterThan(0);
    const [span] = await query<{ days: number }>(
      sql`select (max(issued_on) - min(issued_on))::int as days from invoices where organisation_id = ${orgId}`,
    );
    expect(span!.days).toBeGreaterThan(300);
    // Invoice numbers run 1..n without a gap.
    const [seq] = await query<{ n: number; max: number }>(
      sql`select count(*)::int as n, max(seq)::int as max from invoices where organisation_id = ${orgId}`,
    );
    expect(seq!.max).toBe(seq!.n);
  });
});

describe('demo door', () => {
  it('has a few days of entries, granted and denied, Chan Tai Man’s last visit, and staff clock-ins', async () => {
    const byResult = await query<{ result: string; n: number }>(
      sql`select result, count(*)::int as n from entries where organisation_id = ${orgId} group by result`,
    );
    const counts = Object.fromEntries(byResult.map((r) => [r.result, r.n]));
    console.log(`[${ctx.database.kind}] demo entries: ${JSON.stringify(counts)}`);
    expect(counts.granted).toBeGreaterThan(10);
    expect(counts.denied).toBeGreaterThan(3);
    const [days] = await query<{ n: number }>(
      sql`select count(distinct business_date)::int as n from entries where organisation_id = ${orgId}`,
    );
    expect(days!.n).toBeGreaterThanOrEqual(4);
    const list = (await api('/entries?reason=unknown_card')).json();
    expect(list.total).toBeGreaterThanOrEqual(4);
    const [chan] = await query<{ id: string }>(
      sql`select m.id from members m join cards c on c.member_id = m.id where c.number = '0001234567' and m.organisation_id = ${orgId}`,
    );
    expect((await api(`/students/${chan!.id}`)).json().lastVisitAt).toEqual(expect.any(String));
    const [clocks] = await query<{ n: number; open: number }>(
      sql`select count(*)::int as n, count(*) filter (where out_at is null)::int as open from staff_attendance where organisation_id = ${orgId}`,
    );
    expect(clocks).toEqual({ n: 8, open: 0 });
  });
});
