/**
 * `npm run bench`: HTTP load on the real server, run in its own process as `npm start` runs it
 * (`node --import tsx apps/server/src/main.ts`, NODE_ENV=production), on loopback, once on the
 * embedded database and once on a throw-away PostgreSQL 15 server. The load generator (autocannon)
 * runs here, so that it does not share the server's event loop. Prints req/s and latency percentiles.
 * Figures, not a test: nothing here passes or fails on speed.
 * Before the server starts, this process migrates the database, seeds the demo and adds BENCH_MEMBERS
 * generated members to the demo organisation; then member search: a Latin name fragment, the common
 * name "wong", a Chinese name fragment, a phone fragment and a whole card number, at each of
 * BENCH_SEARCH_CONNECTIONS.
 *   BENCH_SECONDS=10 (per scenario)  BENCH_CONNECTIONS=10  BENCH_DB=pglite|postgres|both
 *   BENCH_MEMBERS=200000 (0 skips the search scenarios)  BENCH_PGLITE_MEMBERS (default BENCH_MEMBERS)
 *   BENCH_SEARCH_CONNECTIONS=1,10  BENCH_SEARCH_KINDS=common,latin,chinese,phone,card,code (the default: all)
 *   BENCH_DATABASE_URL=postgres://... (the PostgreSQL run uses this database and keeps it: the members
 *   are generated into it once, and later runs reuse them)
 *   BENCH_SUITES=http,selling,search,door,classes,webhooks (the default: all of these), and `soak` (soak.ts: the
 *   two-server deployment under load for BENCH_SOAK_MINUTES=10, with its faults; asked for by name), and
 *   `reports` (reports.ts: every report over 12 months and 1 day of a generated organisation, beside
 *   hand-written SQL; BENCH_REPORTS_SCALE=0.02 of the size; asked for by name)
 * Webhooks (webhooks.ts), on PostgreSQL only: signed provider events posted at BENCH_WEBHOOK_RATE=50/s for
 * BENCH_WEBHOOK_SECONDS=60, each for its own open order; answer p50/p95/p99, then each checked applied once.
 * Classes (classes.ts): the week's class list of a centre with 300 classes and 6,000 bookings (p50/p95/p99 at 1
 * and BENCH_CONNECTIONS), and 50 bookings sent at once into one class of 20 places.
 * The door loop (door.ts), on PostgreSQL only: tap-to-toast at BENCH_DOOR_RATE=100 taps/s for
 * BENCH_DOOR_SECONDS (default BENCH_SECONDS, else 60), over BENCH_DOOR_READERS=10 readers of one centre
 * and BENCH_DOOR_MEMBERS=400 members (a card every 4 s; member i with i % (BENCH_DOOR_HISTORY_MONTHS=36 + 1) ended monthly
 * memberships before the current one and every third with a used-up class pack, as at a gym open for years), after BENCH_DOOR_WARMUP=5 s at the same rate that are not measured (the
 * API process has just started); and its floor, the same round trip with no database work: the API server's
 * own stack with routes that skip only the database work (door-stack-floor-server.ts), and beside it a bare
 * Fastify + Socket.IO server (door-floor-server.ts). The three are measured in turns, BENCH_DOOR_SLICES=6
 * slices each (door, floor, bare; bare, floor, door; ...), each slice after the
 * first warmed up for BENCH_DOOR_SLICE_WARMUP=1 s: this machine's speed drifts over minutes, and a floor
 * measured in the minute after the door's measured another machine. Their samples are merged per scenario.
 * BENCH_DOOR_TIMELINE=1 also prints the worst tap-to-toast per half second and this process's own stalls.
 * BENCH_DOOR_PHASES=1 also prints the two halves of the tap-to-toast: the scan to the reader's browser, the entry to the toast.
 * BENCH_DOOR_SLOW=<ms> also prints each tap slower than that: when, its two halves, and when its entry POST was answered.
 * The API server's process runs with the product's V8 flags (scripts/lib/server-node.mjs, as `npm start`; the floors too);
 * BENCH_API_PROFILE=<dir> (a CPU profile), BENCH_API_TRACE_GC=1 (its garbage collections),
 * BENCH_API_NODE_FLAGS="--flag ..." (more node flags, to measure a V8 setting before adopting it).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.ts';
import { loginThrottles } from '../apps/server/src/db/schema/index.ts';
import { createServer } from '../apps/server/src/server.ts';
import { startPostgres } from '../apps/server/src/test/postgres-server.ts';
import { serverNodeFlags } from '../scripts/lib/server-node.mjs';
import { type BurstFigures, bookingBurst, type ClassesFixture, classListLoad, prepareClasses } from './classes.ts';
import { flushLine, startDiskProbe } from './disk-probe.ts';
import { openDoorLoadApart, prepareDoor, startFloorServer } from './door.ts';
import { type DoorFigures, type DoorFixture, type DoorSlice, doorFigures, doorPhases } from './door-load.ts';
import { type KeywordKind, keywordsOf, type LoadFigures, searchLoad, seedSearchMembers } from './member-search.ts';
import { runReportsBench } from './reports.ts';
import { entitlementLoad, prepareSelling, type SellingFixture, saleLoad } from './selling.ts';
import { runSoak } from './soak.ts';
import { prepareWebhooks, type WebhookFigures, type WebhookFixture, webhookCounts, webhookLoad } from './webhooks.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const which = process.env.BENCH_DB ?? 'both';
const memberCount = Number(process.env.BENCH_MEMBERS ?? 200_000);
const pgliteMemberCount = Number(process.env.BENCH_PGLITE_MEMBERS ?? memberCount);
const searchConnections = (process.env.BENCH_SEARCH_CONNECTIONS ?? '1,10').split(',').map(Number);
const keptDatabase = process.env.BENCH_DATABASE_URL;
const searchKinds = process.env.BENCH_SEARCH_KINDS?.split(',');
const root = new URL('..', import.meta.url).pathname;
const suites = new Set((process.env.BENCH_SUITES ?? 'http,selling,search,door,classes,webhooks').split(','));
const webhookRows: (WebhookFigures & { database: string })[] = [];
const door = {
  rate: Number(process.env.BENCH_DOOR_RATE ?? 100),
  seconds: Number(process.env.BENCH_DOOR_SECONDS ?? process.env.BENCH_SECONDS ?? 60),
  readers: Number(process.env.BENCH_DOOR_READERS ?? 10),
  members: Number(process.env.BENCH_DOOR_MEMBERS ?? 400),
  historyMonths: Number(process.env.BENCH_DOOR_HISTORY_MONTHS ?? 36),
  warmup: Number(process.env.BENCH_DOOR_WARMUP ?? 5),
  slices: Math.max(1, Number(process.env.BENCH_DOOR_SLICES ?? 6)),
  sliceWarmup: Number(process.env.BENCH_DOOR_SLICE_WARMUP ?? 1),
};
const doorRows: DoorFigures[] = [];
/** The door and its two floors (door.ts): the API server's stack with no database work, and a bare server. */
type DoorWhich = 'door' | 'floor' | 'bare';
const DOOR_TURNS: DoorWhich[] = ['door', 'floor', 'bare'];
/** The disk's flushes during each one's slices (`disk-probe.ts`). */
const doorFlushes: Record<DoorWhich, number[]> = { door: [], floor: [], bare: [] };

