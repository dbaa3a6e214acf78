/**
 * Every registered API route, against every role and against a user of another organisation.
 * New modules get this coverage by registering routes (with their declared access), not by writing tests.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { abilityRulesFor, buildAbility, ROLES, type Role } from '@gym/contract/acl';
import { REALTIME_EVENT } from '@gym/contract/realtime';
import { sql } from 'drizzle-orm';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../lib/access.ts';
import { rowsOf, snapshotOrganisation } from './db-snapshot.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { emptyTenantTables, fillOrganisation, type TenantIds, tenantTables } from './tenant-data.ts';
import { validInput } from './valid-input.ts';

let ctx: TestContext;
const tokens = new Map<Role, string>();
let outsider: string;
let orgAIds: string[] = [];
let orgAId = '';
let orgACenterId = '';
let orgBId = '';
let orgA: TenantIds;

/** The kind of row a path parameter names, from the route (`/rooms/:id` names a room). */
function paramKind(url: string, name: string): keyof TenantIds {
  if (name === 'cardId') return 'card';
  if (name === 'memberId' || name === 'student_id') return 'member';
  if (name === 'centerId') return 'center';
  if (name === 'entitlementId') return 'entitlement';
  if (name === 'dayOffId') return 'dayOff';
  if (name === 'photoId') return 'albumPhoto';
  const resource = url.split('/')[4] ?? '';
  const byResource: Record<string, keyof TenantIds> = {
    students: 'member',
    student: 'member',
    rooms: 'room',
    readers: 'reader',
    staff: 'user',
    groups: 'group',
    centers: 'center',
    'import-presets': 'preset',
    invoices: 'invoice',
    'membership-plans': 'membershipPlan',
    packages: 'creditPackage',
    'short-courses': 'shortCourse',
    expenditures: 'expenditure',
    'expenditure-categories': 'category',
    products: 'product',
    'product-sets': 'productSet',
    coupons: 'coupon',
    offers: 'offer',
    entries: 'entry',
    'staff-attendance': 'attendance',
    'class-types': 'classType',
    classes: 'class',
    bookings: 'booking',
    'pt-sessions': 'ptSession',
    trainers: 'trainer',
    news: 'news',
    albums: 'album',
    slides: 'slide',
    'content-images': 'image',
  };
  return byResource[resource] ?? 'member';
}

/** The kind of row a body or query field names, from its name (`homeCenterId`, `groupIds`, ...). */
function fieldKind(key: string): keyof TenantIds {
  if (/^(classTypeId|type)$/.test(key)) return 'classType';
  if (/^(classId|class)$/.test(key)) return 'class';
  if (/teacher/i.test(key)) return 'user';
  if (/trainer/i.test(key)) return 'trainer';
  if (/^(entitlementId|entitlement)$/.test(key)) return 'entitlement';
  if (/center/i.test(key)) return 'center';
  if (/group/i.test(key)) return 'group';
  if (/staff|user/i.test(key)) return 'user';
  if (/room/i.test(key)) return 'room';
  if (/category/i.test(key)) return 'category';
  if (/card/i.test(key)) return 'card';
  if (/product/i.test(key)) return 'product';
  if (/coupon/i.test(key)) return 'coupon';
  if (/image/i.test(key)) return 'image';
  return 'member';
}

const fillParams = (url: string, id: string) => url.replace(/:[A-Za-z_]+/g, id);
/** Routes behind a user session (a reader's routes authenticate the reader instead: see below). */
const privateRoutes = () => ctx.app.routeRegistry.filter((r) => !('public' in r.access) && !('reader' in r.access));
const readerRoutes = () => ctx.app.routeRegistry.filter((r) => 'reader' in r.access);

function allowed(role: Role, route: RegisteredRoute): boolean {
  if ('authenticated' in route.access) return true;
  if ('public' in route.access) return true;
  if ('reader' in route.access) return false;
  return buildAbility(abilityRulesFor(role)).can(route.access.action, route.access.subject);
}

