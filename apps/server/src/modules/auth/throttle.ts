import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginThrottles } from '../../db/schema/index.ts';

export interface ThrottlePolicy {
  maxFailures: number;
  lockMinutes: number;
}

const secondsUntil = (until: Date | null) => {
  const ms = (until?.getTime() ?? 0) - Date.now();
  return ms > 0 ? Math.ceil(ms / 1000) : 0;
};

/**
 * Counts failed sign-ins per key (`email:<address>`, `ip:<address>`) in the database, so every
 * API server sees the same counts. A key is locked for `lockMinutes` once it reaches its limit.
 */
export function createThrottle(db: Db) {
  return {
    /** Seconds until the first locked key unlocks, or 0 when none is locked. */
    async lockedFor(keys: string[]): Promise<number> {
      const rows = await db.select().from(loginThrottles).where(inArray(loginThrottles.key, keys));
      return Math.max(0, ...rows.map((r) => secondsUntil(r.lockedUntil)));
    },
    /**
     * Counts one failure on each key, in one statement per key: a window starts at the first
     * failure and lasts as long as a lock; reaching the limit locks the key and restarts the count.
     * Answers the most failures now counted and the seconds of lock now in force.
     */
    async recordFailure(
      entries: { key: string; policy: ThrottlePolicy }[],
    ): Promise<{ failures: number; lockedFor: number }> {
      let failures = 0;
      let lockedFor = 0;
      for (const { key, policy } of entries) {
        const expired = sql`${loginThrottles.windowStartedAt} < now() - make_interval(mins => ${policy.lockMinutes})`;
        const counted = sql`(case when ${expired} then 1 else ${loginThrottles.failures} + 1 end)`;
        const reached = sql`${counted} >= ${policy.maxFailures}`;
        const [row] = await db
          .insert(loginThrottles)
          .values({
            key,
            failures: policy.maxFailures <= 1 ? 0 : 1,
            lockedUntil: policy.maxFailures <= 1 ? sql`now() + make_interval(mins => ${policy.lockMinutes})` : null,
          })
          .onConflictDoUpdate({
            target: loginThrottles.key,
            set: {
              failures: sql`case when ${reached} then 0 else ${counted} end`,
              windowStartedAt: sql`case when ${expired} then now() else ${loginThrottles.windowStartedAt} end`,
              lockedUntil: sql`case when ${reached} then now() + make_interval(mins => ${policy.lockMinutes}) else ${loginThrottles.lockedUntil} end`,
            },
          })
          .returning({ failures: loginThrottles.failures, lockedUntil: loginThrottles.lockedUntil });
        failures = Math.max(failures, row?.failures ?? 0);
        lockedFor = Math.max(lockedFor, secondsUntil(row?.lockedUntil ?? null));
      }
      return { failures, lockedFor };
    },
    async clear(keys: string[]): Promise<void> {
      await db.delete(loginThrottles).where(inArray(loginThrottles.key, keys));
    },
  };
}
