import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PG_BIN = '/usr/lib/postgresql/15/bin';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * A throw-away PostgreSQL 15 server for the tests: its own data directory and port, tuned for
 * speed (no fsync), stopped and removed afterwards. As root it runs as the `postgres` user.
 * `durable`: with PostgreSQL's own durability (fsync, synchronous commit), as a gym's server runs:
 * for the bench, whose figures must include what a commit costs.
 */
export async function startPostgres(opts: { durable?: boolean } = {}): Promise<{
  url: string;
  stop(): void;
  /** Stops the server as a crash or a restart would (`immediate`), keeping its data; `resume` starts it again. */
  halt(): void;
  resume(): void;
}> {
  const dir = mkdtempSync(join(tmpdir(), 'gym-pg-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  chmodSync(dir, 0o777);
  const run = (bin: string, args: string[]) => {
    const cmd = asRoot ? 'runuser' : join(PG_BIN, bin);
    const full = asRoot ? ['-u', 'postgres', '--', join(PG_BIN, bin), ...args] : args;
    const r = spawnSync(cmd, full, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${bin} failed: ${r.stderr || r.stdout}`);
  };
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const port = await freePort();
  const speed = opts.durable ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off';
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1${speed} -c max_connections=300`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    halt: () => run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']),
    resume: start,
    stop() {
      try {
        if (asRoot)
          execFileSync('runuser', [
            '-u',
            'postgres',
            '--',
            join(PG_BIN, 'pg_ctl'),
            '-D',
            data,
            '-m',
            'immediate',
            'stop',
          ]);
        else execFileSync(join(PG_BIN, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
      } catch {
        /* already stopped */
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
