/**
 * `npm run bench`: HTTP load on the real server (in this process, on loopback), once on the embedded
 * database and once on a throw-away PostgreSQL 15 server. Prints req/s and latency percentiles.
 * Figures, not a test: nothing here passes or fails on speed.
 * Then member search over BENCH_MEMBERS generated members in the demo organisation: a Latin name
 * fragment, a Chinese name fragment, a phone fragment and a whole card number, a new keyword on
 * every request.
 *   BENCH_SECONDS=10 (per scenario)  BENCH_CONNECTIONS=10  BENCH_DB=pglite|postgres|both
 *   BENCH_MEMBERS=200000 (0 skips the search scenarios)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { loadConfig } from '../apps/server/src/config.ts';
import { createServer } from '../apps/server/src/server.ts';
import { startPostgres } from '../apps/server/src/test/postgres-server.ts';
import { type KeywordKind, keywordsOf, type LoadFigures, searchLoad, seedSearchMembers } from './member-search.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const which = process.env.BENCH_DB ?? 'both';
const memberCount = Number(process.env.BENCH_MEMBERS ?? 200_000);

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
}

interface SeedRow {
  database: string;
  members: number;
  seconds: number;
  rowsPerSec: number;
}

const searchRows: SearchRow[] = [];
const seedRows: SeedRow[] = [];

const SEARCHES: [KeywordKind, string][] = [
  ['latin', 'name, Latin fragment (e.g. "wong", "ka w")'],
  ['chinese', 'name, Chinese fragment (e.g. "大文")'],
  ['phone', 'phone fragment (4 to 6 digits)'],
  ['card', 'card number (10 digits)'],
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
      return (await res.json()) as { accessToken: string };
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
}

async function runAgainst(database: 'pglite' | 'postgres'): Promise<Row[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gym-bench-'));
  const pgServer = database === 'postgres' ? await startPostgres() : null;
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'true',
    DB_POOL_MAX: '20',
    ...(pgServer ? { DATABASE_URL: pgServer.url } : {}),
  });
  const server = await createServer(config, { logger: false });
  const base = await server.app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const login = JSON.stringify({ email: 'admin@demo.fit', password: 'demo1234' });
    const session = (await (
      await fetch(`${base}/api/v1/jwt/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: login,
      })
    ).json()) as { accessToken: string };
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
    for (const [scenario, opts] of scenarios) {
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

    if (memberCount > 0) {
      console.log(`[${database}] generating ${memberCount.toLocaleString('en')} members in the demo organisation`);
      const seeded = await seedSearchMembers(server.deps.database.db, 'DF', memberCount);
      seedRows.push({
        database,
        members: memberCount,
        seconds: Math.round(seeded.ms / 100) / 10,
        rowsPerSec: Math.round(memberCount / (seeded.ms / 1000)),
      });
      const fresh = await signIn(base, login);
      for (const [kind, scenario] of SEARCHES) {
        const keywords = keywordsOf(kind, seeded.sample);
        const figures = await searchLoad(base, fresh.accessToken, keywords, { connections, seconds });
        searchRows.push({ database, scenario: `GET /pro/students?keyword= ${scenario}`, ...figures });
      }
    }
    return rows;
  } finally {
    await server.close();
    pgServer?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const rows: Row[] = [];
if (which !== 'postgres') rows.push(...(await runAgainst('pglite')));
if (which !== 'pglite') rows.push(...(await runAgainst('postgres')));
console.log(`\nHTTP load: ${connections} connections, ${seconds} s per scenario, loopback, Node ${process.version}`);
console.table(rows.map((r) => ({ ...r, p50: `${r.p50} ms`, p99: `${r.p99} ms` })));
if (seedRows.length > 0) {
  console.log('\nMember generation (bulk insert through the demo seed generator, transactions of 20,000 rows)');
  console.table(seedRows);
  console.log(`\nMember search: ${connections} connections, ${seconds} s per scenario, a new keyword on every request`);
  console.table(
    searchRows.map((r) => ({
      database: r.database,
      scenario: r.scenario,
      reqPerSec: r.reqPerSec,
      p50: `${r.p50} ms`,
      p95: `${r.p95} ms`,
      p99: `${r.p99} ms`,
      requests: r.requests,
      non2xx: r.non2xx,
    })),
  );
}
