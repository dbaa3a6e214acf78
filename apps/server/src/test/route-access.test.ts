/**
 * Every registered API route, against every role and against a user of another organisation.
 * New modules get this coverage by registering routes (with their declared access), not by writing tests.
 */
import { randomUUID } from 'node:crypto';
import { abilityRulesFor, buildAbility, ROLES, type Role } from '@gym/contract/acl';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../lib/access.ts';
import { rowsOf } from './db-snapshot.ts';
import { createTestContext, type TestContext } from './harness.ts';

let ctx: TestContext;
const tokens = new Map<Role, string>();
let outsider: string;
let orgAIds: string[] = [];
let orgBId = '';

const fillParams = (url: string, id: string) => url.replace(/:[A-Za-z_]+/g, id);
const privateRoutes = () => ctx.app.routeRegistry.filter((r) => !('public' in r.access));

function allowed(role: Role, route: RegisteredRoute): boolean {
  if ('authenticated' in route.access) return true;
  if ('public' in route.access) return true;
  return buildAbility(abilityRulesFor(role)).can(route.access.action, route.access.subject);
}

beforeAll(async () => {
  ctx = await createTestContext();
  const a = await ctx.newOrganisation();
  for (const role of ROLES) tokens.set(role, (await (await a.newUser({ role })).login()).accessToken);
  const b = await ctx.newOrganisation();
  orgBId = b.id;
  outsider = (await (await b.newUser({ role: 'admin' })).login()).accessToken;
  // Something of org A in the outbox too.
  await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/jwt/forgot-password',
    payload: { email: (await a.newUser({ role: 'manager' })).email },
  });
  // Every id that belongs to organisation A, in every table that has an organisation.
  const tables = rowsOf<{ table_name: string }>(
    await ctx.database.db.execute(
      sql`select table_name from information_schema.columns where table_schema='public' and column_name='organisation_id'`,
    ),
  );
  const ids = new Set<string>([a.id]);
  for (const { table_name } of tables) {
    const hasId = rowsOf(
      await ctx.database.db.execute(
        sql`select 1 from information_schema.columns where table_schema='public' and table_name=${table_name} and column_name='id'`,
      ),
    ).length;
    if (!hasId) continue;
    const rows = rowsOf<{ id: string }>(
      await ctx.database.db.execute(
        sql.raw(`select id::text as id from "${table_name}" where organisation_id = '${a.id}'`),
      ),
    );
    for (const r of rows) ids.add(r.id);
  }
  orgAIds = [...ids];
});
afterAll(() => ctx?.close());

describe('route registry', () => {
  it('has routes, and every one declares its access', () => {
    expect(ctx.app.routeRegistry.length).toBeGreaterThan(8);
    for (const r of ctx.app.routeRegistry) expect(r.access).toBeDefined();
  });

  it('refuses to start a route that declares no access', async () => {
    const { buildApp } = await import('../app.ts');
    const app = await buildApp(ctx.deps, { logger: false });
    expect(() => app.get('/api/v1/pro/forgotten', async () => ({}))).toThrow(/declares no access/);
    await app.close();
  });
});

describe('every private route', () => {
  it('answers 401 without a token, and with a forged one', async () => {
    for (const route of privateRoutes()) {
      const url = fillParams(route.url, randomUUID());
      const none = await ctx.app.inject({ method: route.method as 'GET', url });
      expect(none.statusCode, `${route.method} ${route.url}`).toBe(401);
      const forged = await ctx.app.inject({
        method: route.method as 'GET',
        url,
        headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl' },
      });
      expect(forged.statusCode, `${route.method} ${route.url} forged`).toBe(401);
    }
  });

  for (const role of ROLES) {
    it(`is open to ${role} exactly when the role's permissions say so`, async () => {
      for (const route of privateRoutes()) {
        const res = await ctx.app.inject({
          method: route.method as 'GET',
          url: fillParams(route.url, randomUUID()),
          headers: { authorization: `Bearer ${tokens.get(role)}` },
          payload: route.hasBody ? {} : undefined,
        });
        const label = `${role} ${route.method} ${route.url} -> ${res.statusCode} ${res.body.slice(0, 120)}`;
        if (allowed(role, route)) expect([401, 403].includes(res.statusCode), label).toBe(false);
        else expect(res.statusCode, label).toBe(403);
        expect(res.statusCode, label).toBeLessThan(500);
      }
    });
  }
});

describe('organisation isolation', () => {
  it('lists of another organisation never contain this organisation’s ids', async () => {
    for (const route of privateRoutes().filter((r) => r.method === 'GET' && !r.hasParams)) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: route.url,
        headers: { authorization: `Bearer ${outsider}` },
      });
      expect(res.statusCode, route.url).toBeLessThan(500);
      for (const id of orgAIds) expect(res.body.includes(id), `${route.url} leaks ${id}`).toBe(false);
      if (res.statusCode === 200 && route.url === '/api/v1/pro/me') expect(res.body).toContain(orgBId);
    }
  });

  it('ids of another organisation are not found, read or changed', async () => {
    const withParams = privateRoutes().filter((r) => r.hasParams);
    for (const route of withParams) {
      for (const id of orgAIds) {
        const res = await ctx.app.inject({
          method: route.method as 'GET',
          url: fillParams(route.url, id),
          headers: { authorization: `Bearer ${outsider}` },
          payload: route.hasBody ? {} : undefined,
        });
        expect(res.statusCode >= 200 && res.statusCode < 300, `${route.method} ${route.url} with ${id}`).toBe(false);
      }
    }
  });
});