interface Row {
  database: string;
  scenario: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
}

interface SearchRow extends LoadFigures {
  database: string;
  scenario: string;
  connections: number;
  total: string;
  /** The machine's one-minute load average when the scenario ended. */
  load: number;
}

interface SeedRow {
  database: string;
  members: number;
  seconds: number;
  rowsPerSec: number;
}

const searchRows: SearchRow[] = [];
const sellingRows: (LoadFigures & { database: string; scenario: string; connections: number })[] = [];
const seedRows: SeedRow[] = [];
const classRows: (LoadFigures & { database: string; scenario: string; connections: number })[] = [];
const burstRows: (BurstFigures & { database: string })[] = [];

const SEARCHES: [KeywordKind, string][] = [
  ['common', 'name, common ("wong")'],
  ['latin', 'name, rare (Latin fragment, e.g. "ka w")'],
  ['chinese', 'name, Chinese (fragment, e.g. "大文")'],
  ['phone', 'phone (fragment, 4 to 6 digits)'],
  ['card', 'card (whole number, 10 digits)'],
  ['code', 'code (whole member code)'],
];

async function load(url: string, opts: Partial<autocannon.Options>): Promise<autocannon.Result> {
  return autocannon({ url, connections, duration: seconds, ...opts });
}

/**
 * Signs in, once more on a reset connection: after a long generation the connection kept alive
 * from the first sign-in may be closed by the server just as it is reused.
 */
