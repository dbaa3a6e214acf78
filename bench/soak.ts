/**
 * The soak (`BENCH_SUITES=soak npm run bench`): the deployment of `npm run cluster` (PostgreSQL,
 * Redis, two API servers, nginx in front) under a gym chain's day, with a fault at a time:
 *   - the door: BENCH_DOOR_RATE (100) taps a second over 10 readers of one centre; each reader keeps
 *     its taps in memory and hands them over in turn (BENCH_READER_IN_FLIGHT calls at once, 1), retrying
 *     a scan through an outage and waiting out a 429's Retry-After (same scan id, tools/reader-device.ts), each reader's browser posts the entry of its scans
 *     (the scan id as Idempotency-Key, retried while the server cannot answer) and the desk counts the
 *     toasts; the browsers' sockets reconnect as the web app's do, and a reconnected browser asks for
 *     the scans of its reader that have no entry yet, as the web app does;
 *   - 50 staff sessions browsing and searching (members, classes, invoices, entries), each with its
 *     socket in one of the demo's centres;
 *   - sales at BENCH_SOAK_SALES (2) a second, every other one paid at the sale and the others by a
 *     payment posted after it, each with its Idempotency-Key and retried on a 5xx or no answer; one in
 *     four paid online instead (a pay link, its checkout, the simulated provider's page and its signed
 *     webhook, the member's status page asked until the order is final).
 * Faults (BENCH_SOAK_FAULTS=kill,postgres,redis,slow), spread over BENCH_SOAK_MINUTES (10):
 *   - kill: `kill -9` of one API server (started again 30 s later);
 *   - postgres: PostgreSQL stopped (as a crash) for 15 s, then started;
 *   - redis: Redis stopped for 20 s, then started on its port;
 *   - slow: every packet to PostgreSQL held 1 s and one connection in ten reset each second, for 30 s
 *     (a TCP proxy between the servers and the database).
 * Printed: per kind of request p50/p99 and errors; per fault, how long until the door worked again,
 *   what the servers answered while it lasted, and the sockets' reconnection; each server's memory
 *   every minute; taps sent, scans accepted, entries recorded, taps lost or doubled; the business's
 *   invariants (db/invariants.ts) over the database after the run.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD } from '@gym/contract/demo';
import { REALTIME_EVENT } from '@gym/contract/realtime';
import { sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { invariantBreaches } from '../apps/server/src/db/invariants.ts';
import { createServer } from '../apps/server/src/server.ts';
import { freePort, startPostgres } from '../apps/server/src/test/postgres-server.ts';
import { startRedis } from '../apps/server/src/test/redis-server.ts';
import { ReaderDevice } from '../apps/server/src/tools/reader-device.ts';
import { nginxConfig } from '../scripts/lib/nginx.ts';
import { serverNodeFlags } from '../scripts/lib/server-node.mjs';
import { ensureSystemDeps, NGINX } from '../scripts/lib/system-deps.mjs';
import { startDbProxy } from './db-proxy.ts';
import { prepareDoor } from './door.ts';
import type { DoorFixture } from './door-load.ts';
import { prepareSelling, type SellingFixture } from './selling.ts';
import { percentile } from './stats.ts';

type FaultKind = 'kill' | 'postgres' | 'redis' | 'slow';
const minutes = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
const rate = Number(process.env.BENCH_DOOR_RATE ?? 100);
const staffSessions = Number(process.env.BENCH_SOAK_STAFF ?? 50);
const salesPerSecond = Number(process.env.BENCH_SOAK_SALES ?? 2);
const faults = (process.env.BENCH_SOAK_FAULTS ?? 'kill,postgres,redis,slow').split(',').filter(Boolean) as FaultKind[];
const RETRY_FOR_MS = 120_000;
/** Calls a reader has under way at once (BENCH_READER_IN_FLIGHT): 1 is a door reader's habit. */
const READER_IN_FLIGHT = Number(process.env.BENCH_READER_IN_FLIGHT ?? 1);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.now();

