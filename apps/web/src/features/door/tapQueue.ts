/**
 * The offline-proof front desk: taps that could not reach the server wait here, in tap order, and
 * are sent again when it is back, each exactly once.
 *
 * Exactly once rests on two things: every tap carries its scan id (the server records one entry per
 * scan id, and the `Idempotency-Key` is that scan id too), and a tap leaves the queue only after
 * an answer that settles it: a 2xx, or a 4xx that sending again would not change. Anything else
 * (no network, a 5xx, 401 while the session refreshes, 408, 429, a first request with the same key
 * still running) keeps it, and the queue stops at it, so that later taps never overtake it.
 *
 * The logic is independent of where the taps are kept: `TapStore` is IndexedDB in the browser
 * (`tapStoreIdb.ts`) and a plain array in tests (`memoryTapStore`).
 */
import { isApiError } from '../../shared/api/client';

export type TapKind = 'entry' | 'clock';

export interface QueuedTap {
  scanId: string;
  card: string;
  kind: TapKind;
  centerId: string;
  /** The reader's serial number; null for a wedge reader of a browser with no stored reader. */
  sn: string | null;
  /** When the card was tapped (ISO 8601, UTC). */
  tappedAt: string;
}

export interface TapStore {
  /** Adds a tap at the end; a scan id already queued is not added twice. */
  add(tap: QueuedTap): Promise<void>;
  /** Every waiting tap, oldest first. */
  list(): Promise<QueuedTap[]>;
  remove(scanId: string): Promise<void>;
}

/** What to do with a tap after a try: settled (leave the queue) or kept for the next try. */
export type Verdict = 'sent' | 'dropped' | 'retry';

const RETRYABLE_STATUS = new Set([401, 408, 423, 425, 429]);

/**
 * The verdict on a failed send. `dropped`: the server refused the tap for good (a 4xx about the
 * tap itself: malformed, too old, the centre gone); sending it again would be refused again.
 * 409 `idempotency_key_reused`: this scan id already reached the server (its first try got through
 * but the answer was lost), so the tap is recorded: settled.
 */
export function verdictOf(error: unknown): Verdict {
  if (!isApiError(error)) return 'retry';
  if (error.status === 0 || error.status >= 500) return 'retry';
  if (RETRYABLE_STATUS.has(error.status)) return 'retry';
  if (error.status === 409) {
    if (error.error === 'idempotency_key_reused') return 'sent';
    if (error.error === 'idempotency_in_progress') return 'retry';
  }
  return 'dropped';
}

/** A network failure or an unavailable server: the tap is queued rather than lost. */
export function isUnreachable(error: unknown): boolean {
  return verdictOf(error) === 'retry';
}

export interface FlushResult {
  sent: number;
  dropped: QueuedTap[];
  /** Taps still waiting (the first of them failed with a retryable error). */
  remaining: number;
}

export interface TapQueueOptions {
  store: TapStore;
  /** Sends one tap (throws the API error on failure). */
  send: (tap: QueuedTap) => Promise<void>;
  /** Runs the flush under a lock shared by this browser's tabs (Web Locks); default: none. */
  withLock?: <T>(run: () => Promise<T>) => Promise<T>;
  /** Told when the number of waiting taps may have changed. */
  onChange?: () => void;
}

export interface TapQueue {
  enqueue(tap: QueuedTap): Promise<void>;
  /** Sends the waiting taps in order until one must wait; one flush at a time per queue. */
  flush(): Promise<FlushResult>;
  size(): Promise<number>;
}

export function createTapQueue(options: TapQueueOptions): TapQueue {
  const { store, send } = options;
  const withLock = options.withLock ?? (<T>(run: () => Promise<T>) => run());
  let running: Promise<FlushResult> | null = null;

  async function drain(): Promise<FlushResult> {
    const taps = await store.list();
    let sent = 0;
    const dropped: QueuedTap[] = [];
    for (let i = 0; i < taps.length; i += 1) {
      const tap = taps[i]!;
      let verdict: Verdict;
      try {
        await send(tap);
        verdict = 'sent';
      } catch (error) {
        verdict = verdictOf(error);
      }
      if (verdict === 'retry') return { sent, dropped, remaining: taps.length - i };
      await store.remove(tap.scanId);
      if (verdict === 'sent') sent += 1;
      else dropped.push(tap);
      options.onChange?.();
    }
    return { sent, dropped, remaining: 0 };
  }

  return {
    async enqueue(tap) {
      await store.add(tap);
      options.onChange?.();
    },
    flush() {
      if (!running) {
        running = withLock(drain).finally(() => {
          running = null;
        });
      }
      return running;
    },
    async size() {
      return (await store.list()).length;
    },
  };
}

/** A queue kept in memory: the tests', and the browser's fallback where IndexedDB is unavailable. */
export function memoryTapStore(): TapStore & { taps: QueuedTap[] } {
  const taps: QueuedTap[] = [];
  return {
    taps,
    async add(tap) {
      if (!taps.some((t) => t.scanId === tap.scanId)) taps.push({ ...tap });
    },
    async list() {
      return taps.map((t) => ({ ...t }));
    },
    async remove(scanId) {
      const index = taps.findIndex((t) => t.scanId === scanId);
      if (index >= 0) taps.splice(index, 1);
    },
  };
}
