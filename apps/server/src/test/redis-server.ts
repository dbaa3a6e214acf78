import { type ChildProcess, spawn } from 'node:child_process';
import { createConnection } from 'node:net';
import { freePort } from './postgres-server.ts';

const withoutFakeTime = (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv =>
  Object.fromEntries(
    Object.entries(env).filter(
      ([key, value]) =>
        !(key === 'LD_PRELOAD' && value?.includes('faketime')) &&
        !key.startsWith('FAKETIME') &&
        key !== 'DONT_FAKE_MONOTONIC',
    ),
  );

/** A throw-away Redis on loopback, no persistence; on `port` when given (a restart of one that stopped). */
export async function startRedis(port?: number): Promise<{ url: string; port: number; stop(): Promise<void> }> {
  port ??= await freePort();
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    // Not under `faketime` (scripts/test-at.sh): redis-server does not start under the library.
    { stdio: 'ignore', env: withoutFakeTime(process.env) },
  );
  const deadline = Date.now() + 10_000;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const s = createConnection({ port, host: '127.0.0.1' }, () => {
        s.end();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (up) break;
    if (Date.now() > deadline) {
      // Not left running when it comes up late: the caller never gets it to stop.
      child.kill('SIGTERM');
      throw new Error('redis-server did not start');
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