/** Request times and failures per kind, and per second of the run for the recovery figures. */
class Tally {
  times = new Map<string, number[]>();
  errors = new Map<string, Record<string, number>>();
  started = now();
  add(kind: string, ms: number) {
    const list = this.times.get(kind) ?? [];
    list.push(ms);
    this.times.set(kind, list);
  }
  fail(kind: string, why: string | number) {
    const e = this.errors.get(kind) ?? {};
    e[String(why)] = (e[String(why)] ?? 0) + 1;
    this.errors.set(kind, e);
  }
  second(at = now()) {
    return Math.floor((at - this.started) / 1000);
  }
}

/** One HTTP request with a timeout; `status` 0 when nothing answered. */
async function send(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown; timeoutMs?: number },
): Promise<{ status: number; ms: number; json: unknown }> {
  const from = now();
  try {
    const res = await fetch(url, {
      method: init.method ?? 'GET',
      headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
      body: init.body ? JSON.stringify(init.body) : undefined,
      signal: AbortSignal.timeout(init.timeoutMs ?? 30_000),
    });
    const text = await res.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.status, ms: now() - from, json };
  } catch {
    return { status: 0, ms: now() - from, json: null };
  }
}

/** Sends until answered with something other than a 5xx or nothing (a real client's retry), for up to 2 minutes. */
async function sendRetrying(
  tally: Tally,
  kind: string,
  url: string,
  init: Parameters<typeof send>[1],
): Promise<{ status: number; json: unknown; tries: number }> {
  const until = now() + RETRY_FOR_MS;
  for (let tries = 1; ; tries++) {
    const res = await send(url, init);
    if (res.status !== 0 && res.status < 500) {
      tally.add(kind, res.ms);
      if (res.status >= 400) tally.fail(kind, res.status);
      return { ...res, tries };
    }
    tally.fail(kind, res.status);
    if (now() > until) return { ...res, tries };
    await sleep(Math.min(250 * tries, 2000));
  }
}

interface Api {
  port: number;
  child: ChildProcess;
  exited: Promise<void>;
}

async function startApi(root: string, env: Record<string, string>, port: number): Promise<Api> {
  const child = spawn(process.execPath, [...serverNodeFlags().flags, '--import', 'tsx', 'src/main.ts'], {
    cwd: join(root, 'apps/server'),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'error', HOST: '127.0.0.1', PORT: String(port), ...env },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (const started = now(); ; ) {
    if (child.exitCode !== null) throw new Error(`the API server exited with ${child.exitCode}`);
    if ((await send(`http://127.0.0.1:${port}/api/health`, { timeoutMs: 2000 })).status === 200) break;
    if (now() - started > 120_000) throw new Error('the API server did not answer /api/health in 120 s');
    await sleep(200);
  }
  return { port, child, exited };
}

/** Resident memory of a process, in MB (from /proc). */
function rssMb(pid: number | undefined): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024);
  } catch {
    return null;
  }
}

