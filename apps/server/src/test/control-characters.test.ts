import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createServer } from '../server.ts';
import {
  createTestContext,
  openTestDatabase,
  TEST_SETTINGS,
  type TestContext,
  type TestOrganisation,
} from './harness.ts';
import { logLines } from './log-lines.ts';
import { validInput } from './valid-input.ts';

let ctx: TestContext;
let org: TestOrganisation;
let desk: { authorization: string };
let ip = 0;
const nextIp = () => `10.77.0.${++ip}`;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await ctx.newOrganisation();
  desk = ctx.bearer(await (await org.newUser({ role: 'frontdesk' })).login());
});
afterAll(() => ctx?.close());

const member = (over: Record<string, unknown> = {}) => ({
  firstName: 'Chan',
  lastName: 'Tai Man',
  phone: '+852 6111 0009',
  homeCenterId: org.centers[0]!.id,
  ...over,
});

function expectRefused(res: { statusCode: number; json(): unknown; body: string }, path: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({
    error: 'validation_failed',
    fields: [{ path, code: 'control_characters' }],
  });
}

describe('control characters in text are refused with 400 naming the field', () => {
  it('on organisation registration (public)', async () => {
    for (const [field, value] of [
      ['organisationName', 'Iron\u0000 Temple'],
      ['fullName', 'Ivy\u001bOwner'],
      ['password', 'long enough\u0000'],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/jwt/register',
        remoteAddress: nextIp(),
        payload: {
          organisationName: 'Iron Temple',
          initial: 'IRT',
          fullName: 'Ivy Owner',
          email: 'ivy@irontemple.test',
          password: 'long enough',
          currencyCode: 'EUR',
          [field]: value,
        },
      });
      expectRefused(res, field);
    }
  });

  it('on public registration', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/public/register/${org.initial}/A`,
      remoteAddress: nextIp(),
      payload: {
        firstName: 'Jo\u0000aquim',
        lastName: 'Gonçalves',
        phone: '+55 21 98765-4321',
        email: 'joaquim@exemplo.com.br',
        language: 'pt',
        privacyAccepted: true,
      },
    });
    expectRefused(res, 'firstName');
  });

  it('on member create, one-line and multi-line fields', async () => {
    const post = (payload: unknown) =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/pro/students', headers: desk, payload: payload as object });
    expectRefused(await post(member({ lastName: 'Tai\u0000Man' })), 'lastName');
    expectRefused(await post(member({ phone: '+852 6111\u000b0009' })), 'phone');
    expectRefused(await post(member({ firstName: 'Chan\nTai' })), 'firstName');
    expectRefused(await post(member({ notes: 'fine\nbut \u0007 not' })), 'notes');
    expectRefused(await post(member({ address: 'Flat A\u0085' })), 'address');
    // Line breaks and tabs stay allowed where text spans lines, and trimmed whitespace is no control character.
    const ok = await post(
      member({ firstName: ' Chan\n', notes: 'line one\r\nline\ttwo', address: '1 Main St\nKowloon' }),
    );
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ firstName: 'Chan', notes: 'line one\r\nline\ttwo' });
  });

  it('in a query string', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/pro/students?keyword=wong%00', headers: desk });
    expectRefused(res, 'keyword');
  });
});

describe('names that hide or reorder their text are refused with 400 naming the field', () => {
  const RLO = '\u202e';
  const ZWSP = '\u200b';
  const fieldCode = (res: { json(): unknown }) => (res.json() as { fields?: { path: string; code: string }[] }).fields;

  it('on member create and edit: a right-to-left override anywhere, or nothing visible, as a name', async () => {
    const post = (payload: unknown) =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/pro/students', headers: desk, payload: payload as object });
    for (const [field, value, code] of [
      ['firstName', RLO, 'control_characters'],
      ['lastName', `evil${RLO}fdp.exe`, 'control_characters'],
      ['firstName', ZWSP, 'no_visible_characters'],
      ['lastName', `${ZWSP} ${ZWSP}`, 'no_visible_characters'],
      ['chineseName', '\u3164', 'no_visible_characters'],
      ['emergencyContactName', `\u2067Ann\u2069`, 'control_characters'],
    ] as const) {
      const res = await post(member({ [field]: value, phone: `+852 6111 ${String(++ip).padStart(4, '0')}` }));
      expect(res.statusCode, `${field} ${res.body}`).toBe(400);
      expect(fieldCode(res), field).toEqual([expect.objectContaining({ path: field, code })]);
    }
    const created = await post(member({ phone: '+852 6111 7777' }));
    expect(created.statusCode, created.body).toBe(201);
    const edit = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/pro/students/${created.json().id}`,
      headers: desk,
      payload: { firstName: ZWSP },
    });
    expect(fieldCode(edit)).toEqual([expect.objectContaining({ path: 'firstName', code: 'no_visible_characters' })]);
  });

  it('on staff, public registration and the member import', async () => {
    const admin = ctx.bearer(await (await org.newUser({ role: 'admin' })).login());
    const staff = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/pro/staff',
      headers: admin,
      payload: { fullName: `${RLO}nimda`, email: 'rlo@example.test', role: 'frontdesk', sendInvite: false },
    });
    expect(fieldCode(staff)).toEqual([expect.objectContaining({ path: 'fullName', code: 'control_characters' })]);

    const registration = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/public/register/${org.initial}/A`,
      remoteAddress: nextIp(),
      payload: {
        firstName: ZWSP,
        lastName: 'Gonçalves',
        phone: '+55 21 98765-4321',
        email: 'zwsp@exemplo.com.br',
        language: 'pt',
        privacyAccepted: true,
      },
    });
    expect(fieldCode(registration)).toEqual([
      expect.objectContaining({ path: 'firstName', code: 'no_visible_characters' }),
    ]);

    const file = ['First name,Last name,Phone', `${ZWSP},Wong,+852 6111 0101`, `Ann,${RLO}gnoW,+852 6111 0102`];
    const preview = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/pro/imports/members/preview',
      headers: admin,
      payload: {
        fileName: 'members.csv',
        format: 'csv',
        data: Buffer.from(file.join('\r\n')).toString('base64'),
        defaultCenterId: org.centers[0]!.id,
      },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().errors).toEqual([
      expect.objectContaining({ row: 1, field: 'firstName', code: 'no_visible_characters' }),
      expect.objectContaining({ row: 2, field: 'lastName', code: 'control_characters' }),
    ]);
  });

  it('in every name field of every route (a new name field that takes any string fails here)', () => {
    const unchecked: string[] = [];
    let names = 0;
    for (const route of ctx.app.routeRegistry) {
      const schema = route.schemas.body as
        | { safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[] }[] } } }
        | undefined;
      const body = validInput(schema, () => '00000000-0000-4000-8000-000000000000');
      if (!schema || !body || typeof body !== 'object') continue;
      for (const path of namePaths(body)) {
        names += 1;
        for (const bad of [RLO, ZWSP, `a${RLO}b`]) {
          const res = schema.safeParse(withValue(body, path, bad));
          const refusedHere = !res.success && res.error!.issues.some((i) => i.path.join('.') === path.join('.'));
          if (!refusedHere) unchecked.push(`${route.method} ${route.url} ${path.join('.')} ${JSON.stringify(bad)}`);
        }
      }
    }
    expect(names).toBeGreaterThan(10);
    expect(unchecked).toEqual([]);
  });
});

/** The paths of string fields named like a name (`firstName`, `fullName`, `guardian.name`, ...). */
function namePaths(value: unknown, path: PropertyKey[] = []): PropertyKey[][] {
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, v]) => {
    if (typeof v === 'string' && /name$/i.test(key) && !/^(file|user)name$/i.test(key)) return [[...path, key]];
    return namePaths(v, [...path, key]);
  });
}

function withValue(body: unknown, path: PropertyKey[], v: unknown): unknown {
  const copy = structuredClone(body) as Record<PropertyKey, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key as string] as Record<PropertyKey, unknown>;
  at[path.at(-1) as string] = v;
  return copy;
}

describe('the error log', () => {
  it('shows no query parameter, password hash or personal field of a failing query', async () => {
    const { lines, stream } = logLines();
    const database = await openTestDatabase();
    const config = loadConfig(TEST_SETTINGS);
    const server = await createServer(config, {
      database,
      logger: { level: 'info', stream } as never,
      migrate: false,
    });
    try {
      // Any insert into users or members fails inside the database, as a broken constraint or disk would.
      await database.db.execute(sql`
        create function refuse_row() returns trigger language plpgsql as $$
        begin raise exception 'refused by the test'; end $$`);
      await database.db.execute(
        sql`create trigger refuse_users before insert on users for each row execute function refuse_row()`,
      );
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/v1/jwt/register',
        headers: { authorization: 'Bearer not-a-real-token-but-secret', cookie: 'session=cookie-secret' },
        payload: {
          organisationName: 'Leaky Gym',
          initial: 'LEAK',
          fullName: 'Secret Person',
          email: 'secret.person@leaky.test',
          password: 'hunter2hunter2',
          currencyCode: 'EUR',
        },
      });
      expect(res.statusCode).toBe(500);
      const log = lines.join('');
      expect(log).toContain('unhandled error');
      expect(log).toContain('refused by the test');
      for (const leak of [
        'Secret Person',
        'secret.person@leaky.test',
        'hunter2hunter2',
        '$argon2',
        'cookie-secret',
        'not-a-real-token',
      ]) {
        expect(log, `the log shows ${leak}`).not.toContain(leak);
      }
    } finally {
      await server.close();
      await database.close();
    }
  });
});
