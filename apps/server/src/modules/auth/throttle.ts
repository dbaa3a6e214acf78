import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginThrottles } from '../../db/schema/index.ts';

export interface ThrottlePolicy {
  maxFailures: number;
  lockMinutes: number;
}

/**
 * Counts failed sign-ins per key (`email:<address>`, `ip:<address>`) in the database, so every
 * API server sees the same counts. A key is locked for `lockMinutes` once it reaches its limit.
 */
export function createThrottle(db: Db) {
  return {
    /** Seconds until the first locked key unlocks, or 0 when none is locked. */
    async lockedFor(keys: string[]): Promise<number> {
      const rows = await db.select().from(loginThrottles).where(inArray(loginThrottles.key, keys));
      const now = Date.now();
      const until = Math.max(0, ...rows.map((r) => r.lockedUntil?.getTime() ?? 0));
      return until > now ? Math.ceil((until - now) / 1000) : 0;
    },
    /** Failures so far on the most-failed key (used to slow the answer down). */
    async failures(keys: string[]): Promise<number> {
      const rows = await db.select().from(loginThrottles).where(inArray(loginThrottles.key, keys));
      return Math.max(0, ...rows.map((r) => r.failures));
    },
    async recordFailure(entries: { key: string; policy: ThrottlePolicy }[]): Promise<void> {
      for (const { key, policy } of entries) {
        // A window starts at the first failure and lasts as long as a lock; an old window restarts.
        await db
          .insert(loginThrottles)
          .values({ key, failures: 1 })
          .onConflictDoUpdate({
            target: loginThrottles.key,
            set: {
              failures: sql`case when ${loginThrottles.windowStartedAt} < now() - make_interval(mins => ${policy.lockMinutes}) then 1 else ${loginThrottles.failures} + 1 end`,
              windowStartedAt: sql`case when ${loginThrottles.windowStartedAt} < now() - make_interval(mins => ${policy.lockMinutes}) then now() else ${loginThrottles.windowStartedAt} end`,
            },
          });
        await db
          .update(loginThrottles)
          .set({ lockedUntil: sql`now() + make_interval(mins => ${policy.lockMinutes})`, failures: 0 })
          .where(sql`${loginThrottles.key} = ${key} and ${loginThrottles.failures} >= ${policy.maxFailures}`);
      }
    },
    async clear(keys: string[]): Promise<void> {
      await db.delete(loginThrottles).where(inArray(loginThrottles.key, keys));
    },
  };
}
