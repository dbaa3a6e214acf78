/**
 * A token bucket per key, in this server's memory: `ratePerSecond` sustained, `burst` at once.
 * For callers that are not guessing anything (a card reader sending scans): the guess counters of
 * sign-in (`modules/auth/throttle.ts`) live in the database so that every server counts the same
 * guesses; a flood from one device is held off by the server it reaches, without a database write.
 */
export interface RateLimiter {
  /** Takes one token for `key`: 0 when allowed, else the whole seconds to wait before the next one. */
  take(key: string): number;
  /** Gives back a token taken for something that turned out not to count (a right secret). */
  refund(key: string): void;
  /** What `take` would answer now, without taking: 0 when a token is there. */
  peek(key: string): number;
}

export function createRateLimiter(opts: {
  ratePerSecond: number;
  burst: number;
  now?: () => number;
  /** Buckets untouched this long are full again and forgotten. */
  maxKeys?: number;
}): RateLimiter {
  const now = opts.now ?? (() => performance.now());
  const maxKeys = opts.maxKeys ?? 100_000;
  const buckets = new Map<string, { tokens: number; at: number }>();
  const perMs = opts.ratePerSecond / 1000;
  return {
    take(key) {
      const t = now();
      let bucket = buckets.get(key);
      if (!bucket) {
        // A full map forgets its oldest buckets (a forgotten bucket is simply full again).
        if (buckets.size >= maxKeys) {
          const oldest = buckets.keys().next().value;
          if (oldest !== undefined) buckets.delete(oldest);
        }
        bucket = { tokens: opts.burst, at: t };
        buckets.set(key, bucket);
      } else {
        bucket.tokens = Math.min(opts.burst, bucket.tokens + (t - bucket.at) * perMs);
        bucket.at = t;
      }
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return 0;
      }
      return Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000));
    },
    peek(key) {
      const bucket = buckets.get(key);
      if (!bucket) return 0;
      const tokens = Math.min(opts.burst, bucket.tokens + (now() - bucket.at) * perMs);
      return tokens >= 1 ? 0 : Math.max(1, Math.ceil((1 - tokens) / perMs / 1000));
    },
    refund(key) {
      const bucket = buckets.get(key);
      if (bucket) bucket.tokens = Math.min(opts.burst, bucket.tokens + 1);
    },
  };
}
