/**
 * PostgreSQL restarted under the door's load, as a crash or an upgrade restarts it: the API server
 * stays up (a connection lost while a request holds it is heard, never an unhandled error), answers
 * 503 with its reason at once while the database is away, and recovers by itself; the readers'
 * taps held through the outage are all recorded once it is back, none twice.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { readerScans, readers } from './db/schema/index.ts';
import { hashToken } from './lib/tokens.ts';
import { buildCenter, buildOrganisation, buildUser } from './seed/builders.ts';
import { createServer, type RunningServer } from './server.ts';
import { startPostgres } from './test/postgres-server.ts';
import { type DeviceAnswer, ReaderDevice } from './tools/reader-device.ts';

let pgServer: Awaited<ReturnType<typeof startPostgres>>;
let server: RunningServer;
let url = '';
let readerId = '';
let token = '';
const readerSecret = 'restart reader secret';

beforeAll(async () => {
  // With its durability on, as a gym runs it: a crash loses no commit it has answered.
  pgServer = await startPostgres({ durable: true });
  server = await createServer(
    loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: pgServer.url,
      SEED_DEMO: 'false',
      ARGON2_MEMORY_KIB: '1024',
      LOGIN_SLOWDOWN_MS: '0',
      LOG_LEVEL: 'silent',
    }),
    { logger: false },
  );
  url = await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { db } = server.deps.database;
  const money = { currencyCode: 'HKD', currencySymbol: 'HK$' } as const;
  const org = await buildOrganisation(db, { name: 'Restart Gym', initial: 'RG', ...money });
  const center = await buildCenter(db, { organisationId: org.id, code: 'R1', name: 'Restart One', ...money });
  const [reader] = await db
    .insert(readers)
    .values({
      organisationId: org.id,
      centerId: center.id,
      name: 'Front door',
      sn: 'RESTART-1',
      secretHash: hashToken(readerSecret),
    })
    .returning();
  readerId = reader!.id;
  const email = 'restart-admin@restart.test';
  const password = 'restart password';
  await buildUser(db, {
    organisationId: org.id,
    email,
    fullName: 'Restart Admin',
    role: 'admin',
    passwordHash: await server.deps.hasher.hash(password),
  });
  const login = await fetch(`${url}/api/v1/jwt/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  token = ((await login.json()) as { accessToken: string }).accessToken;
}, 120_000);

afterAll(async () => {
  await server?.close();
  pgServer?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PostgreSQL restarted under door load', () => {
  it('the server stays up, answers 503 at once while it is away, recovers alone, and records every tap once', async () => {
    const device = new ReaderDevice({ url, sn: 'RESTART-1', secret: readerSecret, timeoutMs: 5_000 });
    const taps: Promise<DeviceAnswer>[] = [];
    let tapping = true;
    const door = (async () => {
      for (let i = 0; tapping; i++) {
        taps.push(device.tap({ scanId: `restart-${i}`, card: '0001234567', at: new Date().toISOString() }));
        await sleep(50);
      }
    })();
    await sleep(1_500);

    pgServer.halt();
    const downAt = Date.now();
    // Staff asking meanwhile are told at once why, not left waiting.
    const staff: { status: number; ms: number; error?: string }[] = [];
    while (Date.now() - downAt < 4_000) {
      const from = Date.now();
      const res = await fetch(`${url}/api/v1/pro/students?page=1&pageSize=20`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await res.json().catch(() => ({}))) as { error?: string };
      staff.push({ status: res.status, ms: Date.now() - from, error: body.error });
      await sleep(200);
    }
    expect(staff.length).toBeGreaterThan(3);
    expect(staff.filter((s) => !(s.status === 503 && s.error === 'database_unavailable'))).toEqual([]);
    expect(Math.max(...staff.map((s) => s.ms))).toBeLessThan(5_000);
    expect((await fetch(`${url}/api/health`)).status).toBe(503);

    pgServer.resume();
    const upAt = Date.now();
    let recovered = -1;
    while (Date.now() - upAt < 30_000) {
      const res = await fetch(`${url}/api/v1/pro/students?page=1&pageSize=20`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.status === 200) {
        recovered = Date.now() - upAt;
        break;
      }
      await sleep(100);
    }
    expect(recovered).toBeGreaterThanOrEqual(0);
    await sleep(1_000);
    tapping = false;
    await door;
    const answers = await Promise.all(taps);
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    const rows = await server.deps.database.db.select().from(readerScans).where(eq(readerScans.readerId, readerId));
    expect(rows).toHaveLength(taps.length);
    expect(new Set(rows.map((r) => r.scanId)).size).toBe(taps.length);
    console.log(
      `scale: PostgreSQL stopped 4 s under ${taps.length} taps: staff answered 503 in at most ${Math.max(...staff.map((s) => s.ms))} ms; ` +
        `requests served again ${recovered} ms after it was back; taps recorded ${rows.length} of ${taps.length}, ` +
        `the longest held ${Math.round(Math.max(...answers.map((a) => a.ms)))} ms`,
    );
  }, 90_000);
});
