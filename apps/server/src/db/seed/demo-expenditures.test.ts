import { today } from '@gym/contract/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { seedDemo } from './demo.ts';

let ctx: TestContext;
let accountant: { authorization: string };

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemo(ctx.database.db, ctx.deps.hasher);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/jwt/login',
    payload: { email: 'accountant@demo.fit', password: 'demo1234' },
  });
  accountant = ctx.bearer(res.json());
  // The whole demo, with its year of sales, is seeded here: longer than the default hook time on a busy machine.
}, 180_000);
afterAll(() => ctx?.close());

describe('demo expenditure', () => {
  it('gives both centres three months of costs in the organisation’s categories, none after today', async () => {
    const get = (url: string) => ctx.app.inject({ method: 'GET', url: `/api/v1/pro${url}`, headers: accountant });
    const categories = (await get('/expenditure-categories')).json().items.map((c: { name: string }) => c.name);
    expect(categories).toEqual(expect.arrayContaining(['Rent', 'Utilities', 'Supplies']));
    const list = (await get('/expenditures?pageSize=200')).json();
    expect(list.total).toBe(36);
    const codes = new Set(list.items.map((e: { center: { code: string } }) => e.center.code));
    expect([...codes].sort()).toEqual(['CWB', 'MK']);
    const hkToday = today('Asia/Hong_Kong');
    for (const e of list.items) {
      expect(e.date <= hkToday, e.date).toBe(true);
      expect(Number.isSafeInteger(e.amount)).toBe(true);
    }
    expect(list.totals.amount).toBe(list.items.reduce((s: number, e: { amount: number }) => s + e.amount, 0));
  });
});
