import { DEMO_INITIAL, DEMO_READER_SECRET } from '@gym/contract/demo';
import { normaliseKeyword } from '@gym/contract/search';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticateReader } from '../../modules/readers/verify-secret.ts';
import { rowsOf } from '../../test/db-snapshot.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { seedDemo } from './demo.ts';
import { DEMO_MEMBER_COUNT } from './demo-members.ts';
import { generatedCardNumber, generateMembers } from './member-generator.ts';

let ctx: TestContext;
let orgId = '';
let seedMs = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  const started = performance.now();
  await seedDemo(ctx.database.db, ctx.deps.hasher);
  seedMs = performance.now() - started;
  const [org] = rowsOf<{ id: string }>(
    await ctx.database.db.execute(sql`select id from organisations where initial = ${DEMO_INITIAL}`),
  );
  orgId = org!.id;
  // The whole demo, with its year of sales, is seeded here: longer than the default hook time on a busy machine.
}, 180_000);
afterAll(() => ctx?.close());

const query = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await ctx.database.db.execute(q));

describe('demo members', () => {
  it('seeds the demo organisation with members in both centres, most with a card', async () => {
    console.log(`[${ctx.database.kind}] demo seed with ${DEMO_MEMBER_COUNT} members: ${Math.round(seedMs)} ms`);
    const [totals] = await query<{ n: number; cards: number; emails: number; chinese: number; fresh: number }>(sql`
      select count(*)::int as n,
             count(*) filter (where exists (select 1 from cards c where c.member_id = m.id))::int as cards,
             count(m.email)::int as emails, count(m.chinese_name)::int as chinese,
             count(*) filter (where m.is_new)::int as fresh
      from members m where m.organisation_id = ${orgId}`);
    expect(totals!.n).toBeGreaterThanOrEqual(300);
    expect(totals!.cards / totals!.n).toBeGreaterThan(0.6);
    expect(totals!.emails / totals!.n).toBeGreaterThan(0.7);
    expect(totals!.chinese).toBeGreaterThan(50);
    expect(totals!.fresh).toBeGreaterThan(0);

    const perCenter = await query<{ code: string; n: number }>(sql`
      select c.code, count(*)::int as n from members m join centers c on c.id = m.home_center_id
      where m.organisation_id = ${orgId} group by c.code order by c.code`);
    expect(perCenter.map((r) => r.code)).toEqual(['CWB', 'MK']);
    expect(perCenter.every((r) => r.n > 100)).toBe(true);

    const statuses = await query<{ status: string }>(
      sql`select distinct status from members where organisation_id = ${orgId} order by status`,
    );
    expect(statuses.map((r) => r.status)).toEqual(['active', 'frozen', 'left', 'prospect']);
    const [groups] = await query<{ n: number }>(
      sql`select count(distinct group_id)::int as n from member_group_members where organisation_id = ${orgId}`,
    );
    expect(groups!.n).toBeGreaterThan(1);
    // Phones are Hong Kong mobiles, stored in E.164 as the API stores them; codes follow the organisation's pattern and its counter.
    const [bad] = await query<{ n: number }>(
      sql`select count(*)::int as n from members where organisation_id = ${orgId} and phone !~ '^\\+852[569][0-9]{7}$'`,
    );
    expect(bad!.n).toBe(0);
    const [seq] = await query<{ member_seq: number }>(sql`select member_seq from organisations where id = ${orgId}`);
    expect(seq!.member_seq).toBe(totals!.n);
  });

  it('has 陳大文 (Chan Tai Man) with phone 91234567 and card 0001234567 at CWB', async () => {
    const rows = await query<Record<string, string>>(sql`
      select m.code, m.first_name, m.last_name, m.chinese_name, m.phone, c.code as center,
             (select string_agg(number, ',') from cards where member_id = m.id and status = 'active') as cards
      from members m join centers c on c.id = m.home_center_id
      where m.organisation_id = ${orgId} and m.chinese_name = '陳大文'`);
    expect(rows).toEqual([
      {
        code: 'DF000001',
        first_name: 'Tai Man',
        last_name: 'Chan',
        chinese_name: '陳大文',
        phone: '+85291234567',
        center: 'CWB',
        cards: '0001234567',
      },
    ]);
    for (const keyword of ['大文', '9123 4567', '+852 9123 4567', '0001234567']) {
      const hits = await query<{ chinese_name: string }>(sql`
        select chinese_name from members
        where organisation_id = ${orgId} and search_text like ${`%${normaliseKeyword(keyword)}%`}`);
      expect(hits.map((h) => h.chinese_name)).toContain('陳大文');
    }
    const [others] = await query<{ n: number }>(sql`
      select count(*)::int as n from members
      where organisation_id = ${orgId} and (phone = '+85291234567' or chinese_name = '陳大文')`);
    expect(others!.n).toBe(1);
  });

  it('has the door loop’s readers: DEMO-READER-1 at CWB and DEMO-READER-2 at MK, their secret stored hashed', async () => {
    const rows = await query<{ sn: string; code: string; secret_hash: string }>(sql`
      select r.sn, c.code, r.secret_hash from readers r join centers c on c.id = r.center_id
      where r.organisation_id = ${orgId} order by r.sn`);
    expect(rows.map((r) => [r.sn, r.code])).toEqual([
      ['DEMO-READER-1', 'CWB'],
      ['DEMO-READER-2', 'MK'],
    ]);
    for (const r of rows) expect(r.secret_hash).not.toContain(DEMO_READER_SECRET);
    const reader = await authenticateReader(ctx.database.db, { sn: 'DEMO-READER-1', secret: DEMO_READER_SECRET });
    expect(reader).toMatchObject({ organisationId: orgId, sn: 'DEMO-READER-1' });
  });

  it('gives each demo centre three rooms (and CWB its pool) and makes the demo trainer a trainer', async () => {
    const rooms = await query<{ code: string; n: number }>(sql`
      select c.code, count(r.id)::int as n from centers c left join rooms r on r.center_id = c.id and r.active
      where c.organisation_id = ${orgId} group by c.code order by c.code`);
    expect(rooms).toEqual([
      { code: 'CWB', n: 4 },
      { code: 'MK', n: 3 },
    ]);
    const trainers = await query<{ email: string }>(
      sql`select email from users where organisation_id = ${orgId} and is_trainer order by email`,
    );
    expect(trainers.map((t) => t.email)).toEqual(['trainer@demo.fit']);
    const countries = await query<{ country: string }>(
      sql`select distinct country from centers where organisation_id = ${orgId}`,
    );
    expect(countries).toEqual([{ country: 'HK' }]);
  });

  it('generates the same people from the same seed, with unique card numbers', () => {
    const centers = [{ id: 'c1', code: 'X' }];
    const now = new Date('2025-01-01T00:00:00Z');
    const a = generateMembers(2_000, { seed: 7, centers, now });
    const b = generateMembers(2_000, { seed: 7, centers, now });
    expect(a).toEqual(b);
    const cards = new Set(Array.from({ length: 200_000 }, (_, i) => generatedCardNumber(i)));
    expect(cards.size).toBe(200_000);
    expect([...cards].every((c) => /^0[1-9]\d{8}$/.test(c))).toBe(true);
  });
});
