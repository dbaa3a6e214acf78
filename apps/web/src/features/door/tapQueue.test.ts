import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/client';
import { createTapQueue, memoryTapStore, type QueuedTap, verdictOf } from './tapQueue';

const tap = (n: number): QueuedTap => ({
  scanId: `wedge-${n}`,
  card: '0001234567',
  kind: 'entry',
  centerId: '00000000-0000-4000-8000-000000000001',
  sn: 'DEMO-READER-1',
  tappedAt: `2026-11-23T10:00:0${n}.000Z`,
});
const networkDown = () => new ApiError({ status: 0, error: 'network_error', message: 'Failed to fetch' });
const http = (status: number, error = `http_${status}`) => new ApiError({ status, error, message: error });

/** A server that answers each send with the next scripted outcome (undefined: 2xx) and logs what it got. */
function server(script: (Error | undefined)[] = []) {
  const received: string[] = [];
  return {
    received,
    send: async (t: QueuedTap) => {
      received.push(t.scanId);
      const outcome = script.shift();
      if (outcome) throw outcome;
    },
  };
}

describe('offline tap queue', () => {
  it('sends the waiting taps in tap order, each once, and empties the queue', async () => {
    const store = memoryTapStore();
    const srv = server();
    const queue = createTapQueue({ store, send: srv.send });
    for (const n of [1, 2, 3]) await queue.enqueue(tap(n));
    expect(await queue.size()).toBe(3);
    expect(await queue.flush()).toEqual({ sent: 3, dropped: [], remaining: 0 });
    expect(srv.received).toEqual(['wedge-1', 'wedge-2', 'wedge-3']);
    expect(await queue.size()).toBe(0);
    await queue.flush();
    expect(srv.received).toHaveLength(3);
  });

  it('keeps a tap queued with its time when the tap is queued twice (one scan id, one tap)', async () => {
    const store = memoryTapStore();
    const queue = createTapQueue({ store, send: server().send });
    await queue.enqueue(tap(1));
    await queue.enqueue({ ...tap(1), tappedAt: '2026-11-23T11:00:00.000Z' });
    expect(store.taps).toEqual([tap(1)]);
  });

  it('stops at the first tap that cannot be sent, so later taps never overtake it, and resumes there', async () => {
    const store = memoryTapStore();
    const srv = server([undefined, networkDown()]);
    const queue = createTapQueue({ store, send: srv.send });
    for (const n of [1, 2, 3]) await queue.enqueue(tap(n));
    expect(await queue.flush()).toEqual({ sent: 1, dropped: [], remaining: 2 });
    expect(store.taps.map((t) => t.scanId)).toEqual(['wedge-2', 'wedge-3']);
    expect(await queue.flush()).toEqual({ sent: 2, dropped: [], remaining: 0 });
    expect(srv.received).toEqual(['wedge-1', 'wedge-2', 'wedge-2', 'wedge-3']);
  });

  it('keeps taps on every answer that may change on a retry', async () => {
    for (const error of [
      networkDown(),
      http(500, 'internal'),
      http(502),
      http(503, 'maintenance'),
      http(401, 'unauthenticated'),
      http(408),
      http(429, 'rate_limited'),
      http(409, 'idempotency_in_progress'),
    ]) {
      const store = memoryTapStore();
      const queue = createTapQueue({ store, send: server([error]).send });
      await queue.enqueue(tap(1));
      expect(await queue.flush(), error.error).toEqual({ sent: 0, dropped: [], remaining: 1 });
      expect(store.taps).toHaveLength(1);
    }
  });

  it('drops a tap the server refuses for good (a 4xx about the tap), reports it, and goes on', async () => {
    const store = memoryTapStore();
    const srv = server([http(400, 'validation_failed')]);
    const queue = createTapQueue({ store, send: srv.send });
    for (const n of [1, 2]) await queue.enqueue(tap(n));
    expect(await queue.flush()).toEqual({ sent: 1, dropped: [tap(1)], remaining: 0 });
    expect(store.taps).toEqual([]);
  });

  it('counts a reused Idempotency-Key as delivered: the first try reached the server, its answer was lost', async () => {
    expect(verdictOf(http(409, 'idempotency_key_reused'))).toBe('sent');
    const store = memoryTapStore();
    const queue = createTapQueue({ store, send: server([http(409, 'idempotency_key_reused')]).send });
    await queue.enqueue(tap(1));
    expect(await queue.flush()).toEqual({ sent: 1, dropped: [], remaining: 0 });
  });

  it('runs one flush at a time: a flush asked for while one runs joins it (no tap sent twice)', async () => {
    const store = memoryTapStore();
    const received: string[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const queue = createTapQueue({
      store,
      send: async (t) => {
        received.push(t.scanId);
        await gate;
      },
    });
    for (const n of [1, 2, 3]) await queue.enqueue(tap(n));
    const a = queue.flush();
    const b = queue.flush();
    release();
    expect(await a).toEqual(await b);
    expect(received).toEqual(['wedge-1', 'wedge-2', 'wedge-3']);
  });

  it('tells its listener each time the number of waiting taps changes', async () => {
    const store = memoryTapStore();
    let changes = 0;
    const queue = createTapQueue({ store, send: server().send, onChange: () => (changes += 1) });
    await queue.enqueue(tap(1));
    await queue.enqueue(tap(2));
    await queue.flush();
    expect(changes).toBe(4);
  });

  it('an unknown failure (not an API error) keeps the tap', () => {
    expect(verdictOf(new TypeError('boom'))).toBe('retry');
    expect(verdictOf(http(404, 'not_found'))).toBe('dropped');
    expect(verdictOf(http(403, 'forbidden'))).toBe('dropped');
  });
});
