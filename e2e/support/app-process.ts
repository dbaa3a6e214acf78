import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverNodeFlags } from '../../scripts/lib/server-node.mjs';

const root = join(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => (a && typeof a === 'object' ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}

export interface AppServer {
  url: string;
  port: number;
  dataDir: string;
  output: () => string;
  /** Stops the process (SIGTERM: requests finish, the database closes) and, unless told to keep it, removes its data directory. */
  stop(opts?: { keepData?: boolean }): Promise<void>;
}

/**
 * The real server process, as `npm start` runs it, on a free port with its own embedded database.
 * `fromDataDir` is copied into the process's own data directory first (see e2e/global-setup.ts).
 * `restart` starts it again on the port and data directory of a server stopped with
 * `stop({ keepData: true })`: the same address for the browsers, the same database.
 */
export async function startAppServer(
  env: Record<string, string> = {},
  opts: { fromDataDir?: string; restart?: { port: number; dataDir: string } } = {},
): Promise<AppServer> {
  const port = opts.restart?.port ?? (await freePort());
  const dataDir = opts.restart?.dataDir ?? mkdtempSync(join(tmpdir(), 'gym-e2e-'));
  if (opts.fromDataDir && !opts.restart) cpSync(opts.fromDataDir, dataDir, { recursive: true });
  let out = '';
  const child: ChildProcess = spawn(process.execPath, [...serverNodeFlags().flags, '--import', 'tsx', 'src/main.ts'], {
    cwd: join(root, 'apps/server'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ARGON2_MEMORY_KIB: '4096',
      LOGIN_SLOWDOWN_MS: '0',
      // The demo database is small; PGlite zeroes the whole pool when it opens.
      PGLITE_SHARED_BUFFERS: '32MB',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The server's errors (a 5xx answer, a failed job) go to the test output as they happen: a test
  // that waits for what never comes then shows why.
  let partial = '';
  const take = (d: Buffer | string) => {
    out += d;
    partial += d;
    const lines = partial.split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('{')) continue;
      try {
        if ((JSON.parse(line) as { level?: number }).level! >= 50) process.stderr.write(`[app server] ${line}\n`);
      } catch {
        // not a log line
      }
    }
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start in 120 s:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    dataDir,
    output: () => out,
    async stop({ keepData = false } = {}) {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
