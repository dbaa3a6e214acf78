/**
 * A card reader as the hardware behaves: taps go into its memory in order and leave it one call at a
 * time (`inFlight`, 1 by default as on the door readers we support). A tap is kept until the server
 * has answered it for good: a 2xx, or a 4xx that is not 429. While the server cannot answer (no
 * answer, a 5xx) the reader retries with a growing pause; when it answers 429 the reader waits the
 * `Retry-After` it was given and sends the same scan again (same scan id, so the server takes it for
 * a retry, never a second tap). Nothing in its memory is dropped, so a backlog held through an outage
 * arrives whole once the server is back, at the pace the server allows.
 *
 * Used by the soak (`bench/soak.ts`) and the tests of the reader ingest; `sendScan` in `reader.ts`
 * is the one-call form of the `npm run reader` command.
 */

export interface DeviceScan {
  scanId: string;
  card: string;
  at: string;
}

export interface DeviceAnswer {
  scan: DeviceScan;
  /** The final status (0: given up after `giveUpAfterMs` without an answer). */
  status: number;
  json: unknown;
  /** Calls made for this scan. */
  tries: number;
  /** Answers 429 on the way. */
  limited: number;
  /** From the tap to the final answer, ms. */
  ms: number;
}

export interface ReaderDeviceOptions {
  url: string;
  sn: string;
  secret: string;
  /** Calls at a time (1: strictly in order). */
  inFlight?: number;
  /** Per call, ms (no answer in time counts as none). */
  timeoutMs?: number;
  /** How long a scan is retried before the reader gives up on it (its memory is not endless). */
  giveUpAfterMs?: number;
  /** Each call's status and time, for the caller's figures. */
  onCall?: (status: number, ms: number) => void;
  /** Each scan's final answer. */
  onAnswer?: (answer: DeviceAnswer) => void;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class ReaderDevice {
  private readonly queue: { scan: DeviceScan; tapped: number; resolve: (a: DeviceAnswer) => void }[] = [];
  private running = 0;
  private readonly options: Required<Omit<ReaderDeviceOptions, 'onCall' | 'onAnswer'>> &
    Pick<ReaderDeviceOptions, 'onCall' | 'onAnswer'>;

  constructor(options: ReaderDeviceOptions) {
    this.options = {
      inFlight: 1,
      timeoutMs: 10_000,
      giveUpAfterMs: 10 * 60_000,
      sleep: defaultSleep,
      ...options,
    };
  }

  /** Scans waiting in the reader's memory (not yet answered for good, not in flight). */
  get waiting(): number {
    return this.queue.length;
  }

  /** A card tapped: kept in memory and sent in turn; resolves with its final answer. */
  tap(scan: DeviceScan): Promise<DeviceAnswer> {
    return new Promise((resolve) => {
      this.queue.push({ scan, tapped: performance.now(), resolve });
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < this.options.inFlight && this.queue.length > 0) {
      const next = this.queue.shift()!;
      this.running += 1;
      void this.deliver(next.scan, next.tapped)
        .then(next.resolve)
        .finally(() => {
          this.running -= 1;
          this.pump();
        });
    }
  }

  private async deliver(scan: DeviceScan, tapped: number): Promise<DeviceAnswer> {
    const { url, sn, secret, timeoutMs, giveUpAfterMs, sleep, onCall, onAnswer } = this.options;
    let limited = 0;
    for (let tries = 1; ; tries++) {
      const from = performance.now();
      let status = 0;
      let json: unknown = null;
      let retryAfterMs = 0;
      try {
        const res = await fetch(`${url.replace(/\/+$/, '')}/api/v1/pro/readers/${encodeURIComponent(sn)}/scans`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-reader-secret': secret },
          body: JSON.stringify(scan),
          signal: AbortSignal.timeout(timeoutMs),
        });
        status = res.status;
        retryAfterMs = Math.max(0, Number(res.headers.get('retry-after') ?? 1)) * 1000 || 1000;
        json = await res.json().catch(() => null);
      } catch {
        status = 0;
      }
      onCall?.(status, performance.now() - from);
      const final = status !== 0 && status < 500 && status !== 429;
      const gaveUp = !final && performance.now() - tapped > giveUpAfterMs;
      if (final || gaveUp) {
        const answer = { scan, status, json, tries, limited, ms: performance.now() - tapped };
        onAnswer?.(answer);
        return answer;
      }
      if (status === 429) {
        limited += 1;
        await sleep(retryAfterMs);
      } else {
        await sleep(Math.min(250 * tries, 2000));
      }
    }
  }
}