async function login(base: string, email: string): Promise<string> {
  const res = await send(`${base}/api/v1/jwt/login`, { method: 'POST', body: { email, password: DEMO_PASSWORD } });
  if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}`);
  return (res.json as { accessToken: string }).accessToken;
}

let nextAddress = 0;
/**
 * A browser's socket, as the web app opens it (shared/realtime.ts): WebSocket first, reconnecting with
 * up to 10 s between tries. Each from an address of its own on loopback (127.0.1.x), as a chain's
 * browsers are on machines of their own: nginx keeps a socket on one server per address, so the
 * browsers spread over both servers and a server's death reaches some of them.
 */
function socketOf(base: string, auth: Record<string, string>): Socket {
  const localAddress = `127.0.1.${(nextAddress++ % 250) + 1}`;
  const socket = io(base, {
    auth,
    transports: ['websocket', 'polling'],
    reconnectionDelayMax: 10_000,
    forceNew: true,
    localAddress,
  } as Parameters<typeof io>[1]);
  // Closed by its server (after Redis came back, to catch up): the web app connects again at once
  // (shared/realtime.ts); Socket.IO itself does not after a server's disconnect.
  socket.on('disconnect', (reason) => {
    if (reason === 'io server disconnect') socket.connect();
  });
  return socket;
}

/** The door: readers, their browsers and the desk, through the balancer. */
function doorLoad(base: string, token: string, f: DoorFixture, tally: Tally, run: string) {
  const sentAt = new Map<string, number>();
  const accepted = new Set<string>();
  const entries = new Map<string, string>();
  const toasted = new Map<string, number>();
  const byEntry = new Map<string, string>();
  const perSecond: { sent: number; toastedFast: number }[] = [];
  const reconnects: { at: number; down: number }[] = [];
  const pending: Promise<unknown>[] = [];
  let caughtUp = 0;
  const act = (sn: string, scanId: string, card: string) => {
    if (entries.has(scanId)) return;
    entries.set(scanId, '');
    pending.push(
      sendRetrying(tally, 'entry POST', `${base}/api/v1/pro/card/${encodeURIComponent(card)}/entry/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': scanId },
        body: { center_id: f.centerId, sn, scan_id: scanId, source: 'reader' },
      }).then((res) => {
        const id = (res.json as { entry?: { id?: string } } | null)?.entry?.id;
        if (id) {
          entries.set(scanId, id);
          byEntry.set(id, scanId);
          const at = toasted.get(id);
          if (at !== undefined) noteToast(scanId, at);
        }
      }),
    );
  };
  const browsers = f.readers.map((r) => {
    const socket = socketOf(base, { token, center_id: f.centerId, reader: r.sn });
    let downSince: number | null = null;
    socket.on('disconnect', () => {
      downSince ??= now();
    });
    socket.on('connect', () => {
      if (downSince !== null) {
        reconnects.push({ at: downSince, down: now() - downSince });
        downSince = null;
      }
      if (!socket.recovered) {
        // As the web app does on a fresh connection: the reader's scans that have no entry yet.
        void send(`${base}/api/v1/pro/readers/${encodeURIComponent(r.sn)}/unanswered-scans?centerId=${f.centerId}`, {
          headers: { authorization: `Bearer ${token}` },
        }).then((res) => {
          for (const scan of (res.json as { items?: { scanId: string; card: string }[] } | null)?.items ?? []) {
            if (!scan.scanId.includes(run)) continue;
            if (!entries.has(scan.scanId)) caughtUp += 1;
            act(r.sn, scan.scanId, scan.card);
          }
        });
      }
    });
    socket.on(REALTIME_EVENT, (raw: string) => {
      const m = JSON.parse(raw) as { action: string; reader?: string; card?: string; scan_id?: string };
      if (m.action === 'scan' && m.reader === r.sn && m.scan_id && m.card) act(r.sn, m.scan_id, m.card);
    });
    return socket;
  });
  const desk = socketOf(base, { token, center_id: f.centerId });
  desk.on(REALTIME_EVENT, (raw: string) => {
    const m = JSON.parse(raw) as { action: string; entry?: { id: string } };
    if (m.action !== 'entry' || !m.entry?.id) return;
    const at = now();
    const scanId = byEntry.get(m.entry.id);
    // The toast may come before the entry POST's answer: matched by the entry's id when it comes.
    toasted.set(m.entry.id, at);
    if (scanId) noteToast(scanId, at);
  });
  const noteToast = (scanId: string, at: number) => {
    const sent = sentAt.get(scanId);
    if (sent === undefined) return;
    tally.add('tap-to-toast', at - sent);
    const s = perSecond[tally.second(sent)];
    if (s && at - sent < 2000) s.toastedFast += 1;
  };
  // Each reader as the hardware: its taps kept in memory and handed over in turn, retried through
  // outages and 429s (tools/reader-device.ts); a call's answer and time counted as a 'scan POST'.
  const devices = new Map(
    f.readers.map((r) => [
      r.sn,
      new ReaderDevice({
        url: base,
        sn: r.sn,
        secret: r.secret,
        inFlight: READER_IN_FLIGHT,
        giveUpAfterMs: RETRY_FOR_MS,
        onCall: (status, ms) => {
          if (status !== 0 && status < 500) tally.add('scan POST', ms);
          if (status === 0 || status >= 400) tally.fail('scan POST', status);
        },
      }),
    ]),
  );
  let stopped = false;
  let sent = 0;
  const loop = (async () => {
    // The door opens once its browsers are connected (a scan sent before would wait for their catch-up).
    for (const until = now() + 30_000; now() < until && !(browsers.every((b) => b.connected) && desk.connected); )
      await sleep(100);
    const from = now();
    for (let i = 0; !stopped; i++) {
      const wait = from + (i * 1000) / rate - now();
      if (wait > 0) await sleep(wait);
      const reader = f.readers[i % f.readers.length]!;
      const card = f.cards[i % f.cards.length]!;
      const scanId = `S${run}-${i}`;
      const at = now();
      sentAt.set(scanId, at);
      const sec = tally.second(at);
      perSecond[sec] ??= { sent: 0, toastedFast: 0 };
      perSecond[sec].sent += 1;
      sent += 1;
      pending.push(
        devices
          .get(reader.sn)!
          .tap({ scanId, card, at: new Date().toISOString() })
          .then((res) => {
            if (res.status === 200) accepted.add(scanId);
            else tally.fail('scan lost', res.status);
          }),
      );
    }
  })();
  return {
    perSecond,
    reconnects,
    connected: () => browsers.every((b) => b.connected) && desk.connected,
    async stop() {
      stopped = true;
      await loop;
      // What is still being retried settles (at most two minutes), and late toasts come in.
      await Promise.allSettled(pending);
      await sleep(3000);
      for (const s of [...browsers, desk]) s.close();
      const missing = [...accepted].filter((id) => !entries.get(id));
      return { sent, accepted: accepted.size, missing, toasts: toasted.size, caughtUp };
    },
  };
}

