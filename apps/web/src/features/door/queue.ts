/**
 * This browser's offline tap queue (one per tab, over the one IndexedDB store shared by the tabs),
 * how taps are sent to the server, and the count the offline indicator shows.
 */
import { useSyncExternalStore } from 'react';
import { api } from '../../shared/api/client';
import { createTapQueue, memoryTapStore, type QueuedTap, type TapQueue } from './tapQueue';
import { hasIndexedDb, indexedDbTapStore } from './tapStoreIdb';

/** Posts one tap: an entry (normal mode) or a clock-in/out (staff check-in), with its original time. */
export async function sendQueuedTap(tap: QueuedTap): Promise<void> {
  const card = encodeURIComponent(tap.card);
  if (tap.kind === 'clock') {
    await api.post(
      `/pro/card/${card}/clock/`,
      { center_id: tap.centerId, sn: tap.sn, scan_id: tap.scanId, tapped_at: tap.tappedAt },
      { idempotencyKey: tap.scanId },
    );
    return;
  }
  await api.post(
    `/pro/card/${card}/entry/`,
    { center_id: tap.centerId, sn: tap.sn, scan_id: tap.scanId, tapped_at: tap.tappedAt, source: 'offline' },
    { idempotencyKey: tap.scanId },
  );
}

let count = 0;
const listeners = new Set<() => void>();
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('gym-door-taps');

async function recount(): Promise<void> {
  let next: number;
  try {
    next = await queue().size();
  } catch {
    return;
  }
  if (next === count) return;
  count = next;
  for (const listener of listeners) listener();
}

let instance: TapQueue | null = null;

function withBrowserLock<T>(run: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (!locks) return run();
  return locks.request('gym-door-taps', run) as Promise<T>;
}

export function queue(): TapQueue {
  if (!instance) {
    instance = createTapQueue({
      store: hasIndexedDb() ? indexedDbTapStore() : memoryTapStore(),
      send: sendQueuedTap,
      withLock: withBrowserLock,
      onChange: () => {
        void recount();
        channel?.postMessage('changed');
      },
    });
    if (channel) channel.onmessage = () => void recount();
    void recount();
  }
  return instance;
}

export function waitingTaps(): number {
  return count;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The number of taps waiting to be sent (all tabs of this browser). */
export function useWaitingTaps(): number {
  return useSyncExternalStore(subscribe, waitingTaps, waitingTaps);
}
