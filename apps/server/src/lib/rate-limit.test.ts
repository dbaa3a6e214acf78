import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limit.ts';

describe('token bucket', () => {
  it('allows the burst at once, then the sustained rate, per key', () => {
    let t = 0;
    const limiter = createRateLimiter({ ratePerSecond: 20, burst: 40, now: () => t });
    const first = Array.from({ length: 41 }, () => limiter.take('a'));
    expect(first.filter((w) => w === 0)).toHaveLength(40);
    expect(first[40]).toBe(1);
    // Another key has its own bucket.
    expect(limiter.take('b')).toBe(0);
    // 50 ms later one token is back (20 per second), and only one.
    t += 50;
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBeGreaterThan(0);
    // After two seconds the bucket is full again, never fuller.
    t += 10_000;
    expect(Array.from({ length: 41 }, () => limiter.take('a')).filter((w) => w === 0)).toHaveLength(40);
  });
});
