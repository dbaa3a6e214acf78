/**
 * Scale-out: two API servers on one real PostgreSQL 15 and one Redis, as a gym that outgrew one
 * machine runs them. Sessions, lockouts and realtime events must not depend on which server a
 * request reaches.
 */
import { randomUUID } from 'node:crypto';
import { REALTIME_EVENT } from '@gym/contract/realtime';
import pg from 'pg';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from './config.ts';
import { readers } from './db/schema/index.ts';
import { hashToken } from './lib/tokens.ts';
import { buildCenter, buildOrganisation, buildUser } from './seed/builders.ts';
import { createServer, type RunningServer } from './server.ts';
import { TEMPLATE_DB } from './test/global-setup.ts';
import { startRedis } from './test/redis-server.ts';

let a: RunningServer;
let b: RunningServer;
let urlA = '';
let urlB = '';
let redis: Awaited<ReturnType<typeof startRedis>>;
let dbName = '';
const email = 'scale-admin@scale.test';
const password = 'scale password';
const readerSecret = 'scale reader secret';

beforeAll(async () => {
  redis = await startRedis();
  const adminUrl = inject('pgUrl');
  dbName = `scale_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName} template ${TEMPLATE_DB}`);
  await admin.end();
  const env = {
    NODE_ENV: 'test',
    DATABASE_URL: adminUrl.replace(/\/postgres$/, `/${dbName}`),
    REDIS_URL: redis.url,
    SEED_DEMO: 'false',
    ARGON2_MEMORY_KIB: '1024',
    LOGIN_SLOWDOWN_MS: '0',
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '4',
    LOG_LEVEL: 'silent',
  };
  a = await createServer(loadConfig(env), { logger: false });
  b = await createServer(loadConfig(env), { logger: false, migrate: false });
  urlA = await a.app.listen({ port: 0, host: '127.0.0.1' });
  urlB = await b.app.listen({ port: 0, host: '127.0.0.1' });
  const { db } = a.deps.database;
  const money = { currencyCode: 'HKD', currencySymbol: 'HK$' } as const;
  const org = await buildOrganisation(db, { name: 'Scale Gym', initial: 'SG', ...money });
  const center = await buildCenter(db, { organisationId: org.id, code: 'S1', name: 'Scale One', ...money });
  const other = await buildCenter(db, { organisationId: org.id, code: 'S2', name: 'Scale Two', ...money });
  await db.insert(readers).values({
    organisationId: org.id,
    centerId: center.id,
    name: 'Front door',
    sn: 'SCALE-READER-1',
    secretHash: hashToken(readerSecret),
  });
  await buildUser(db, {
    organisationId: org.id,
    email,
    fullName: 'Scale Admin',
    role: 'admin',
    passwordHash: await a.deps.hasher.hash(password),
  });
  Object.assign(globalThis, { scaleOrg: org.id, scaleCenter: center.id, scaleOther: other.id });
}, 120_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
  await redis?.stop();
  // Set up to its database or not at all: a failed start (Redis refused) is the one error shown.
  if (!dbName) return;
  const admin = new pg.Client({ connectionString: inject('pgUrl') });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
});

type Tokens = { accessToken: string; refreshToken: string };
const json = async (res: Response | Promise<Response>) => (await (await res).json()) as Tokens;
const post = (base: string, path: string, body: unknown, userAgent = 'scale-test') =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': userAgent },
    body: JSON.stringify(body),
  });

