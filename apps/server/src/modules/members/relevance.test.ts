import { MEMBER_TOTAL_CAP } from '@gym/contract/members';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../db/schema/index.ts';
import { tenantDb } from '../../lib/tenant-db.ts';
import { generateMembers, insertGeneratedMembers } from '../../seed/member-generator.ts';
import { createTestContext, type TestContext, type TestOrganisation } from '../../test/harness.ts';
import { listMembers, nameStart } from './queries.ts';
import { type Api, apiAs } from './test-helpers.ts';

let ctx: TestContext;
let org: TestOrganisation;
let desk: Api;
let day = 0;

/** A member joined one day after the previous one, so that "newest joined" is never decided by chance. */
async function joined(input: Parameters<TestOrganisation['newMember']>[0]) {
  const m = await org.newMember(input);
  day += 1;
  await ctx.database.db
    .update(members)
    .set({ createdAt: new Date(Date.UTC(2024, 0, day)) })
    .where(eq(members.id, m.id));
  return m;
}

const order = async (query: string) => {
  const res = await desk.get(`/students?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as { id: string }[]).map((i) => i.id);
};

beforeAll(async () => {
  ctx = await createTestContext();
  org = await ctx.newOrganisation();
  desk = await apiAs(ctx, await org.newUser({ role: 'frontdesk' }));
});
afterAll(() => ctx?.close());

describe('member search relevance (a keyword, no sort chosen)', () => {
  it('puts an exact card first, then name prefixes newest joined first, then the rest; recency comes last', async () => {
    const firstWong = await joined({ firstName: 'Alice', lastName: 'Wong' }); // surname prefix, oldest
    const wongsa = await joined({ firstName: 'Wongsa', lastName: 'Lee' }); // given name prefix, newer
    const card = await joined({ firstName: 'Zed', lastName: 'Zimmer', cardNumber: 'WONG' }); // exact card
    const inside = await joined({ firstName: 'Kit', lastName: 'Chowong' }); // inside a name only, newest
    expect(await order('keyword=wong')).toEqual([card.id, wongsa.id, firstWong.id, inside.id]);
    // Page by page (the page after a tier starts inside the next one), without repeats or gaps.
    const pages = [];
    for (let page = 1; page <= 5; page++) pages.push(...(await order(`keyword=wong&pageSize=1&page=${page}`)));
    expect(pages).toEqual([card.id, wongsa.id, firstWong.id, inside.id]);
    expect(await order('keyword=wong&pageSize=2&page=2')).toEqual([firstWong.id, inside.id]);
    // The same order read tier by tier (as for dense matches), page by page.
    const scope = { organisationId: org.id, centerIds: null };
    const tiered = [];
    for (let page = 1; page <= 5; page++) {
      const q = { keyword: 'wong', page, pageSize: 1 } as Parameters<typeof listMembers>[1];
      tiered.push(...(await listMembers(tenantDb(ctx.database.db, scope), q, 0)).items.map((i) => i.id));
    }
    expect(tiered).toEqual([card.id, wongsa.id, firstWong.id, inside.id]);
    // An explicit sort is kept as chosen.
    expect(await order('keyword=wong&sort=-createdAt')).toEqual([inside.id, card.id, wongsa.id, firstWong.id]);
    // No keyword: newest joined first, as before.
    expect((await order('sort=-createdAt')).slice(0, 2)).toEqual([inside.id, card.id]);
  });

  it('puts a Chinese name starting with the keyword before one that only contains it', async () => {
    const starts = await joined({ firstName: 'Tai Man', lastName: 'Chan', chineseName: '陳大文' });
    const contains = await joined({ firstName: 'Siu Ming', lastName: 'Lee', chineseName: '李陳明' });
    expect(await order(`keyword=${encodeURIComponent('陳')}`)).toEqual([starts.id, contains.id]);
  });

  it('puts an exact phone first, typed as the national number or as the E.164 digits', async () => {
    const phone = await joined({ firstName: 'Ho', lastName: 'Phone', phone: '+852 9876 1234' }); // oldest
    const cardHolder = await joined({ firstName: 'Ho', lastName: 'Card', cardNumber: 'C9876123400' }); // contains both
    const longer = await joined({ firstName: 'Ho', lastName: 'Longer', cardNumber: '8529876123499' });
    expect(await order('keyword=9876%201234')).toEqual([phone.id, longer.id, cardHolder.id]);
    expect(await order('keyword=%2B852%209876%201234')).toEqual([phone.id, longer.id]);
  });

  it('puts an exact member code first, whatever its case', async () => {
    const coded = await joined({ firstName: 'By', lastName: 'Code' });
    const containing = await joined({ firstName: 'By', lastName: 'Card', cardNumber: `X${coded.code}9` });
    expect(await order(`keyword=${coded.code.toLowerCase()}`)).toEqual([coded.id, containing.id]);
  });

  it('counts exactly below the cap and says the total is exact', async () => {
    const res = await desk.get('/students?keyword=by');
    expect(res.json()).toMatchObject({ total: 2 });
    expect(res.json().totalCapped).toBeUndefined();
    expect(MEMBER_TOTAL_CAP).toBe(1_000);
  });

  it('still gives the total on a page past the last match', async () => {
    const res = await desk.get('/students?keyword=by&pageSize=1&page=5');
    expect(res.json()).toMatchObject({ items: [], total: 2, page: 5 });
  });

  it('counts no further than the cap: beyond it the total is the cap and says so', async () => {
    const big = await ctx.newOrganisation();
    const people = generateMembers(MEMBER_TOTAL_CAP + 1, { seed: 7, centers: big.centers, offset: 1 });
    await ctx.database.db.transaction((tx) => insertGeneratedMembers(tx, big.id, people).then(() => undefined));
    const owner = await apiAs(ctx, await big.newUser({ role: 'frontdesk' }));
    const res = await owner.get('/students?pageSize=1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ total: MEMBER_TOTAL_CAP, totalCapped: true });
  });
});

describe('member search past the cap (a common name, read tier by tier)', () => {
  // 1,010 members: one holds the card "WONG" (and is a Wong), 1,004 more are Wongs (name prefix),
  // five are Chowongs (the keyword inside a name only: the rest).
  let big: TestOrganisation;
  let owner: Api;
  let cardHolder: string;
  let prefixed: { id: string; createdAt: string }[];
  let rest: Set<string>;

  beforeAll(async () => {
    big = await ctx.newOrganisation();
    const people = generateMembers(1_010, { seed: 11, centers: big.centers, offset: 1 }).map((p, i) => ({
      ...p,
      lastName: i < 5 ? 'Chowong' : 'Wong',
      firstName: p.firstName.toLowerCase().startsWith('wong') ? 'Ka Ho' : p.firstName,
      email: null,
      cardNumber: i === 5 ? 'WONG' : null,
    }));
    const ids = await ctx.database.db.transaction((tx) => insertGeneratedMembers(tx, big.id, people));
    cardHolder = ids[5]!;
    rest = new Set(ids.slice(0, 5));
    prefixed = people
      .map((p, i) => ({ id: ids[i]!, createdAt: p.createdAt.toISOString() }))
      .filter((m) => m.id !== cardHolder && !rest.has(m.id));
    owner = await apiAs(ctx, await big.newUser({ role: 'frontdesk' }));
  });

  const page = async (query: string) => {
    const res = await owner.get(`/students?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: { id: string; createdAt: string }[]; total: number; totalCapped?: boolean };
  };

  it('says "1,000+" for a name whose prefix matches alone pass the cap, and for matches inside names', async () => {
    expect(await page('keyword=wong&pageSize=1')).toMatchObject({ total: MEMBER_TOTAL_CAP, totalCapped: true });
    // No name starts with "ong": the total is counted on the whole search text.
    expect(await page('keyword=ong&pageSize=1')).toMatchObject({ total: MEMBER_TOTAL_CAP, totalCapped: true });
    // Under the cap the count is exact.
    const chowong = await page('keyword=chowong');
    expect(chowong.total).toBe(5);
    expect(chowong.totalCapped).toBeUndefined();
  });

  it('lists the exact card first, then the name prefixes newest joined first, then the rest, page after page without repeats or gaps', async () => {
    const seen: string[] = [];
    for (let n = 1; n <= 11; n++) {
      const p = await page(`keyword=wong&pageSize=100&page=${n}`);
      expect(p).toMatchObject({ total: MEMBER_TOTAL_CAP, totalCapped: true });
      seen.push(...p.items.map((i) => i.id));
    }
    expect(seen).toHaveLength(1_010);
    expect(new Set(seen).size).toBe(1_010);
    expect(seen[0]).toBe(cardHolder);
    const newestFirst = [...prefixed].sort(
      (a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id),
    );
    expect(seen.slice(1, 1_005)).toEqual(newestFirst.map((m) => m.id));
    expect(new Set(seen.slice(1_005))).toEqual(rest);
  });

  it('reads the same order tier by tier as ranked in one statement, and page 2 follows page 1', async () => {
    const scope = { organisationId: big.id, centerIds: null };
    const read = async (q: object, rankInOne: number) =>
      (
        await listMembers(
          tenantDb(ctx.database.db, scope),
          { keyword: 'wong', ...q } as Parameters<typeof listMembers>[1],
          rankInOne,
        )
      ).items.map((i) => i.id);
    const whole = await read({ page: 1, pageSize: 100 }, Number.MAX_SAFE_INTEGER);
    expect(await read({ page: 1, pageSize: 100 }, 0)).toEqual(whole);
    const [first, second] = [await page('keyword=wong&pageSize=20'), await page('keyword=wong&pageSize=20&page=2')];
    expect([...first.items, ...second.items].map((i) => i.id)).toEqual(whole.slice(0, 40));
    // Pages that start in the last tier (1,005 rows before it) and past the end.
    expect(new Set((await page('keyword=wong&pageSize=5&page=202')).items.map((i) => i.id))).toEqual(rest);
    const inside = (await page('keyword=wong&pageSize=3&page=336')).items.map((i) => i.id);
    expect(inside).toHaveLength(3);
    expect(inside.every((id) => rest.has(id))).toBe(true);
    expect((await page('keyword=wong&pageSize=3&page=338')).items).toEqual([]);
  });

  it('gives a user of some centres the same common-name pages as the centre filter does', async () => {
    const ids = (p: { items: { id: string }[] }) => p.items.map((i) => i.id);
    const both = await apiAs(ctx, await big.newUser({ role: 'frontdesk', centerIds: big.centers.map((c) => c.id) }));
    const one = await apiAs(ctx, await big.newUser({ role: 'frontdesk', centerIds: [big.centers[0]!.id] }));
    const read = async (api: Api, query: string) => {
      const res = await api.get(`/students?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { items: { id: string; homeCenter: { id: string } }[]; total: number };
    };
    for (const query of ['keyword=wong&pageSize=50', 'keyword=wong&pageSize=50&page=3']) {
      // Every centre named one by one: the organisation-wide answer.
      expect(ids(await read(both, query))).toEqual(ids(await page(query)));
      // One centre: what the centre filter (another statement) answers, and only that centre's members.
      const mine = await read(one, query);
      const filtered = await page(`${query}&centerId=${big.centers[0]!.id}`);
      expect(ids(mine)).toEqual(ids(filtered));
      expect(mine.total).toBe(filtered.total);
      expect(mine.items.length).toBeGreaterThan(0);
      expect(mine.items.every((i) => i.homeCenter.id === big.centers[0]!.id)).toBe(true);
    }
  });
});

describe('the range of names starting with a keyword (nameStart)', () => {
  const utf8 = (s: string) => Buffer.from(s, 'utf8');
  const inRange = (s: string, k: string) => {
    const { from, to } = nameStart(k);
    return Buffer.compare(utf8(s), utf8(from)) >= 0 && Buffer.compare(utf8(s), utf8(to)) < 0;
  };

  it('holds exactly the strings that start with the keyword, lower-cased, in byte order', () => {
    const edges = ['\u007f', '\u0080', '\u07ff', '\u0800', '\ud7ff', '\ue000', '\uffff', '\u{10000}', '\u{10ffff}'];
    const keywords = ['Wong', 'chan tai', 'josé', '陳', 'ab\u{10ffff}', ...edges.map((e) => `x${e}`)];
    const tails = ['', 'a', ' ka ho', 'é', '陳', ...edges];
    for (const k of keywords) {
      const lower = k.toLowerCase();
      const candidates = [
        ...tails.map((t) => lower + t),
        ...tails.map((t) => lower.slice(0, -1) + t),
        lower.slice(0, -1),
        `${lower}\u{10ffff}\u{10ffff}`,
      ];
      for (const s of candidates)
        expect(inRange(s, k), `${JSON.stringify(s)} for ${JSON.stringify(k)}`).toBe(s.startsWith(lower));
    }
  });

  it('escapes LIKE wildcards in the pattern, not in the range', () => {
    expect(nameStart(' 50%_off ')).toEqual({ pattern: '50\\%\\_off%', from: '50%_off', to: '50%_ofg' });
  });
});