async function signIn(base: string, body: string): Promise<{ accessToken: string }> {
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch(`${base}/api/v1/jwt/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      if (!res.ok) throw new Error(`the bench's sign-in answered ${res.status}: ${await res.text()}`);
      return (await res.json()) as { accessToken: string };
    } catch (err) {
      if (attempt >= 3 || (err instanceof Error && err.message.startsWith("the bench's sign-in"))) throw err;
    }
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The API server in its own process, as `npm start` runs it; resolves once /api/health answers. */
/**
 * The database as a gym's is a minute after a bulk load: the planner's statistics taken (`ANALYZE`,
 * what autovacuum does within its next round) and every page written so far on disk (`CHECKPOINT`,
 * which needs a superuser or pg_checkpoint).
 */
async function settle(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('analyze');
    await client.query('checkpoint');
  } catch (err) {
    console.log(`(the database was not settled before the door: ${(err as Error).message})`);
  } finally {
    await client.end();
  }
}

async function startApi(env: Record<string, string>): Promise<{ base: string; stop(): Promise<void> }> {
  const port = await freePort();
  // BENCH_API_PROFILE=<dir>: the API server writes a CPU profile there when it stops.
  // BENCH_API_TRACE_GC=1: it prints V8's line per garbage collection (to tell its pauses from others').
  // BENCH_API_NODE_FLAGS="--flag ...": more flags for its node (to try a V8 setting before adopting it).
  const profile = process.env.BENCH_API_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_API_PROFILE}`]
    : [];
  const flags = (process.env.BENCH_API_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const child = spawn(
    process.execPath,
    [
      ...serverNodeFlags().flags,
      ...profile,
      ...flags,
      ...(process.env.BENCH_API_TRACE_GC ? ['--trace-gc'] : []),
      '--import',
      'tsx',
      'src/main.ts',
    ],
    {
      cwd: join(root, 'apps/server'),
      stdio: ['ignore', process.env.BENCH_API_TRACE_GC ? 'inherit' : 'ignore', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'silent',
        HOST: '127.0.0.1',
        PORT: String(port),
        ...env,
      },
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  for (const started = Date.now(); ; ) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 120_000) throw new Error('the server did not answer /api/health in 120 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function runAgainst(database: 'pglite' | 'postgres'): Promise<Row[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gym-bench-'));
  // With PostgreSQL's own durability: a door's latency includes what each commit costs on this disk.
  const pgServer = database !== 'postgres' ? null : keptDatabase ? null : await startPostgres({ durable: true });
  const databaseUrl = database !== 'postgres' ? undefined : (keptDatabase ?? pgServer?.url);
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    DB_POOL_MAX: '20',
    // The sign-in load sends ten correct passwords at once, again and again, from one address: the
    // lockout counts every guess before checking it, so with the defaults most would be refused
    // unchecked and the figure would not be argon2id's.
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000000',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '1000000',
    LOGIN_MAX_FAILURES_PER_ACCOUNT_ALL_ADDRESSES: '1000000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const members = !suites.has('search') ? 0 : database === 'pglite' ? pgliteMemberCount : memberCount;
  const withDoor = suites.has('door') && database === 'postgres';
  let api: Awaited<ReturnType<typeof startApi>> | null = null;
  try {
    // Migrations, the demo and the generated members, written from this process before the server starts.
    const prepared = await createServer(loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', ...env }), {
      logger: false,
    });
    let sample: Awaited<ReturnType<typeof seedSearchMembers>>['sample'] = [];
    let selling: SellingFixture | null = null;
    let doorFixture: DoorFixture | null = null;
    let classesFixture: ClassesFixture | null = null;
    let webhookFixture: WebhookFixture | null = null;
    try {
      if (suites.has('webhooks') && database === 'postgres') {
        console.log(
          `[${database}] webhooks: ${webhookCounts().distinct.toLocaleString('en')} invoices with an open checkout each`,
        );
        webhookFixture = await prepareWebhooks(prepared.deps);
      }
      if (suites.has('selling')) selling = await prepareSelling(prepared.deps);
      if (suites.has('classes')) {
        console.log(`[${database}] classes: a centre with 300 classes in a week and 6,000 bookings`);
        classesFixture = await prepareClasses(prepared.deps);
      }
      if (withDoor) {
        console.log(
          `[${database}] door: ${door.readers} readers and ${door.members} members with a membership, and up to ${door.historyMonths} ended ones each`,
        );
        doorFixture = await prepareDoor(prepared, {
          memberCount: door.members,
          readerCount: door.readers,
          historyMonths: door.historyMonths,
        });
      }
      // A kept database remembers the sign-in throttle of the previous run's login load.
      if (database === 'postgres' && keptDatabase) await prepared.deps.database.db.delete(loginThrottles);
      if (members > 0) {
        console.log(`[${database}] generating ${members.toLocaleString('en')} members in the demo organisation`);
        const seeded = await seedSearchMembers(
          prepared.deps.database.db,
          'DF',
          members,
          undefined,
          database === 'postgres' && Boolean(keptDatabase),
        );
        sample = seeded.sample;
        if (seeded.inserted)
          seedRows.push({
            database,
            members,
            seconds: Math.round(seeded.ms / 100) / 10,
            rowsPerSec: Math.round(members / (seeded.ms / 1000)),
          });
      }
    } finally {
      await prepared.close();
    }
    api = await startApi(env);
    const base = api.base;
    const login = JSON.stringify({ email: 'admin@demo.fit', password: 'demo1234' });
    const session = await signIn(base, login);
    // The search's own session, taken before the sign-in load.
    const fresh = await signIn(base, login);
    const rows: Row[] = [];
    const scenarios: [string, Partial<autocannon.Options>][] = [
      [
        'POST /jwt/login (argon2id verify)',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: login,
          url: `${base}/api/v1/jwt/login`,
        },
      ],
      [
        'GET /pro/me (authenticated)',
        { headers: { authorization: `Bearer ${session.accessToken}` }, url: `${base}/api/v1/pro/me` },
      ],
      [
        'GET /pro/centers/switcher (authenticated list)',
        { headers: { authorization: `Bearer ${session.accessToken}` }, url: `${base}/api/v1/pro/centers/switcher` },
      ],
      ['GET /api/health', { url: `${base}/api/health` }],
    ];
    for (const [scenario, opts] of suites.has('http') ? scenarios : []) {
      const r = await load(opts.url as string, opts);
      rows.push({
        database,
        scenario,
        reqPerSec: Math.round(r.requests.average),
        p50: r.latency.p50,
        p99: r.latency.p99,
        non2xx: r.non2xx,
      });
    }

    for (const c of selling ? [1, connections] : []) {
      sellingRows.push({
        database,
        scenario: 'sale with payment (POST /students/:id/sales)',
        connections: c,
        ...(await saleLoad(base, fresh.accessToken, selling!, { connections: c, seconds })),
      });
    }
    if (selling)
      sellingRows.push({
        database,
        scenario: `entitlements of a member with ${selling.ledgerRows.toLocaleString('en')} ledger rows`,
        connections,
        ...(await entitlementLoad(base, fresh.accessToken, selling, { connections, seconds })),
      });

    if (classesFixture) {
      for (const c of [1, connections]) {
        classRows.push({
          database,
          scenario: `class list of a week (${classesFixture.classCount} classes, ${classesFixture.bookingCount.toLocaleString('en')} bookings)`,
          connections: c,
          ...(await classListLoad(base, fresh.accessToken, classesFixture, { connections: c, seconds })),
        });
      }
      burstRows.push({ database, ...(await bookingBurst(base, fresh.accessToken, classesFixture)) });
    }

    if (doorFixture) {
      const f = doorFixture;
      // The fixture was loaded a second ago: without statistics, PostgreSQL planned the door's
      // statements for empty tables (its reads took twice as long) until autovacuum's next round.
      // What the earlier suites and the seeding wrote (up to hundreds of megabytes) is flushed too:
      // the kernel writing it back during the door's minute made its commits wait behind it, a
      // burst no door sees in a gym's day. The door's own writes and checkpoints are measured.
      if (databaseUrl) await settle(databaseUrl);
      console.log(
        `[${database}] door: ${door.rate} taps/s for ${door.seconds} s, in ${door.slices} slices taken in turns with the floors'`,
      );
      const scenarios: Record<DoorWhich, string> = {
        door: `${database}: scan -> reader browser -> entry -> desk`,
        floor: "floor: the API server's round trip, no database",
        bare: 'bare floor: Fastify + Socket.IO alone',
      };
      // Both floors beside the API server, the stack floor on its database (for its sign-in, sessions and readers).
      // Started together: one that fails to start does not leave the other running.
      const started = await Promise.allSettled([
        startFloorServer(root, 'door-stack-floor-server.ts', [f.centerId], env),
        startFloorServer(root, 'door-floor-server.ts'),
      ]);
      const failed = started.find((s) => s.status === 'rejected');
      if (failed) {
        await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.stop() : null)));
        throw failed.reason;
      }
      const [stack, bare] = started.map(
        (s) => (s as PromiseFulfilledResult<Awaited<ReturnType<typeof startFloorServer>>>).value,
      );
      const floors = { floor: stack!, bare: bare! };
      const loads: Partial<Record<DoorWhich, Awaited<ReturnType<typeof openDoorLoadApart>>>> = {};
      const slices: Record<DoorWhich, DoorSlice[]> = { door: [], floor: [], bare: [] };
      // The bench's own PostgreSQL keeps its data in the same temporary directory's file system.
      const probe = startDiskProbe(dataDir);
      try {
        loads.door = await openDoorLoadApart(root, { base, fixture: f, countWith: fresh.accessToken });
        loads.floor = await openDoorLoadApart(root, {
          base: floors.floor.base,
          fixture: f,
          routes: '/api/v1/bench-floor',
        });
        loads.bare = await openDoorLoadApart(root, { base: floors.bare.base, fixture: f });
        const each = door.seconds / door.slices;
        for (let i = 0; i < door.slices; i++) {
          // door, floor, bare; bare, floor, door; ...: a drift within the run weighs on all alike.
          for (const which of i % 2 === 0 ? DOOR_TURNS : [...DOOR_TURNS].reverse()) {
            const warmupSeconds = slices[which].length === 0 ? door.warmup : door.sliceWarmup;
            const from = performance.now();
            slices[which].push(
              await loads[which]!.slice({ rate: door.rate, seconds: each, warmupSeconds, scenario: scenarios[which] }),
            );
            doorFlushes[which].push(...probe.between(from, performance.now()));
          }
        }
      } finally {
        await Promise.all([loads.door?.close(), loads.floor?.close(), loads.bare?.close(), probe.stop()]);
        await Promise.all([floors.floor.stop(), floors.bare.stop()]);
      }
      for (const which of DOOR_TURNS) {
        doorRows.push(doorFigures(scenarios[which], slices[which]));
        if (process.env.BENCH_DOOR_PHASES) console.log(doorPhases(scenarios[which], slices[which]));
      }
    }

    if (webhookFixture && databaseUrl) {
      const { sent } = webhookCounts();
      console.log(`[${database}] webhooks: ${sent.toLocaleString('en')} signed events posted at a steady rate`);
      webhookRows.push({ database, ...(await webhookLoad(base, databaseUrl, webhookFixture)) });
    }

    if (members > 0) {
      for (const [kind, scenario] of SEARCHES.filter(([k]) => !searchKinds || searchKinds.includes(k))) {
        const keywords = keywordsOf(kind, sample, undefined, members);
        const answer = await fetch(`${base}/api/v1/pro/students?keyword=${encodeURIComponent(keywords[0]!)}`, {
          headers: { authorization: `Bearer ${fresh.accessToken}` },
        });
        if (!answer.ok) throw new Error(`the search answered ${answer.status}: ${await answer.text()}`);
        const first = (await answer.json()) as { total: number; totalCapped?: boolean };
        const total = `${first.total.toLocaleString('en')}${first.totalCapped ? '+' : ''} (${keywords[0]})`;
        for (const c of searchConnections) {
          const figures = await searchLoad(base, fresh.accessToken, keywords, { connections: c, seconds });
          searchRows.push({
            database,
            scenario,
            connections: c,
            total,
            load: loadavg()[0]!,
            ...figures,
          });
        }
      }
    }
    return rows;
  } finally {
    await api?.stop();
    pgServer?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (suites.has('soak')) {
  await runSoak(root);
  if (suites.size === 1) process.exit(0);
}
if (suites.has('reports')) {
  await runReportsBench();
  if (suites.size === 1) process.exit(0);
}
const rows: Row[] = [];
if (which !== 'postgres') rows.push(...(await runAgainst('pglite')));
if (which !== 'pglite') rows.push(...(await runAgainst('postgres')));
console.log(`\nHTTP load: ${connections} connections, ${seconds} s per scenario, loopback, Node ${process.version}`);
console.table(rows.map((r) => ({ ...r, p50: `${r.p50} ms`, p99: `${r.p99} ms` })));
if (sellingRows.length > 0) {
  console.log(`\nSelling: ${seconds} s per scenario`);
  console.table(
    sellingRows.map((r) => ({
      database: r.database,
      scenario: r.scenario,
      connections: r.connections,
      reqPerSec: r.reqPerSec,
      p50: `${r.p50} ms`,
      p95: `${r.p95} ms`,
      p99: `${r.p99} ms`,
      requests: r.requests,
      non2xx: r.non2xx,
    })),
  );
}
if (classRows.length > 0) {
  console.log(`\nClasses: ${seconds} s per scenario`);
  console.table(
    classRows.map((r) => ({
      database: r.database,
      scenario: r.scenario,
      connections: r.connections,
      reqPerSec: r.reqPerSec,
      p50: `${r.p50} ms`,
      p95: `${r.p95} ms`,
      p99: `${r.p99} ms`,
      requests: r.requests,
      non2xx: r.non2xx,
    })),
  );
  console.log('\n50 bookings sent at once into one class of 20 places (POST /pro/bookings)');
  console.table(
    burstRows.map((r) => ({
      ...r,
      totalMs: `${r.totalMs} ms`,
      p50: `${r.p50} ms`,
      p95: `${r.p95} ms`,
      max: `${r.max} ms`,
    })),
  );
}
if (doorRows.length > 0) {
  console.log(
    `\nThe door (one-minute load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores): tap-to-toast (scan POST sent -> entry notification at a second browser), ${door.rate} taps/s for ${door.seconds} s in ${door.slices} slices taken in turns with the floors' (door, floor, bare; bare, floor, door; ...), after a ${door.warmup} s warm-up at the same rate, then ${door.sliceWarmup} s before each later slice (their taps are in taps, toasts and entries, not in the latencies), ${door.readers} readers, ${door.members} members`,
  );
  console.table(
    doorRows.map((r) => ({
      scenario: r.scenario,
      'taps/s': r.ratePerSec,
      taps: r.taps,
      toasts: r.toasts,
      entries: r.entries ?? '-',
      results: r.results,
      p50: `${r.p50} ms`,
      p95: `${r.p95} ms`,
      p99: `${r.p99} ms`,
      max: `${r.max} ms`,
      'scan POST p99': `${r.scanPostP99} ms`,
      'entry POST p99': `${r.entryPostP99} ms`,
    })),
  );
  const [doorRow, floorRow, bareRow] = doorRows;
  const ratio = (over: DoorFigures | undefined, name: string) => {
    if (doorRow && over && over.p99 > 0)
      console.log(
        `Tap-to-toast p99 over the ${name}: ${(doorRow.p99 / over.p99).toFixed(1)}x (p50: ${(doorRow.p50 / over.p50).toFixed(1)}x)`,
      );
  };
  ratio(floorRow, "floor's (the API server with no database work)");
  ratio(bareRow, "bare floor's (Fastify + Socket.IO alone)");
  console.log(
    `The disk beside them (an 8 KB write and fdatasync every 100 ms in the bench's temporary directory, the file system of its own PostgreSQL; each entry's commit waits for such a flush):\n  during the door's slices: ${flushLine(doorFlushes.door)}\n  during the floor's slices: ${flushLine(doorFlushes.floor)}\n  during the bare floor's slices: ${flushLine(doorFlushes.bare)}`,
  );
}
if (webhookRows.length > 0) {
  console.log(
    '\nWebhook intake, POST /api/v1/webhooks/payments/simulated: signed checkout.session.completed events at a steady rate (every 20th a repeat of an earlier one), each for its own order; the answer comes once the event is stored, the outbox applies it; then every distinct event is checked applied once',
  );
  console.table(
    webhookRows.map((r) => ({
      database: r.database,
      'events/s': r.rate,
      seconds: r.seconds,
      sent: r.sent,
      distinct: r.distinct,
      '2xx': r.answered2xx,
      p50: `${r.p50} ms`,
      p95: `${r.p95} ms`,
      p99: `${r.p99} ms`,
      max: `${r.max} ms`,
      applied: r.applied,
      'orders succeeded': r.ordersSucceeded,
      'online payments': r.onlinePayments,
      'paid twice': r.invoicesPaidTwice,
      'applied within': `${r.applySeconds} s after the last`,
    })),
  );
}
if (seedRows.length > 0) {
  console.log('\nMember generation (bulk insert through the demo seed generator, transactions of 20,000 rows)');
  console.table(seedRows);
}
if (searchRows.length > 0) {
  console.log(
    `\nMember search, GET /pro/students?keyword=: ${seconds} s per scenario, a new keyword on every request (total: of the first keyword); load: the one-minute load average on ${cpus().length} cores at the end of the scenario`,
  );
  console.table(
    searchRows.map((r) => ({
      database: r.database,
      keyword: r.scenario,
      connections: r.connections,
      total: r.total,
      reqPerSec: r.reqPerSec,
      p50: `${r.p50} ms`,
      p95: `${r.p95} ms`,
      p99: `${r.p99} ms`,
      requests: r.requests,
      non2xx: r.non2xx,
      load: r.load.toFixed(1),
    })),
  );
  // The same figures, one line per database and kind of keyword, p50 / p95 at each number of connections.
  const summary = new Map<string, Record<string, string>>();
  for (const r of searchRows) {
    const key = `${r.database} ${r.scenario}`;
    const line = summary.get(key) ?? { database: r.database, keyword: r.scenario };
    line[`${r.connections} conn. p50 / p95`] = `${r.p50} / ${r.p95} ms`;
    summary.set(key, line);
  }
  console.log('\nMember search, p50 / p95 per kind of keyword');
  console.table([...summary.values()]);
}