describe('two API servers on PostgreSQL and Redis', () => {
  it('both servers agree on the signing key: a token from A works on B', async () => {
    const login = await json(post(urlA, '/api/v1/jwt/login', { email, password }));
    const me = await fetch(`${urlB}/api/v1/pro/me`, { headers: { authorization: `Bearer ${login.accessToken}` } });
    expect(me.status).toBe(200);
  });

  it('refresh rotation, its retry grace and reuse detection hold across servers', async () => {
    const login = await json(post(urlA, '/api/v1/jwt/login', { email, password }));
    const rotated = await post(urlB, '/api/v1/jwt/refresh-token', { refreshToken: login.refreshToken });
    expect(rotated.status).toBe(200);
    const next = await json(rotated);
    // The same browser retrying the refresh (its answer lost) on the other server gets the same pair.
    const retried = await post(urlA, '/api/v1/jwt/refresh-token', { refreshToken: login.refreshToken });
    expect(retried.status).toBe(200);
    expect((await json(retried)).refreshToken).toBe(next.refreshToken);
    // Another client presenting the rotated token is a reuse: the whole family is revoked, on both servers.
    const reuse = await post(urlA, '/api/v1/jwt/refresh-token', { refreshToken: login.refreshToken }, 'elsewhere');
    expect(reuse.status).toBe(401);
    expect((await post(urlB, '/api/v1/jwt/refresh-token', { refreshToken: next.refreshToken })).status).toBe(401);
  });

  it('concurrent refreshes of one token on both servers: one new pair for one client, one winner among several', async () => {
    const login = await json(post(urlA, '/api/v1/jwt/login', { email, password }));
    const same = await Promise.all(
      [urlA, urlB, urlA, urlB].map((u) => post(u, '/api/v1/jwt/refresh-token', { refreshToken: login.refreshToken })),
    );
    expect(same.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const pairs = await Promise.all(same.map((r) => json(r)));
    expect(new Set(pairs.map((p) => p.refreshToken)).size).toBe(1);

    const second = await json(post(urlA, '/api/v1/jwt/login', { email, password }));
    const racing = await Promise.all(
      [urlA, urlB, urlA, urlB].map((u, i) =>
        post(u, '/api/v1/jwt/refresh-token', { refreshToken: second.refreshToken }, `client-${i}`),
      ),
    );
    expect(racing.filter((r) => r.status === 200)).toHaveLength(1);
  });

  it('failed sign-ins are counted across servers', async () => {
    const codes: number[] = [];
    for (const u of [urlA, urlB, urlA, urlB])
      codes.push((await post(u, '/api/v1/jwt/login', { email, password: 'wrong' })).status);
    expect(codes).toEqual([401, 401, 401, 423]);
    expect((await post(urlA, '/api/v1/jwt/login', { email, password })).status).toBe(423);
    // Every counter of this account (per account, per account and address) is forgotten for the next tests.
    await a.deps.database.db.execute(
      (await import('drizzle-orm')).sql`delete from login_throttles where key like ${`%${email}%`}`,
    );
  });

  it('an event published on server A reaches a browser connected to server B', async () => {
    const login = await json(post(urlA, '/api/v1/jwt/login', { email, password }));
    const { scaleOrg, scaleCenter } = globalThis as unknown as { scaleOrg: string; scaleCenter: string };
    const socket = connect(urlB, {
      auth: { token: login.accessToken, center_id: scaleCenter },
      transports: ['websocket'],
    });
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    const got = new Promise<string>((resolve) => socket.on(REALTIME_EVENT, resolve));
    await new Promise((r) => setTimeout(r, 200));
    const payload = { center_id: scaleCenter, action: 'entry', message: 'Welcome back', icon: 'check' };
    a.deps.events.publish('realtime.center', { organisationId: scaleOrg, centerId: scaleCenter, payload });
    const message = await Promise.race([
      got,
      new Promise<string>((_, rej) => setTimeout(() => rej(new Error('no event')), 5000)),
    ]);
    socket.close();
    expect(JSON.parse(message)).toEqual(payload);
  });

  it('a scan sent to server A reaches the browser of the reader’s centre on server B, and no other centre’s', async () => {
    const login = await json(post(urlA, '/api/v1/jwt/login', { email, password }));
    const { scaleCenter, scaleOther } = globalThis as unknown as { scaleCenter: string; scaleOther: string };
    const open = async (centerId: string) => {
      const socket = connect(urlB, {
        auth: { token: login.accessToken, center_id: centerId, reader: 'SCALE-READER-1' },
        transports: ['websocket'],
        reconnection: false,
      });
      const heard: Record<string, unknown>[] = [];
      socket.on(REALTIME_EVENT, (m: string) => heard.push(JSON.parse(m)));
      await new Promise<void>((resolve, reject) => {
        socket.on('connect', () => resolve());
        socket.on('connect_error', reject);
      });
      return { socket, heard };
    };
    const here = await open(scaleCenter);
    const elsewhere = await open(scaleOther);
    await new Promise((r) => setTimeout(r, 200));
    const scanId = `scale-${randomUUID()}`;
    const res = await fetch(`${urlA}/api/v1/pro/readers/SCALE-READER-1/scans`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-reader-secret': readerSecret },
      body: JSON.stringify({ scanId, card: '0001234567', at: new Date().toISOString() }),
    });
    expect(await res.json()).toEqual({ scanId, accepted: true });
    for (const end = Date.now() + 5000; here.heard.length === 0 && Date.now() < end; )
      await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 200));
    here.socket.close();
    elsewhere.socket.close();
    expect(here.heard).toEqual([
      expect.objectContaining({
        center_id: scaleCenter,
        action: 'scan',
        reader: 'SCALE-READER-1',
        card: '0001234567',
        scan_id: scanId,
      }),
    ]);
    expect(elsewhere.heard).toEqual([]);
  });

  it('a reader’s secret rotated on server A is refused by server B, which had it in its cache, once B hears of it', async () => {
    const login = await json(post(urlA, '/api/v1/jwt/login', { email, password }));
    const { scaleCenter } = globalThis as unknown as { scaleCenter: string };
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${login.accessToken}` };
    const created = await fetch(`${urlA}/api/v1/pro/readers`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        centerId: scaleCenter,
        name: 'Side door',
        sn: `SCALE-ROTATE-${randomUUID().slice(0, 8)}`,
      }),
    });
    expect(created.status).toBe(201);
    const { reader, secret } = (await created.json()) as { reader: { id: string; sn: string }; secret: string };
    const scanOnB = async (with_: string) =>
      (
        await fetch(`${urlB}/api/v1/pro/readers/${reader.sn}/scans`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-reader-secret': with_ },
          body: JSON.stringify({ scanId: `scale-${randomUUID()}`, card: '0001234567', at: new Date().toISOString() }),
        })
      ).status;
    // B reads the reader once and keeps it for the next scans.
    expect(await scanOnB(secret)).toBe(200);
    expect(await scanOnB(secret)).toBe(200);
    const rotated = await fetch(`${urlA}/api/v1/pro/readers/${reader.id}/rotate-secret`, {
      method: 'POST',
      headers: { authorization: headers.authorization },
    });
    expect(rotated.status).toBe(200);
    const fresh = ((await rotated.json()) as { secret: string }).secret;
    // The change reaches B on commit (PostgreSQL's notification): within moments, not the cache's 30 s.
    let status = await scanOnB(secret);
    for (const end = Date.now() + 3000; status === 200 && Date.now() < end; status = await scanOnB(secret))
      await new Promise((r) => setTimeout(r, 50));
    expect(status).toBe(401);
    expect(await scanOnB(fresh)).toBe(200);
  });

  it('sign-out on server A closes the socket held on server B, and B refuses the token at once', async () => {
    const login = await json(post(urlA, '/api/v1/jwt/login', { email, password }));
    const socket = connect(urlB, {
      auth: { token: login.accessToken },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    // B has the session in its cache.
    const before = await fetch(`${urlB}/api/v1/pro/me`, { headers: { authorization: `Bearer ${login.accessToken}` } });
    expect(before.status).toBe(200);
    const closed = new Promise<string>((resolve) => {
      const timer = setTimeout(() => resolve('still connected'), 5000);
      socket.once('disconnect', (reason) => {
        clearTimeout(timer);
        resolve(reason);
      });
    });
    expect((await post(urlA, '/api/v1/jwt/logout', { refreshToken: login.refreshToken })).status).toBeLessThan(300);
    expect(await closed).toBe('io server disconnect');
    socket.close();
    const after = await fetch(`${urlB}/api/v1/pro/me`, { headers: { authorization: `Bearer ${login.accessToken}` } });
    expect(after.status).toBe(401);
  });

  // Last: it stops Redis.
  it('Redis stopped: both servers go on, say so, and deliver to their own browsers; back, their browsers catch up and events cross again', async () => {
    const login = await json(post(urlA, '/api/v1/jwt/login', { email, password }));
    const { scaleOrg, scaleCenter } = globalThis as unknown as { scaleOrg: string; scaleCenter: string };
    const health = async (url: string) =>
      (await (await fetch(`${url}/api/health`)).json()) as { status: string; events: string };
    expect(await health(urlA)).toMatchObject({ status: 'ok', events: 'shared' });
    const open = async (url: string) => {
      const socket = connect(url, {
        auth: { token: login.accessToken, center_id: scaleCenter },
        transports: ['websocket'],
      });
      const heard: string[] = [];
      socket.on(REALTIME_EVENT, (m: string) => heard.push(JSON.parse(m).message));
      await new Promise<void>((resolve, reject) => {
        socket.on('connect', () => resolve());
        socket.on('connect_error', reject);
      });
      return { socket, heard };
    };
    const onA = await open(urlA);
    const onB = await open(urlB);
    const closedByB: string[] = [];
    onB.socket.on('disconnect', (reason) => closedByB.push(reason));
    const publishOnA = (message: string) =>
      a.deps.events.publish('realtime.center', {
        organisationId: scaleOrg,
        centerId: scaleCenter,
        payload: { center_id: scaleCenter, action: 'entry', message, icon: 'check' },
      });
    const until = async (what: () => boolean | Promise<boolean>, ms: number) => {
      const started = Date.now();
      while (!(await what())) {
        if (Date.now() - started > ms) return -1;
        await new Promise((r) => setTimeout(r, 50));
      }
      return Date.now() - started;
    };

    await redis.stop();
    const noticed = await until(async () => (await health(urlA)).status === 'degraded', 10_000);
    expect(noticed).toBeGreaterThanOrEqual(0);
    expect(await health(urlB)).toMatchObject({ status: 'degraded', events: 'down' });
    // Each server still answers and still reaches its own browsers at once.
    expect(
      (await fetch(`${urlB}/api/v1/pro/me`, { headers: { authorization: `Bearer ${login.accessToken}` } })).status,
    ).toBe(200);
    publishOnA('while Redis is away');
    expect(await until(() => onA.heard.includes('while Redis is away'), 2_000)).toBeGreaterThanOrEqual(0);
    // A browser that leaves meanwhile costs nothing (its session is not kept for recovery).
    onA.socket.close();

    redis = await startRedis(redis.port);
    const back = await until(
      async () => (await health(urlA)).events === 'shared' && (await health(urlB)).events === 'shared',
      15_000,
    );
    expect(back).toBeGreaterThanOrEqual(0);
    // B's browser missed what A sent meanwhile: B closes it once Redis is back, so that it connects
    // afresh and catches up (a reader's browser asks for its unanswered scans).
    expect(onB.heard).not.toContain('while Redis is away');
    const told = await until(() => closedByB.includes('io server disconnect'), 10_000);
    expect(told).toBeGreaterThanOrEqual(0);
    onB.socket.connect();
    expect(await until(() => onB.socket.connected, 10_000)).toBeGreaterThanOrEqual(0);
    // Events cross between servers again (the adapter's reader waits for Redis, then reads on).
    const crossed = await until(() => {
      publishOnA('Redis is back');
      return onB.heard.includes('Redis is back');
    }, 15_000);
    expect(crossed).toBeGreaterThanOrEqual(0);
    console.log(
      `scale: Redis stopped, noticed in ${noticed} ms; back and shared in ${back} ms; browsers told to catch up ${told} ms after; events crossing again ${crossed} ms after`,
    );
    onB.socket.close();
  }, 90_000);
});
