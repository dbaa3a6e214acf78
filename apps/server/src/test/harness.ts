import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Role } from '@gym/contract/acl';
import type { LoginResponse } from '@gym/contract/auth';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { cards } from '../db/schema/index.ts';
import type { Clock } from '../lib/clock.ts';
import { tenantDb } from '../lib/tenant-db.ts';
import { insertMember } from '../modules/members/index.ts';
import { buildCenter, buildOrganisation, buildUser, type OrganisationMoney } from '../seed/builders.ts';
import { createServer, type RunningServer } from '../server.ts';
import { TEMPLATE_DB } from './global-setup.ts';

export const TEST_PASSWORD = 'correct horse battery';

/** The settings of a test server: no demo, fast password hashing, no sign-in slowdown, no data folder. */
export const TEST_SETTINGS = {
  NODE_ENV: 'test',
  SEED_DEMO: 'false',
  ARGON2_MEMORY_KIB: '1024',
  LOGIN_SLOWDOWN_MS: '0',
  DATA_DIR: '/nonexistent',
};

/** A fresh, migrated database for one test file: PGlite loaded from the run's template, or a copy of the PostgreSQL template. */
export async function openTestDatabase(): Promise<Database> {
  if (process.env.TEST_DATABASE === 'postgres')
    return newPostgresDatabase('test', { template: TEMPLATE_DB, poolMax: 5 });
  return openDatabase({ kind: 'pglite', loadDataDir: templateBlob(), sharedBuffers: '16MB' });
}

