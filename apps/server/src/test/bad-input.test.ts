/**
 * For every route with a body, params or query schema: generated invalid input answers a 4xx in the
 * one error shape, never a 5xx, and leaves the database exactly as it was.
 */
import { errorResponseSchema } from '@gym/contract/errors';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RegisteredRoute } from '../lib/access.ts';
import { snapshotDatabase } from './db-snapshot.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { checkProperty, isOneSegment, pathSegment } from './property.ts';
import { emptyTenantTables, fillOrganisation } from './tenant-data.ts';

let ctx: TestContext;
let token = '';
let emptyTables: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  const org = await ctx.newOrganisation();
  token = (await (await org.newUser({ role: 'admin' })).login()).accessToken;
  // Rows in every tenant table, so a refused request that still wrote would show in the snapshot.
  await fillOrganisation(ctx, org);
  emptyTables = await emptyTenantTables(ctx.database.db, org.id);
});

it('runs with a row in every tenant table', () => expect(emptyTables).toEqual([]));
afterAll(() => ctx?.close());

type Schema = z.ZodType;
const isZod = (s: unknown): s is Schema => typeof (s as Schema | undefined)?.safeParse === 'function';

/** Property names of an object schema, so generated objects hit the real fields with wrong values. */
function keysOf(schema: Schema): string[] {
  try {
    const json = z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as {
      properties?: Record<string, unknown>;
    };
    return Object.keys(json.properties ?? {});
  } catch {
    return [];
  }
}

const scalar = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('', ' ', '../../etc/passwd', "' or 1=1 --", '<script>alert(1)</script>', '😀'.repeat(100), '\u0000'),
);

/** Values that the schema refuses: wrong shapes, and objects with its own keys holding wrong values. */
function invalidFor(schema: Schema) {
  const keys = keysOf(schema);
  const anyJson = fc.jsonValue({ maxDepth: 3 });
  const shaped = keys.length
    ? fc.dictionary(fc.constantFrom(...keys, 'unexpected'), fc.oneof(scalar, anyJson), {
        minKeys: 1,
        maxKeys: keys.length + 1,
      })
    : anyJson;
  return fc.oneof(anyJson, shaped).filter((v) => !schema.safeParse(v).success);
}

function paramsInvalidFor(schema: Schema) {
  const keys = keysOf(schema);
  // Segments of every length: a parameter that takes any short text (a report's code, answered 404
  // when unknown) still refuses one too long.
  const segment = fc.oneof(pathSegment(), fc.stringMatching(/^[a-z]{61,300}$/));
  const values = fc.record(Object.fromEntries(keys.map((k) => [k, segment])));
  // A schema that takes every value drawn has no bad input of this kind: none is asked for (a filter
  // that never passes would never end).
  if (fc.sample(values, { numRuns: 300, seed: 1 }).every((v) => schema.safeParse(v).success)) return null;
  return values.filter((v) => !schema.safeParse(v).success);
}

/** The route's URL with each parameter encoded as one segment; a value that cannot be one is a bug of the test. */
function url(route: RegisteredRoute, params: Record<string, unknown>) {
  return route.url.replace(/:([A-Za-z_]+)/g, (_, k: string) => {
    const value = String(params[k] ?? 'x');
    if (!isOneSegment(value)) throw new Error(`path parameter ${k}=${JSON.stringify(value)} is not one URL segment`);
    return encodeURIComponent(value);
  });
}

const validParams = (route: RegisteredRoute) => {
  const schema = route.schemas.params;
  return isZod(schema)
    ? Object.fromEntries(keysOf(schema).map((k) => [k, '00000000-0000-4000-8000-000000000000']))
    : {};
};

describe('bad input', () => {
  // Every registered route, many inputs each: its own time limit, well above what it needs.
  it('every route with a schema refuses generated invalid input cleanly', async () => {
    const routes = ctx.app.routeRegistry.filter((r) => r.hasBody || r.hasParams || r.hasQuery);
    expect(routes.length).toBeGreaterThan(5);
    // The setup's events are delivered and marked after their commits: let that finish first.
    await ctx.deps.outbox.drain();
    const before = await snapshotDatabase(ctx.database.db);
    for (const route of routes) {
      const check = async (res: { statusCode: number; body: string }, label: string) => {
        expect(res.statusCode, `${label} -> ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${label} -> ${res.body.slice(0, 200)}`).toBeLessThan(500);
        expect(errorResponseSchema.safeParse(JSON.parse(res.body)).success, label).toBe(true);
      };
      const headers = { authorization: `Bearer ${token}` };
      if (isZod(route.schemas.body)) {
        await checkProperty(
          `${route.method} ${route.url} body`,
          fc.asyncProperty(invalidFor(route.schemas.body), async (body) => {
            const res = await ctx.app.inject({
              method: route.method as 'POST',
              url: url(route, validParams(route)),
              headers: { ...headers, 'content-type': 'application/json' },
              payload: JSON.stringify(body),
            });
            await check(res, `${route.method} ${route.url} body ${JSON.stringify(body).slice(0, 120)}`);
          }),
          { numRuns: 40 },
        );
        // Not JSON at all.
        const garbled = await ctx.app.inject({
          method: route.method as 'POST',
          url: url(route, validParams(route)),
          headers: { ...headers, 'content-type': 'application/json' },
          payload: '{"oops": ',
        });
        await check(garbled, `${route.method} ${route.url} garbled JSON`);
      }
      const badParams = isZod(route.schemas.params) ? paramsInvalidFor(route.schemas.params) : null;
      if (badParams) {
        await checkProperty(
          `${route.method} ${route.url} params`,
          fc.asyncProperty(badParams, async (params) => {
            const res = await ctx.app.inject({ method: route.method as 'GET', url: url(route, params), headers });
            await check(res, `${route.method} ${route.url} params ${JSON.stringify(params)}`);
          }),
          { numRuns: 25 },
        );
      }
      const badQuery = isZod(route.schemas.querystring) ? paramsInvalidFor(route.schemas.querystring) : null;
      if (badQuery) {
        await checkProperty(
          `${route.method} ${route.url} query`,
          fc.asyncProperty(badQuery, async (query) => {
            const qs = new URLSearchParams(query as Record<string, string>).toString();
            const res = await ctx.app.inject({
              method: route.method as 'GET',
              url: `${url(route, validParams(route))}?${qs}`,
              headers,
            });
            await check(res, `${route.method} ${route.url} query ${qs}`);
          }),
          { numRuns: 25 },
        );
      }
    }
    await ctx.deps.outbox.drain();
    expect(await snapshotDatabase(ctx.database.db)).toEqual(before);
  }, 180_000);

  it('generated path parameters are sent as one segment, never as . or ..', async () => {
    await checkProperty('path segment', fc.property(pathSegment(), isOneSegment), { numRuns: 5000 });
    expect(isOneSegment('.')).toBe(false);
    expect(isOneSegment('..')).toBe(false);
    expect(() => url({ url: '/api/v1/pro/staff/:id' } as RegisteredRoute, { id: '.' })).toThrow(/one URL segment/);
  });

  it('a body over the size limit is refused with 413', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/jwt/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(2_000_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('payload_too_large');
  });
});
