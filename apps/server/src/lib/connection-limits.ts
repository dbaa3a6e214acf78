import type { Server } from 'node:http';
import type { Config } from '../config.ts';

/** The cap when MAX_CONNECTIONS_PER_ADDRESS is not set: a gym's desks behind one address hold a few dozen. */
export const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 500;

/** The HTTP server's time-outs for slow clients (Fastify's `http` and `requestTimeout` options). */
export function slowClientTimeouts(config: Pick<Config, 'HEADERS_TIMEOUT_SECONDS' | 'REQUEST_TIMEOUT_SECONDS'>) {
  return {
    http: {
      headersTimeout: config.HEADERS_TIMEOUT_SECONDS * 1000,
      requestTimeout: config.REQUEST_TIMEOUT_SECONDS * 1000,
      // How often Node looks for connections past those time-outs (its default, 30 s, held a slow
      // socket up to half a minute longer).
      connectionsCheckingInterval: 1000,
    },
    requestTimeout: config.REQUEST_TIMEOUT_SECONDS * 1000,
  };
}

/** The cap in force: the variable, else none behind a proxy (every connection is the proxy's), else the default. */
export function connectionCap(config: Pick<Config, 'MAX_CONNECTIONS_PER_ADDRESS' | 'TRUST_PROXY'>): number {
  return config.MAX_CONNECTIONS_PER_ADDRESS ?? (config.TRUST_PROXY ? 0 : DEFAULT_MAX_CONNECTIONS_PER_ADDRESS);
}

/**
 * Closes at once a connection from an address that already holds `cap` open connections (HTTP and
 * WebSocket alike), so that one client cannot hold every socket the server can keep (slowloris:
 * thousands of connections each sending a header line now and then). Counted by the TCP peer's
 * address: behind a reverse proxy that is the proxy, which must then limit its clients itself.
 * `onRefused` is told once a minute at most per address.
 */
export function limitConnectionsPerAddress(
  server: Server,
  cap: number,
  onRefused: (address: string, open: number) => void,
): void {
  if (cap <= 0) return;
  const open = new Map<string, number>();
  const told = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = open.get(address) ?? 0;
    if (count >= cap) {
      socket.destroy();
      const now = Date.now();
      if ((told.get(address) ?? 0) < now - 60_000) {
        if (told.size > 10_000) told.clear();
        told.set(address, now);
        onRefused(address, count);
      }
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
