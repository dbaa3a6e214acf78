/**
 * `npm run cluster` as a gym would run it: PostgreSQL, Redis, two API servers and nginx come up on
 * free ports; the app answers through nginx, a browser's realtime socket goes through it; one API
 * server killed with `kill -9` leaves the app answering and the socket back within 10 s; Ctrl+C
 * stops every piece.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect as tcp } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD } from '@gym/contract/demo';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');
let cluster: ChildProcess;
let output = '';
let dir = '';
let url = '';
const ports: Record<string, number> = {};
let pids: number[] = [];

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = tcp(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gym-cluster-'));
  cluster = spawn('npm', ['run', '--silent', 'cluster'], {
    cwd: root,
    env: { ...process.env, CLUSTER_DIR: dir, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, as in a terminal: Ctrl+C reaches the whole group.
    detached: true,
  });
  cluster.stdout!.on('data', (d) => (output += d));
  cluster.stderr!.on('data', (d) => (output += d));
  const started = Date.now();
  while (!/Ctrl\+C stops them all/.test(output)) {
    if (cluster.exitCode !== null) throw new Error(`npm run cluster stopped:\n${output}`);
    if (Date.now() - started > 280_000) throw new Error(`npm run cluster did not come up:\n${output.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  url = /The cluster is up: (http:\/\/localhost:\d+)/.exec(output)![1]!.replace('localhost', '127.0.0.1');
  ports.nginx = Number(/nginx\s+:(\d+)/.exec(output)![1]);
  const apis = [...output.matchAll(/:(\d+) \(pid (\d+)\)/g)];
  pids = apis.map((m) => Number(m[2]));
  ports.api1 = Number(apis[0]![1]);
  ports.api2 = Number(apis[1]![1]);
  ports.postgres = Number(/PostgreSQL\s+postgres:\/\/postgres@127\.0\.0\.1:(\d+)/.exec(output)![1]);
  ports.redis = Number(/Redis\s+redis:\/\/127\.0\.0\.1:(\d+)/.exec(output)![1]);
}, 300_000);

afterAll(() => {
  if (cluster?.pid && cluster.exitCode === null && cluster.signalCode === null) ctrlC();
  rmSync(dir, { recursive: true, force: true });
});

/** pg_ctl on the cluster's PostgreSQL (as the `postgres` user when root), started as scripts/cluster.ts starts it. */
function pgCtl(action: 'stop' | 'start') {
  const bin = '/usr/lib/postgresql/15/bin/pg_ctl';
  const args =
    action === 'stop'
      ? ['-D', join(dir, 'postgres'), '-m', 'fast', 'stop']
      : [
          '-D',
          join(dir, 'postgres'),
          '-o',
          `-p ${ports.postgres} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`,
          '-l',
          join(dir, 'postgres.log'),
          '-w',
          'start',
        ];
  const asRoot = process.getuid?.() === 0;
  const r = spawnSync(asRoot ? 'runuser' : bin, asRoot ? ['-u', 'postgres', '--', bin, ...args] : args, {
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`pg_ctl ${action}: ${r.stderr}`);
}

/** What a terminal's Ctrl+C does: SIGINT to the foreground process group. */
const ctrlC = () => process.kill(-cluster.pid!, 'SIGINT');

async function login(): Promise<string> {
  const res = await fetch(`${url}/api/v1/jwt/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'frontdesk@demo.fit', password: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

describe('npm run cluster', () => {
  it('serves the app and its realtime socket through nginx, and goes on when an API server is killed', async () => {
    expect(pids).toHaveLength(2);
    for (let i = 0; i < 4; i++) expect((await fetch(`${url}/api/health`)).status).toBe(200);
    expect(await (await fetch(`${url}/`)).text()).toContain('<div id="root">');
    const token = await login();
    // The address a client claims in its own X-Forwarded-For is not the one the servers see.
    const claimed = await fetch(`${url}/api/v1/jwt/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
      body: JSON.stringify({ email: 'frontdesk@demo.fit', password: DEMO_PASSWORD }),
    });
    const sessions = await fetch(`${url}/api/v1/pro/me/sessions`, {
      headers: { authorization: `Bearer ${((await claimed.json()) as { accessToken: string }).accessToken}` },
    });
    const { items } = (await sessions.json()) as { items: { current: boolean; address: string | null }[] };
    expect(items.find((s) => s.current)?.address).toBe('127.0.0.1');

    const socket: Socket = io(url, { auth: { token }, transports: ['websocket'], reconnectionDelay: 200 });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });

    process.kill(pids[0]!, 'SIGKILL');
    const killed = performance.now();
    // Every request still answers, through the other server (nginx tries the next on an error).
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${url}/api/v1/pro/students?limit=5`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
    }
    await login();
    // The socket was on one of the two: on the other one, or back there, within 10 s.
    await new Promise<void>((resolve, reject) => {
      const poll = setInterval(() => {
        if (socket.connected) {
          clearInterval(poll);
          resolve();
        } else if (performance.now() - killed > 10_000) {
          clearInterval(poll);
          reject(new Error('the socket did not come back within 10 s'));
        }
      }, 100);
    });
    console.log(
      `cluster: API server killed; requests answered throughout; socket connected ${Math.round(performance.now() - killed)} ms after`,
    );
    socket.close();
  }, 120_000);

  it('PostgreSQL restarted: requests answer 503 at once while it is down, and the servers recover by themselves', async () => {
    const token = await login();
    const list = () => fetch(`${url}/api/v1/pro/students?limit=5`, { headers: { authorization: `Bearer ${token}` } });
    expect((await list()).status).toBe(200);
    pgCtl('stop');
    const down = performance.now();
    const res = await list();
    const answeredIn = performance.now() - down;
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ error: 'database_unavailable' });
    expect(res.headers.get('retry-after')).toBe('5');
    expect(answeredIn).toBeLessThan(5_500);
    expect((await fetch(`${url}/api/health`)).status).toBe(503);
    pgCtl('start');
    const up = performance.now();
    let status = 0;
    while (status !== 200 && performance.now() - up < 15_000) {
      status = (await list()).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);
    console.log(
      `cluster: PostgreSQL stopped, a request answered 503 in ${Math.round(answeredIn)} ms; started, answered 200 again ${Math.round(performance.now() - up)} ms after`,
    );
  }, 60_000);

  it('stops every piece on Ctrl+C', async () => {
    expect(await listening(ports.nginx!)).toBe(true);
    expect(await listening(ports.postgres!)).toBe(true);
    const exited = new Promise((resolve) => cluster.once('exit', resolve));
    ctrlC();
    await exited;
    for (const [name, port] of Object.entries(ports)) expect(await listening(port), name).toBe(false);
  }, 60_000);
});
