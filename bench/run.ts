/**
 * `npm run bench`: HTTP load on the real server (in this process, on loopback), once on the embedded
 * database and once on a throw-away PostgreSQL 15 server. Prints req/s and latency percentiles.
 * Figures, not a test: nothing here passes or fails on speed.
 *   BENCH_SECONDS=10 (per scenario)  BENCH_CONNECTIONS=10  BENCH_DB=pglite|postgres|both
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { loadConfig } from '../apps/server/src/config.ts';
import { createServer } from '../apps/server/src/server.ts';
import { startPostgres } from '../apps/server/src/test/postgres-server.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const which = process.env.BENCH_DB ?? 'both';

interface Row {
  database: string;
  scenario: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
}

async function load(url: string, opts: Partial<autocannon.Options>): Promise<autocannon.Result> {
  return autocannon({ url, connections, duration: seconds, ...opts });
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
