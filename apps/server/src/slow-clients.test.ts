/**
 * Slow clients (slowloris): sockets that send a request's headers a line at a time, or nothing, are
 * closed after the header time-out, and one address holds at most MAX_CONNECTIONS_PER_ADDRESS
 * connections; a normal request from elsewhere is answered meanwhile. Against the listening server.
 */
import { connect, type Socket } from 'node:net';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test/harness.ts';

const HEADERS_TIMEOUT_SECONDS = 3;
const CAP = 20;
let ctx: TestContext;
let port = 0;
const sockets: Socket[] = [];

beforeAll(async () => {
  ctx = await createTestContext({
    HEADERS_TIMEOUT_SECONDS: String(HEADERS_TIMEOUT_SECONDS),
    REQUEST_TIMEOUT_SECONDS: String(HEADERS_TIMEOUT_SECONDS),
    MAX_CONNECTIONS_PER_ADDRESS: String(CAP),
  });
  const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(address).port);
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await ctx?.close();
});

interface Slow {
  openedAt: number;
  closedAt: number | null;
  /** Bytes the server wrote before it closed (a 408 answer, or nothing for a refused connection). */
  answer: string;
}

/** A socket from `localAddress` that sends a request line and then a header line every 500 ms, never ending. */
function slowSocket(localAddress: string, trickle: boolean): Promise<Slow> {
  return new Promise((resolve) => {
    const slow: Slow = { openedAt: performance.now(), closedAt: null, answer: '' };
    const socket = connect({ port, host: '127.0.0.1', localAddress });
    sockets.push(socket);
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      if (trickle) {
        socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
        timer = setInterval(() => socket.writable && socket.write(`X-Slow-${Date.now()}: 1\r\n`), 500);
      }
      resolve(slow);
    });
    socket.on('data', (d) => {
      slow.answer += String(d);
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      slow.closedAt = performance.now();
      resolve(slow);
    });
  });
}

const until = async (check: () => boolean, ms: number) => {
  const end = performance.now() + ms;
  while (!check() && performance.now() < end) await new Promise((r) => setTimeout(r, 50));
  return check();
};

describe('slow clients', () => {
  it('one address gets at most its cap of connections; a normal request is answered; slow ones are closed after the header time-out', async () => {
    // 200 trickling sockets from one address (a header line every 500 ms), and 5 silent ones from another.
    const trickling = await Promise.all(Array.from({ length: 200 }, () => slowSocket('127.0.0.2', true)));
    const silent = await Promise.all(Array.from({ length: 5 }, () => slowSocket('127.0.0.3', false)));

    // Beyond the cap the connections of 127.0.0.2 are closed at once.
    expect(await until(() => trickling.filter((s) => s.closedAt === null).length <= CAP, 2000)).toBe(true);
    const held = trickling.filter((s) => s.closedAt === null);
    expect(held).toHaveLength(CAP);

    // A normal request from another address is answered while they are held.
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
    expect(held.every((s) => s.closedAt === null)).toBe(true);

    // The held and the silent sockets are closed by the server after the header time-out, not before.
    const waiting = [...held, ...silent];
    expect(await until(() => waiting.every((s) => s.closedAt !== null), (HEADERS_TIMEOUT_SECONDS + 5) * 1000)).toBe(
      true,
    );
    for (const s of waiting) {
      const heldFor = (s.closedAt! - s.openedAt) / 1000;
      expect(heldFor).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_SECONDS - 0.5);
      expect(heldFor).toBeLessThan(HEADERS_TIMEOUT_SECONDS + 5);
    }
    expect(held.some((s) => s.answer.startsWith('HTTP/1.1 408'))).toBe(true);

    // The address's connections were counted down as they closed: it may connect again.
    const again = await slowSocket('127.0.0.2', true);
    await new Promise((r) => setTimeout(r, 300));
    expect(again.closedAt).toBeNull();
  });

  it('a browser’s live socket and a kept-alive connection waiting for its next request are not cut by the time-outs', async () => {
    const org = await ctx.newOrganisation();
    const session = await (await org.newUser({ role: 'frontdesk' })).login();
    const live = connectSocket(`http://127.0.0.1:${port}`, {
      auth: { token: session.accessToken },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      live.once('connect', () => resolve());
      live.once('connect_error', reject);
    });
    let dropped = false;
    live.on('disconnect', () => {
      dropped = true;
    });
    // One connection: a request, a pause longer than both time-outs, another request.
    const kept = connect({ port, host: '127.0.0.1' });
    sockets.push(kept);
    let answers = '';
    kept.on('data', (d) => {
      answers += String(d);
    });
    const ask = () => kept.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await new Promise<void>((resolve) => kept.once('connect', () => resolve()));
    ask();
    expect(await until(() => answers.includes('HTTP/1.1 200'), 2000)).toBe(true);
    await new Promise((r) => setTimeout(r, (HEADERS_TIMEOUT_SECONDS + 2) * 1000));
    ask();
    expect(await until(() => answers.split('HTTP/1.1 200').length === 3, 2000)).toBe(true);
    expect(dropped).toBe(false);
    expect(live.connected).toBe(true);
    live.close();
  });
});