/** Staff at their screens: each session signs in, opens its socket and reads a page every 2 s or so. */
async function staffLoad(base: string, count: number, centerIds: string[], memberIds: string[], tally: Tally) {
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) tokens.push(await login(base, i % 2 ? 'frontdesk@demo.fit' : 'admin@demo.fit'));
  const sockets = tokens.map((token, i) => socketOf(base, { token, center_id: centerIds[i % centerIds.length]! }));
  const words = ['wong', 'chan', 'ana', 'silva', '9', 'lee', 'maria', 'li'];
  const pages = [
    (i: number) => [`members`, `/api/v1/pro/students?keyword=${words[i % words.length]}&pageSize=20`],
    (i: number) => [`member file`, `/api/v1/pro/students/${memberIds[i % memberIds.length]}`],
    () => [`classes`, `/api/v1/pro/classes?pageSize=50`],
    () => [`invoices`, `/api/v1/pro/invoices?pageSize=20`],
    (i: number) => [`entries`, `/api/v1/pro/entries?centerId=${centerIds[i % centerIds.length]}&pageSize=20`],
  ] as const;
  let stopped = false;
  const loops = tokens.map(async (token, s) => {
    await sleep(Math.random() * 2000);
    for (let i = s; !stopped; i++) {
      const [kind, path] = pages[i % pages.length]!(i);
      const res = await send(`${base}${path}`, { headers: { authorization: `Bearer ${token}` }, timeoutMs: 30_000 });
      if (res.status === 200) tally.add(`staff: ${kind}`, res.ms);
      else tally.fail(`staff: ${kind}`, res.status);
      await sleep(1500 + Math.random() * 1000);
    }
  });
  return {
    async stop() {
      stopped = true;
      await Promise.all(loops);
      for (const s of sockets) s.close();
    },
  };
}