/** A new database on the run's PostgreSQL server (a copy of `template`, else empty), dropped when it is closed. */
export async function newPostgresDatabase(
  prefix: string,
  opts: { template?: string; poolMax: number },
): Promise<Database> {
  const adminUrl = inject('pgUrl');
  const name = `${prefix}_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${opts.template ? ` template ${opts.template}` : ''}`);
  await admin.end();
  const database = await openDatabase({
    kind: 'postgres',
    url: adminUrl.replace(/\/postgres$/, `/${name}`),
    poolMax: opts.poolMax,
  });
  return {
    ...database,
    async close() {
      await database.close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

let template: ArrayBuffer | undefined;

/**
 * The run's PGlite template (44 MB), read once per worker process (its test files share it). PGlite reads the tarball
 * with `arrayBuffer()` alone; Node's Blob hands 44 MB over in small chunks that are then joined
 * (a quarter of a second per database), so the bytes are handed over as they are.
 */
function templateBlob(): Blob {
  if (!template) {
    const tar = readFileSync(inject('pgliteTemplate'));
    template = tar.buffer.slice(tar.byteOffset, tar.byteOffset + tar.byteLength) as ArrayBuffer;
  }
  const bytes = template;
  return { type: 'application/x-tar', size: bytes.byteLength, arrayBuffer: async () => bytes } as unknown as Blob;
}

/** The money of test organisations unless a test names another: Brazilian reais, as the spec's examples. */
export const TEST_MONEY: OrganisationMoney = { currencyCode: 'BRL', currencySymbol: 'R$ ' };

/** A signed-in caller's header. */
export type Headers = { authorization: string };
/** A request to `/api/v1/pro…` of the test server. */
export type ProRequest = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) => Promise<LightMyRequestResponse>;

export interface TestContext extends RunningServer {
  database: Database;
  /** A request to `/api/v1/pro…`. */
  pro: ProRequest;
  /** A new organisation with centres A and B; its money is Brazilian reais (`R$ `) unless `money` names another. */
  newOrganisation(input?: { name?: string; initial?: string; money?: OrganisationMoney }): Promise<TestOrganisation>;
  /** Answers a Bearer header for a request. */
  bearer(tokens: { accessToken: string }): { authorization: string };
  close(): Promise<void>;
}

export interface TestOrganisation {
  id: string;
  initial: string;
  centers: { id: string; code: string }[];
  newUser(input: { role: Role; centerIds?: string[]; active?: boolean; email?: string }): Promise<TestUser>;
  /** A member inserted directly (generated code and search text), at centre A unless told; `cardNumber` gives an active card. */
  newMember(input?: TestMemberInput): Promise<TestMember>;
  /** The header of a new user of the role, signed in. */
  signIn(role: Role, centerIds?: string[]): Promise<Headers>;
}

export interface TestMemberInput {
  firstName?: string;
  lastName?: string;
  chineseName?: string | null;
  phone?: string | null;
  email?: string | null;
  homeCenterId?: string;
  status?: 'prospect' | 'active' | 'frozen' | 'left';
  cardNumber?: string;
  code?: string;
}

export interface TestMember {
  id: string;
  code: string;
  firstName: string;
  lastName: string;
  homeCenterId: string;
}

export interface TestUser {
  id: string;
  email: string;
  role: Role;
  login(): Promise<LoginResponse>;
}

let initialCounter = 0;
let memberCounter = 0;
/**
 * A test organisation's initial: "T" and digits. Member codes carry it, and the member search finds
 * a keyword in a code: letters drawn by the clock (it was base 36) made "T5BY3" now and then, and
 * every member of that organisation then matched a test's search for "by".
 */
function nextInitial(): string {
  initialCounter += 1;
  const n = (Date.now() % 10_000) * 100 + initialCounter;
  return `T${n}`.slice(0, 10);
}

/**
 * The plainest start of a test file: the server on a fresh database (`env` added to its settings,
 * `clock` its clock) and an organisation (`organisation` its name and money) with centres A and B.
 */
export async function startOrganisation(
  opts: {
    env?: Record<string, string>;
    clock?: Clock;
    organisation?: Parameters<TestContext['newOrganisation']>[0];
  } = {},
) {
  const ctx = await createTestContext(opts.env, { clock: opts.clock });
  const org = await ctx.newOrganisation(opts.organisation);
  const [centerA, centerB] = org.centers.map((c) => c.id) as [string, string];
  return { ctx, org, centerA, centerB };
}

/** The usual start of a test file: `startOrganisation`, and the header of the organisation's manager. */
export async function startWithOrganisation(env: Record<string, string> = {}) {
  const start = await startOrganisation({ env });
  return { ...start, manager: await start.org.signIn('manager') };
}

/** The start of a test file about what one organisation may not do to another's rows: two organisations. */
export async function startTwoOrganisations() {
  const ctx = await createTestContext();
  return { ctx, a: await ctx.newOrganisation(), b: await ctx.newOrganisation() };
}

/** The start of a test file that talks to the server over TCP (a load test): its base address. */
export async function startListening() {
  const ctx = await createTestContext();
  return { ctx, baseUrl: await ctx.app.listen({ port: 0, host: '127.0.0.1' }) };
}

/** The whole server on a fresh database, with factories in the style of `ctx.newUser()`. */
export async function createTestContext(
  env: Record<string, string> = {},
  opts: { clock?: Clock } = {},
): Promise<TestContext> {
  const database = await openTestDatabase();
  const config = loadConfig({ ...TEST_SETTINGS, LOG_LEVEL: 'silent', ...env });
  const server = await createServer(config, { database, logger: false, migrate: false, clock: opts.clock });
  const { db } = database;
  const passwordHash = await server.deps.hasher.hash(TEST_PASSWORD);

  const ctx: TestContext = {
    ...server,
    database,
    bearer: (t) => ({ authorization: `Bearer ${t.accessToken}` }),
    pro: (method, url, headers, payload) =>
      server.app.inject({ method, url: `/api/v1/pro${url}`, headers, payload: payload as object | undefined }),
    async newOrganisation(input = {}) {
      const initial = input.initial ?? nextInitial();
      const money = input.money ?? TEST_MONEY;
      const org = await buildOrganisation(db, { name: input.name ?? `Org ${initial}`, initial, ...money });
      const centers = [
        await buildCenter(db, { organisationId: org.id, code: 'A', name: 'Centre A', ...money }),
        await buildCenter(db, { organisationId: org.id, code: 'B', name: 'Centre B', ...money }),
      ];
      const organisation: TestOrganisation = {
        id: org.id,
        initial,
        centers: centers.map((c) => ({ id: c.id, code: c.code })),
        signIn: async (role, centerIds) => ctx.bearer(await (await organisation.newUser({ role, centerIds })).login()),
        async newUser({ role, centerIds, active, email }) {
          const address = email ?? `${role}-${randomUUID().slice(0, 8)}@${initial.toLowerCase()}.test`;
          const user = await buildUser(db, {
            organisationId: org.id,
            email: address,
            fullName: `${role} of ${initial}`,
            role,
            passwordHash,
            centerIds,
            active,
          });
          return {
            id: user.id,
            email: user.email,
            role,
            async login() {
              const res = await server.app.inject({
                method: 'POST',
                url: '/api/v1/jwt/login',
                payload: { email: user.email, password: TEST_PASSWORD },
              });
              if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
              return res.json() as LoginResponse;
            },
          };
        },
        async newMember(input = {}) {
          const homeCenterId = input.homeCenterId ?? centers[0]!.id;
          const center = centers.find((c) => c.id === homeCenterId) ?? centers[0]!;
          memberCounter += 1;
          return db.transaction(async (tx) => {
            const member = await insertMember(
              { db: tenantDb(tx, { organisationId: org.id, centerIds: null }), clock: server.deps.clock },
              {
                organisationId: org.id,
                homeCenterId,
                centerCode: center.code,
                code: input.code,
                firstName: input.firstName ?? `First${memberCounter}`,
                lastName: input.lastName ?? `Last${memberCounter}`,
                chineseName: input.chineseName ?? null,
                phone: input.phone === undefined ? `+852 6${String(memberCounter).padStart(7, '0')}` : input.phone,
                email: input.email ?? null,
                status: input.status ?? 'active',
                cardNumbers: input.cardNumber ? [input.cardNumber] : [],
              },
            );
            if (input.cardNumber) {
              await tx.insert(cards).values({ organisationId: org.id, memberId: member.id, number: input.cardNumber });
            }
            return {
              id: member.id,
              code: member.code,
              firstName: member.firstName,
              lastName: member.lastName,
              homeCenterId,
            };
          });
        },
      };
      return organisation;
    },
    async close() {
      await server.close();
      await database.close();
    },
  };
  return ctx;
}
