import { MEMBER_TOTAL_CAP } from '@gym/contract/members';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../db/schema/index.ts';
import { generateMembers, insertGeneratedMembers } from '../../db/seed/member-generator.ts';
import { createTestContext, type TestContext, type TestOrganisation } from '../../test/harness.ts';
import { listMembers } from './queries.ts';
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
      const q = { keyword: 'wong', page, pageSize: 1 } as Parameters<typeof listMembers>[2];
      tiered.push(...(await listMembers(ctx.database.db, scope, q, 0)).items.map((i) => i.id));
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
    expect(MEMBER_TOTAL_CAP).toBe(10_000);
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