beforeAll(async () => {
  ctx = await createTestContext();
  const a = await ctx.newOrganisation();
  orgAId = a.id;
  orgACenterId = a.centers[0]!.id;
  for (const role of ROLES) tokens.set(role, (await (await a.newUser({ role })).login()).accessToken);
  // Organisation A has rows in every tenant table; B is the outsider who names them.
  orgA = await fillOrganisation(ctx, a);
  const b = await ctx.newOrganisation();
  orgBId = b.id;
  outsider = (await (await b.newUser({ role: 'admin' })).login()).accessToken;
  // Every id that belongs to organisation A, in every table that has an organisation.
  const ids = new Set<string>([a.id]);
  for (const table of await tenantTables(ctx.database.db)) {
    const hasId = rowsOf(
      await ctx.database.db.execute(
        sql`select 1 from information_schema.columns where table_schema='public' and table_name=${table} and column_name='id'`,
      ),
    ).length;
    if (!hasId) continue;
    const rows = rowsOf<{ id: string }>(
      await ctx.database.db.execute(
        sql`select id::text as id from ${sql.identifier(table)} where organisation_id = ${a.id}`,
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

/** The reviewed table of every route's access, committed beside this test. */
const PERMISSIONS_FILE = new URL('./route-permissions.json', import.meta.url);

function accessLabel(route: RegisteredRoute): string {
  if ('public' in route.access) return 'public';
  if ('authenticated' in route.access) return 'authenticated';
  if ('reader' in route.access) return 'reader secret';
  return `${route.access.action} ${route.access.subject}`;
}

describe('route permissions', () => {
  it('match the reviewed table (a new or changed route fails until route-permissions.json is updated)', () => {
    const actual = Object.fromEntries(
      ctx.app.routeRegistry
        .map((r) => [`${r.method} ${r.url}`, accessLabel(r)] as const)
        .sort(([a], [b]) => a.localeCompare(b)),
    );
    // `npm run routes:permissions -w apps/server` rewrites the table; the diff is then reviewed like code.
    if (process.env.UPDATE_ROUTE_PERMISSIONS === '1') {
      writeFileSync(PERMISSIONS_FILE, `${JSON.stringify(actual, null, 2)}\n`);
    }
    const reviewed = JSON.parse(readFileSync(PERMISSIONS_FILE, 'utf8')) as Record<string, string>;
    expect(actual).toEqual(reviewed);
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

/**
 * The realtime gateway is a route too: a socket at a centre hears the door's live feed (members'
 * names, card numbers, days left), and with a reader it hears that reader's scans. The same rule as
 * `GET /pro/entries` (`read Entry`) and `POST /pro/card/:card/entry` (`create Entry`) decides.
 */
describe('the realtime gateway', () => {
  let address = '';
  beforeAll(async () => {
    address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });

  /** What a socket at centre A with reader `sn` hears of a centre message and a reader message. */
  async function heardBy(token: string, sn: string): Promise<string[]> {
    const socket = connect(address, {
      auth: { token, center_id: orgACenterId, reader: sn },
      transports: ['websocket'],
      reconnection: false,
    });
    try {
      const heard: string[] = [];
      const fence = new Promise<void>((resolve) => {
        socket.on(REALTIME_EVENT, (raw: string) => {
          const { action } = JSON.parse(raw) as { action: string };
          if (action === 'fence') resolve();
          else heard.push(action);
        });
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const { events } = ctx.deps;
      events.publish('realtime.center', {
        organisationId: orgAId,
        centerId: orgACenterId,
        payload: { action: 'entry' },
      });
      events.publish('realtime.reader', {
        organisationId: orgAId,
        centerId: orgACenterId,
        sn,
        payload: { action: 'scan' },
      });
      // Sent after the two above on the same connection: once it is heard, they were heard or never sent.
      events.publish('realtime.organisation', { organisationId: orgAId, payload: { action: 'fence' } });
      await fence;
      return heard.sort();
    } finally {
      socket.close();
    }
  }

  for (const role of ROLES) {
    it(`${role} hears a centre's entries exactly when it may read entries, a reader's scans when it may create them`, async () => {
      const ability = buildAbility(abilityRulesFor(role));
      const expected = [
        ...(ability.can('read', 'Entry') ? ['entry'] : []),
        ...(ability.can('create', 'Entry') ? ['scan'] : []),
      ].sort();
      expect(await heardBy(tokens.get(role)!, `MATRIX-${role}`)).toEqual(expected);
    });
  }
});

describe('every reader-authenticated route', () => {
  it('exists, and answers 401 reader_unauthenticated without the reader’s secret, whatever session is shown', async () => {
    expect(readerRoutes().length).toBeGreaterThan(0);
    for (const route of readerRoutes()) {
      const url = fillParams(route.url, `SN-${randomUUID().slice(0, 8)}`);
      for (const headers of [
        {},
        { authorization: `Bearer ${tokens.get('admin')}` },
        { 'x-reader-secret': 'not the secret' },
      ] as Record<string, string>[]) {
        const res = await ctx.app.inject({ method: route.method as 'POST', url, headers, payload: {} });
        const label = `${route.method} ${route.url} ${JSON.stringify(Object.keys(headers))}`;
        expect(res.statusCode, label).toBe(401);
        expect(res.json().error, label).toBe('reader_unauthenticated');
      }
    }
  });
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

  it('the other organisation has rows in every tenant table (a new table must be filled too)', async () => {
    expect(await emptyTenantTables(ctx.database.db, orgAId)).toEqual([]);
  });

  it('schema-valid requests naming another organisation’s ids find, read and change nothing of it', async () => {
    const before = await snapshotOrganisation(ctx.database.db, orgAId);
    const idFor = (key: string) => orgA[fieldKind(key)];
    const noValidBody: string[] = [];
    for (const route of privateRoutes()) {
      const label = `${route.method} ${route.url}`;
      const url = route.url.replace(/:([A-Za-z_]+)/g, (_, name: string) => orgA[paramKind(route.url, name)]);
      const body = route.hasBody ? validInput(route.schemas.body, idFor) : undefined;
      if (route.hasBody && body === undefined) noValidBody.push(label);
      const query = route.hasQuery ? (validInput(route.schemas.querystring, idFor) as Record<string, unknown>) : {};
      const qs = new URLSearchParams(
        Object.entries(query ?? {}).map(([k, v]): [string, string] => [k, Array.isArray(v) ? v.join(',') : String(v)]),
      ).toString();
      const res = await ctx.app.inject({
        method: route.method as 'GET',
        url: qs ? `${url}?${qs}` : url,
        headers: { authorization: `Bearer ${outsider}` },
        payload: route.hasBody ? (body ?? {}) : undefined,
      });
      const said = `${label} ${JSON.stringify(body ?? query)} -> ${res.statusCode} ${res.body.slice(0, 160)}`;
      expect(res.statusCode, said).toBeLessThan(500);
      if (route.hasParams) expect(res.statusCode >= 200 && res.statusCode < 300, said).toBe(false);
      // A 2xx is allowed only where the named ids play no part (e.g. `centerIds` beside "every centre"):
      // the answer then names none of them, and the snapshot below shows nothing of A changed.
      for (const id of orgAIds) {
        if (id === orgAId) continue;
        expect(res.body.includes(id), `${said} leaks ${id}`).toBe(false);
      }
    }
    expect(noValidBody).toEqual([]);
    expect(await snapshotOrganisation(ctx.database.db, orgAId)).toEqual(before);
  });
});
