/**
 * A TCP proxy between the API servers and PostgreSQL, for the soak's slow-database fault: `pass`
 * forwards as a wire does; `slow` holds every chunk the servers send for `delayMs` before passing it
 * on and resets one open connection in `resetEvery` each second, as a database on a sick disk or a
 * flaky network does. Counts the connections it carries, to show whether the servers opened more
 * than their pools allow.
 */
import { createConnection, createServer, type Socket } from 'node:net';

export interface DbProxy {
  port: number;
  url(original: string): string;
  mode(next: 'pass' | 'slow'): void;
  /** Connections open now, and the most open at once since the last call. */
  connections(): { open: number; peak: number };
  close(): Promise<void>;
}

export async function startDbProxy(
  target: { host: string; port: number },
  delayMs = 1000,
  resetEvery = 10,
): Promise<DbProxy> {
  let slow = false;
  let peak = 0;
  const open = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = createConnection(target);
    open.add(client);
    peak = Math.max(peak, open.size);
    const drop = () => {
      open.delete(client);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.on('data', (chunk: Buffer) => {
      if (!slow) return void upstream.write(chunk);
      // Held, in order: a chunk never overtakes the one before it.
      client.pause();
      setTimeout(() => {
        upstream.write(chunk);
        client.resume();
      }, delayMs);
    });
    upstream.pipe(client);
  });
  const resetter = setInterval(() => {
    if (!slow) return;
    let n = 0;
    for (const socket of open) if (n++ % resetEvery === 0) socket.resetAndDestroy();
  }, 1000);
  resetter.unref();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    url: (original) => {
      const u = new URL(original);
      u.host = `127.0.0.1:${port}`;
      return u.toString();
    },
    mode(next) {
      slow = next === 'slow';
    },
    connections() {
      const now = { open: open.size, peak };
      peak = open.size;
      return now;
    },
    close() {
      clearInterval(resetter);
      for (const socket of open) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
