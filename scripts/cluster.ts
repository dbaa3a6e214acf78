/**
 * `npm run cluster`: the deployment of a chain that outgrew one machine, on this one: PostgreSQL,
 * Redis, two API servers and nginx in front of them, each on a free port, stopped together on
 * Ctrl+C. The same pieces on real machines: docs/deploy.md.
 *
 * - PostgreSQL keeps its data in `CLUSTER_DIR/postgres` (default `data/cluster`), durable (fsync on).
 * - Redis carries the realtime events between the servers (Socket.IO's adapter); it keeps nothing.
 * - The API servers start one after the other: the first applies the migrations and seeds the demo
 *   (once), the second finds them done. Both trust nginx's `X-Forwarded-For`, which nginx sets to the
 *   client's address (never appending what the client sent).
 * - nginx spreads requests over both (a server that stops answering is skipped); a browser's
 *   realtime socket is a WebSocket, which needs no stickiness (events reach it through Redis from
 *   either server); the long-polling fallback, used only where a proxy blocks WebSockets, is kept on
 *   one server per address.
 *
 * `CLUSTER_PORT` sets the address's port (a free one otherwise). Exit 1 when a piece did not start
 * (what is missing is named).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { nginxConfig } from './lib/nginx.ts';
import { serverNodeFlags } from './lib/server-node.mjs';
import { ensureSystemDeps, NGINX, PG_BIN, REDIS } from './lib/system-deps.mjs';
import { ensureWebBuilt } from './lib/web-build.mjs';

const root = resolve(import.meta.dirname, '..');
const dir = resolve(process.env.CLUSTER_DIR ?? join(root, 'data/cluster'));
const asRoot = process.getuid?.() === 0;
const children: { name: string; child: ChildProcess }[] = [];
let stopping = false;

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

/** Runs a PostgreSQL program (as the `postgres` user when this runs as root). */
function pgRun(bin: string, args: string[]) {
  const cmd = asRoot ? 'runuser' : join(PG_BIN, bin);
  const full = asRoot ? ['-u', 'postgres', '--', join(PG_BIN, bin), ...args] : args;
  const r = spawnSync(cmd, full, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${bin} failed: ${r.stderr || r.stdout}`);
  return r.stdout;
}

function startChild(name: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}, cwd = root) {
  const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (chunk: Buffer) =>
    chunk
      .toString()
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => `[${name}] ${line}\n`)
      .join('');
  child.stdout?.on('data', (d: Buffer) => process.stdout.write(prefix(d)));
  child.stderr?.on('data', (d: Buffer) => process.stderr.write(prefix(d)));
  child.on('exit', (code, signal) => {
    if (!stopping) console.log(`[${name}] stopped (${signal ?? `exit ${code}`})`);
  });
  children.push({ name, child });
  return child;
}

async function waitFor(what: string, check: () => Promise<boolean>, seconds = 120) {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not start within ${seconds} s`);
}

const healthy = (port: number) => async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;

async function startPostgres(): Promise<string> {
  const data = join(dir, 'postgres');
  mkdirSync(dir, { recursive: true });
  if (asRoot) chmodSync(dir, 0o777);
  if (!existsSync(join(data, 'PG_VERSION'))) {
    console.log(`Creating the PostgreSQL database in ${data}...`);
    pgRun('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  }
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`;
  pgRun('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'postgres.log'), '-w', 'start']);
  children.push({
    name: 'postgres',
    child: {
      kill: () => {
        try {
          pgRun('pg_ctl', ['-D', data, '-m', 'fast', 'stop']);
        } catch {
          /* already stopped */
        }
        return true;
      },
    } as unknown as ChildProcess,
  });
  const exists = spawnSync(
    asRoot ? 'runuser' : join(PG_BIN, 'psql'),
    [
      ...(asRoot ? ['-u', 'postgres', '--', join(PG_BIN, 'psql')] : []),
      '-h',
      dir,
      '-p',
      String(port),
      '-U',
      'postgres',
      '-tAc',
      "select 1 from pg_database where datname = 'gym'",
    ],
    { encoding: 'utf8' },
  );
  if (!exists.stdout.includes('1')) pgRun('createdb', ['-h', dir, '-p', String(port), '-U', 'postgres', 'gym']);
  return `postgres://postgres@127.0.0.1:${port}/gym`;
}

function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  for (const { child } of [...children].reverse()) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 1500).unref();
}

async function main() {
  ensureSystemDeps({ chromium: false, postgres: true, redis: true, nginx: true, cjkFont: false });
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => stopAll(0));
  const databaseUrl = await startPostgres();

  const redisPort = await freePort();
  startChild('redis', REDIS, ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no']);
  const redisUrl = `redis://127.0.0.1:${redisPort}`;

  ensureWebBuilt();
  const { flags } = serverNodeFlags();
  const apis = [await freePort(), await freePort()];
  const pids: number[] = [];
  for (const [i, port] of apis.entries()) {
    const api = startChild(
      `api-${i + 1}`,
      process.execPath,
      [...flags, '--import', 'tsx', 'src/main.ts'],
      {
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        TRUST_PROXY: 'true',
        DATA_DIR: join(dir, `api-${i + 1}`),
      },
      join(root, 'apps/server'),
    );
    pids.push(api.pid ?? 0);
    // One after the other: the first migrates and seeds, the second finds it done.
    await waitFor(`API server ${i + 1}`, healthy(port), 300);
  }

  const port = process.env.CLUSTER_PORT ? Number(process.env.CLUSTER_PORT) : await freePort();
  const nginxDir = join(dir, 'nginx');
  mkdirSync(nginxDir, { recursive: true });
  writeFileSync(join(nginxDir, 'nginx.conf'), nginxConfig(nginxDir, port, apis));
  startChild('nginx', NGINX, ['-c', join(nginxDir, 'nginx.conf'), '-p', nginxDir]);
  await waitFor('nginx', healthy(port), 30);

  console.log(`
The cluster is up: http://localhost:${port}
  nginx        :${port}  (in front of both API servers)
  API servers  ${apis.map((p, i) => `:${p} (pid ${pids[i]})`).join(', ')}
  PostgreSQL   ${databaseUrl}  (data in ${join(dir, 'postgres')})
  Redis        ${redisUrl}
Ctrl+C stops them all.`);
}

main().catch((err: unknown) => {
  console.error(`The cluster did not start: ${(err as Error).message}`);
  stopAll(1);
});
