/**
 * Every number a route accepts is bounded, and every amount of money at most `MONEY_MAX`: an amount
 * or a quantity without a bound reaches the arithmetic of money (sums, shares) past 2^53, where
 * integers stop being exact and `minor()` throws (a sale of 50 lines of 1,000 × 10^12 answered 500).
 * Read from the route registry, so a route added later is checked without being named here.
 */
import { MONEY_MAX } from '@gym/contract/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestContext, type TestContext } from './harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

type Json = { [k: string]: unknown };
const isZod = (s: unknown): s is z.ZodType => typeof (s as z.ZodType | undefined)?.safeParse === 'function';
/** What the API calls money: `*Minor`, and the catalogue's and expenditures' `price`, `amount`, `taxAmount`, `minSpend`. */
const MONEY_NAME = /(Minor|^price|^amount|Amount|^minSpend)$/;

/** Every numeric property of a JSON schema, with its path and name. */
function numbers(schema: unknown, path: string, name: string, out: { path: string; name: string; s: Json }[]) {
  if (!schema || typeof schema !== 'object') return;
  const s = schema as Json;
  if (s.type === 'integer' || s.type === 'number') out.push({ path, name, s });
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    for (const sub of (s[key] as unknown[] | undefined) ?? []) numbers(sub, path, name, out);
  }
  if (s.items) numbers(s.items, `${path}[]`, name, out);
  for (const [k, v] of Object.entries((s.properties as Json | undefined) ?? {})) numbers(v, `${path}.${k}`, k, out);
  if (s.additionalProperties && typeof s.additionalProperties === 'object')
    numbers(s.additionalProperties, `${path}.*`, name, out);
}

describe('bounds of what routes accept', () => {
  it('every number in every body and query has a maximum, money at most MONEY_MAX', () => {
    const found: { path: string; name: string; s: Json }[] = [];
    const routes = ctx.app.routeRegistry;
    for (const route of routes) {
      for (const part of ['body', 'querystring'] as const) {
        const schema = route.schemas[part];
        if (!isZod(schema)) continue;
        const json = z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' });
        numbers(json, `${route.method} ${route.url} ${part}`, '', found);
      }
    }
    const money = found.filter((f) => MONEY_NAME.test(f.name));
    expect(money.length).toBeGreaterThan(20);
    // `z.number().int()` alone says `maximum: 2^53 - 1`: that is no bound either.
    const unbounded = found
      .filter((f) => typeof f.s.maximum !== 'number' || f.s.maximum >= Number.MAX_SAFE_INTEGER)
      .map((f) => f.path);
    expect(unbounded).toEqual([]);
    const tooLarge = money
      .filter((f) => (f.s.maximum as number) > MONEY_MAX || typeof f.s.minimum !== 'number')
      .map((f) => `${f.path} ≤ ${String(f.s.maximum)}`);
    expect(tooLarge).toEqual([]);
  });
});