/** Sales through the desk: a membership sold to the next member, paid at once or by a payment after it. */
function salesLoad(base: string, token: string, f: SellingFixture, tally: Tally, run: string) {
  let stopped = false;
  let sold = 0;
  let paidAfter = 0;
  let paidOnline = 0;
  const pending: Promise<unknown>[] = [];
  const headers = (key: string) => ({ authorization: `Bearer ${token}`, 'idempotency-key': key });
  /**
   * The member pays online: the desk makes a pay link, the member opens its checkout and pays on the
   * simulated provider's page, whose webhook the server applies; the member's status page asks until
   * the order is final (as the page does, which also settles an order whose webhook was lost).
   */
  const payOnline = async (invoiceId: string, i: number): Promise<boolean> => {
    const link = await sendRetrying(tally, 'pay link POST', `${base}/api/v1/pro/pay-links`, {
      method: 'POST',
      headers: headers(`soak-${run}-link-${i}`),
      body: { invoiceId },
    });
    const token = (link.json as { token?: string } | null)?.token;
    if (link.status !== 201 || !token) return false;
    const checkout = await sendRetrying(tally, 'checkout POST', `${base}/api/v1/public/pay-links/${token}/checkout`, {
      method: 'POST',
      body: {},
    });
    const order = checkout.json as { orderId?: string; checkoutUrl?: string } | null;
    if (checkout.status !== 200 || !order?.orderId || !order.checkoutUrl) return false;
    const sessionId = order.checkoutUrl.split('/').pop()!;
    const pressed = await sendRetrying(
      tally,
      'provider page POST',
      `${base}/api/v1/public/simulated-checkout/${sessionId}`,
      {
        method: 'POST',
        body: { outcome: 'success' },
      },
    );
    if (pressed.status >= 300) return false;
    for (const until = now() + RETRY_FOR_MS; now() < until; await sleep(1000)) {
      const state = await send(`${base}/api/v1/public/orders/${order.orderId}`, {});
      if (state.status === 200) tally.add('order status GET', state.ms);
      else tally.fail('order status GET', state.status);
      const value = (state.json as { state?: string } | null)?.state;
      if (value === 'succeeded') return true;
      if (value && !['created', 'pending', 'unknown'].includes(value)) return false;
    }
    return false;
  };
  const loop = (async () => {
    const from = now();
    for (let i = 0; !stopped; i++) {
      const wait = from + (i * 1000) / salesPerSecond - now();
      if (wait > 0) await sleep(wait);
      const member = f.memberIds[i % f.memberIds.length]!;
      const payNow = i % 2 === 0;
      pending.push(
        sendRetrying(tally, 'sale POST', `${base}/api/v1/pro/students/${member}/sales`, {
          method: 'POST',
          headers: headers(`soak-${run}-sale-${i}`),
          body: {
            centerId: f.centerId,
            lines: [{ itemType: 'membership', itemId: f.planId }],
            ...(payNow ? { payment: { method: 'card', amountMinor: f.priceMinor } } : {}),
          },
        }).then(async (res) => {
          const invoice = res.json as { id?: string } | null;
          if (res.status !== 201 || !invoice?.id) return;
          sold += 1;
          if (payNow) return;
          if (i % 4 === 1) {
            if (await payOnline(invoice.id, i)) paidOnline += 1;
            return;
          }
          const paid = await sendRetrying(tally, 'payment POST', `${base}/api/v1/pro/invoices/${invoice.id}/payments`, {
            method: 'POST',
            headers: headers(`soak-${run}-pay-${i}`),
            body: { method: 'cash', amountMinor: f.priceMinor },
          });
          if (paid.status === 201) paidAfter += 1;
        }),
      );
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      await Promise.allSettled(pending);
      return { sold, paidAfter, paidOnline };
    },
  };
}

export async function runSoak(root: string): Promise<void> {
  ensureSystemDeps({ chromium: false, postgres: true, redis: true, nginx: true, cjkFont: false });
  const dir = mkdtempSync(join(tmpdir(), 'gym-soak-'));
  const pg = await startPostgres({ durable: true });
  const pgUrl = new URL(pg.url);
  const proxy = await startDbProxy({ host: '127.0.0.1', port: Number(pgUrl.port) });
  let redis = await startRedis();
  const env: Record<string, string> = {
    DATABASE_URL: proxy.url(pg.url),
    REDIS_URL: redis.url,
    TRUST_PROXY: 'true',
    DB_POOL_MAX: '20',
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000000',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '1000000',
    LOGIN_MAX_FAILURES_PER_ACCOUNT_ALL_ADDRESSES: '1000000',
  };
  const apis: (Api | null)[] = [null, null];
  let nginx: ChildProcess | null = null;
  try {
    console.log(`[soak] preparing the demo, 10 readers and 400 members at the door on PostgreSQL (${dir})`);
    const prepared = await createServer(
      loadConfig({
        NODE_ENV: 'production',
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'true',
        DATABASE_URL: pg.url,
        DATA_DIR: join(dir, 'prepare'),
      }),
      { logger: false },
    );
    let door: DoorFixture;
    let selling: SellingFixture;
    let centerIds: string[];
    try {
      door = await prepareDoor(prepared, { memberCount: 400, readerCount: 10, historyMonths: 12 });
      selling = await prepareSelling(prepared.deps, 50);
      const rows = (await prepared.deps.database.db.execute(sql`select id from centers order by code`)) as unknown as {
        rows: { id: string }[];
      };
      centerIds = rows.rows.map((r) => r.id);
    } finally {
      await prepared.close();
    }
    const ports = [await freePort(), await freePort()];
    for (const i of [0, 1]) apis[i] = await startApi(root, { ...env, DATA_DIR: join(dir, `api-${i + 1}`) }, ports[i]!);
    const port = await freePort();
    const nginxDir = join(dir, 'nginx');
    mkdirSync(nginxDir, { recursive: true });
    writeFileSync(join(nginxDir, 'nginx.conf'), nginxConfig(nginxDir, port, ports));
    nginx = spawn(NGINX, ['-c', join(nginxDir, 'nginx.conf'), '-p', nginxDir], { stdio: 'ignore' });
    const base = `http://127.0.0.1:${port}`;
    for (const started = now(); (await send(`${base}/api/health`, {})).status !== 200; await sleep(200))
      if (now() - started > 30_000) throw new Error('nginx did not answer');

    const tally = new Tally();
    const run = Date.now().toString(36).toUpperCase();
    const deskToken = await login(base, 'frontdesk@demo.fit');
    const adminToken = await login(base, 'admin@demo.fit');
    const doorRun = doorLoad(base, deskToken, door, tally, run);
    const staff = await staffLoad(base, staffSessions, centerIds, selling.memberIds, tally);
    const sales = salesLoad(base, adminToken, selling, tally, run);
    console.log(
      `[soak] ${minutes} min through nginx: ${rate} taps/s over ${door.readers.length} readers, ${staffSessions} staff sessions, ${salesPerSecond} sales/s; faults: ${faults.join(', ') || 'none'}`,
    );

    const memory: Record<string, string | number>[] = [];
    const sampleMemory = (minute: number) => {
      const pool = proxy.connections();
      memory.push({
        minute,
        'api-1 MB': rssMb(apis[0]?.child.pid) ?? '-',
        'api-2 MB': rssMb(apis[1]?.child.pid) ?? '-',
        'db connections (peak)': pool.peak,
        load: loadavg()[0]!.toFixed(1),
      });
    };
    const faultRows: Record<string, string | number>[] = [];
    const endAt = tally.started + minutes * 60_000;
    const faultAt = faults.map((_, k) => tally.started + ((k + 1) * minutes * 60_000) / (faults.length + 1));
    let minute = 0;
    const ticker = setInterval(() => sampleMemory(++minute), 60_000);
    sampleMemory(0);

    /** The first second from `from` on whose taps were all toasted within 2 s, as seconds after `from`. */
    const recoveredAfter = async (from: number) => {
      for (const until = now() + 120_000; now() < until; await sleep(1000)) {
        const first = tally.second(from);
        for (let s = first; s < tally.second() - 3; s++) {
          const b = doorRun.perSecond[s];
          if (b && b.sent > 0 && b.toastedFast === b.sent) return Math.max(0, (s * 1000 + tally.started - from) / 1000);
        }
      }
      return Number.NaN;
    };
    const answersDuring = async (ms: number) => {
      const statuses: Record<string, number> = {};
      let slowest = 0;
      for (const until = now() + ms; now() < until; await sleep(500)) {
        const res = await send(`${base}/api/v1/pro/students?pageSize=1`, {
          headers: { authorization: `Bearer ${adminToken}` },
          timeoutMs: 30_000,
        });
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        slowest = Math.max(slowest, res.ms);
      }
      return { statuses: JSON.stringify(statuses), slowest: Math.round(slowest) };
    };

    for (const [k, fault] of faults.entries()) {
      await sleep(Math.max(0, faultAt[k]! - now()));
      const at = now();
      const reconnectsBefore = doorRun.reconnects.length;
      if (fault === 'kill') {
        const victim = apis[0]!;
        victim.child.kill('SIGKILL');
        await victim.exited;
        apis[0] = null;
        const during = await answersDuring(30_000);
        const socketsBack = doorRun.reconnects.slice(reconnectsBefore).map((r) => r.down);
        apis[0] = await startApi(root, { ...env, DATA_DIR: join(dir, 'api-1') }, ports[0]!);
        faultRows.push({
          fault: 'kill -9 of one API server (started again after 30 s)',
          'answers while it lasted': during.statuses,
          'slowest answer': `${during.slowest} ms`,
          'door working again after': `${(await recoveredAfter(at)).toFixed(1)} s`,
          'sockets reconnected': `${socketsBack.length}, the last after ${Math.round(Math.max(0, ...socketsBack))} ms`,
        });
      } else if (fault === 'postgres') {
        pg.halt();
        const during = await answersDuring(15_000);
        pg.resume();
        const back = now();
        faultRows.push({
          fault: 'PostgreSQL stopped for 15 s',
          'answers while it lasted': during.statuses,
          'slowest answer': `${during.slowest} ms`,
          'door working again after': `${(await recoveredAfter(back)).toFixed(1)} s`,
          'sockets reconnected': doorRun.reconnects.length - reconnectsBefore,
        });
      } else if (fault === 'redis') {
        const redisPort = redis.port;
        await redis.stop();
        await sleep(2000);
        const health = await Promise.all(
          ports.map(
            async (p) =>
              (await send(`http://127.0.0.1:${p}/api/health`, {})).json as { status?: string; events?: string },
          ),
        );
        const during = await answersDuring(18_000);
        redis = await startRedis(redisPort);
        const back = now();
        let healthyAgain = Number.NaN;
        for (const until = now() + 60_000; now() < until; await sleep(250)) {
          const all = await Promise.all(
            ports.map(
              async (p) => ((await send(`http://127.0.0.1:${p}/api/health`, {})).json as { status?: string })?.status,
            ),
          );
          if (all.every((s) => s === 'ok')) {
            healthyAgain = Math.round(now() - back);
            break;
          }
        }
        faultRows.push({
          fault: 'Redis stopped for 20 s',
          'answers while it lasted': during.statuses,
          'slowest answer': `${during.slowest} ms`,
          'health while down': health.map((h) => `${h?.status}/${h?.events}`).join(', '),
          'health ok again after': `${healthyAgain} ms`,
          'door working again after': `${(await recoveredAfter(back)).toFixed(1)} s`,
        });
      } else if (fault === 'slow') {
        proxy.mode('slow');
        const during = await answersDuring(30_000);
        const peak = proxy.connections().peak;
        proxy.mode('pass');
        const back = now();
        faultRows.push({
          fault: 'the database slow (1 s a packet, resets) for 30 s',
          'answers while it lasted': during.statuses,
          'slowest answer': `${during.slowest} ms`,
          'db connections at the most': peak,
          'door working again after': `${(await recoveredAfter(back)).toFixed(1)} s`,
        });
      }
      console.log(`[soak] ${fault}: ${JSON.stringify(faultRows.at(-1))}`);
    }
    await sleep(Math.max(0, endAt - now()));
    clearInterval(ticker);
    sampleMemory(minutes);
    console.log('[soak] stopping the load; retries settle (up to 2 min)');
    const [doorFigures, , salesFigures] = await Promise.all([doorRun.stop(), staff.stop(), sales.stop()]);

    const db = await openDatabase({ kind: 'postgres', url: pg.url, poolMax: 2 });
    let recorded = 0;
    let doubled = 0;
    let breaches: string[] = [];
    let ordersSucceeded = 0;
    let webhooksApplied = 0;
    try {
      const counts = (await db.db.execute(
        sql`select count(*)::int as n, count(distinct scan_id)::int as d from entries where scan_id like ${`S${run}-%`}`,
      )) as unknown as { rows: { n: number; d: number }[] };
      recorded = counts.rows[0]!.n;
      doubled = counts.rows[0]!.n - counts.rows[0]!.d;
      const online = (await db.db.execute(
        sql`select (select count(*)::int from payment_orders where state = 'succeeded') as orders,
                   (select count(*)::int from payment_webhook_events where outcome = 'applied') as applied`,
      )) as unknown as { rows: { orders: number; applied: number }[] };
      ordersSucceeded = online.rows[0]!.orders;
      webhooksApplied = online.rows[0]!.applied;
      breaches = await invariantBreaches(db.db);
    } finally {
      await db.close();
    }

    console.log(
      `\nSoak: ${minutes} min through nginx in front of two API servers, PostgreSQL 15 and Redis (${cpus().length} cores)`,
    );
    console.table([
      {
        'taps sent': doorFigures.sent,
        'scans accepted': doorFigures.accepted,
        'entries recorded': recorded,
        'taps lost': doorFigures.missing.length,
        'entries doubled': doubled,
        'found on reconnection': doorFigures.caughtUp,
        toasts: doorFigures.toasts,
        'sales made': salesFigures.sold,
        'paid after': salesFigures.paidAfter,
        'paid online': salesFigures.paidOnline,
        'orders succeeded': ordersSucceeded,
        'provider events applied': webhooksApplied,
      },
    ]);
    if (doorFigures.missing.length > 0)
      console.log(`lost taps (first 10): ${doorFigures.missing.slice(0, 10).join(', ')}`);
    console.log('Requests: latency and what failed (each retry of a failed request counted; 0: no answer)');
    console.table(
      [...tally.times.entries()].map(([kind, unsorted]) => {
        const times = unsorted.sort((a, b) => a - b);
        return {
          kind,
          requests: times.length,
          p50: `${Math.round(percentile(times, 50) * 10) / 10} ms`,
          p99: `${Math.round(percentile(times, 99) * 10) / 10} ms`,
          max: `${Math.round(times.at(-1) ?? 0)} ms`,
          failed: JSON.stringify(tally.errors.get(kind) ?? {}),
        };
      }),
    );
    console.log('Faults');
    console.table(faultRows);
    console.log('Memory (resident) of each API server and the database connections they held, per minute');
    console.table(memory);
    const first = memory.find((m) => m.minute === 2) ?? memory[0]!;
    const last = memory.at(-1)!;
    for (const name of ['api-1 MB', 'api-2 MB'])
      if (typeof first[name] === 'number' && typeof last[name] === 'number')
        console.log(
          `${name.replace(' MB', '')}: ${first[name]} MB at minute ${first.minute}, ${last[name]} MB at the end (${(((last[name] as number) / (first[name] as number) - 1) * 100).toFixed(1)}%; api-1 was started again after its kill)`,
        );
    console.log(breaches.length === 0 ? 'Invariants: all hold.' : `Invariants broken:\n  ${breaches.join('\n  ')}`);
  } finally {
    nginx?.kill('SIGTERM');
    for (const api of apis) api?.child.kill('SIGTERM');
    await Promise.all(apis.map((a) => a?.exited));
    await proxy.close();
    await redis.stop().catch(() => undefined);
    pg.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
