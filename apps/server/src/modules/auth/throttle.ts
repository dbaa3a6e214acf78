import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginThrottles } from '../../db/schema/index.ts';

/** One counter: at most `maxAttempts` guesses per window; the last allowed one locks the key for `lockSeconds`. */
export interface ThrottleKey {
  key: string;
  maxAttempts: number;
  lockSeconds: number;
  windowSeconds: number;
}

export interface ThrottleAttempt {
  /** Seconds to wait when this guess is refused without being checked (a key was already over its limit), else 0. */
  refusedFor: number;
  /** Seconds of lock now in force on the keys this guess reached the limit of (a failure then answers locked). */
  lockedFor: number;
  /** The count of each key, this guess included. */
  counts: Record<string, number>;
}

const secondsUntil = (until: Date | null) => {
  const ms = (until?.getTime() ?? 0) - Date.now();
  return ms > 0 ? Math.ceil(ms / 1000) : 0;
};

/**
 * Counts guesses (sign-in, current password, registration) per key in the database, so every API
 * server sees the same counts. Every guess is counted BEFORE it is checked, with one upsert per key
 * that increments and answers the count in one statement: a burst of parallel guesses counts in
 * full, and the guesses past the limit are refused without being checked.
 */
export function createThrottle(db: Db) {
  return {
    async attempt(keys: ThrottleKey[]): Promise<ThrottleAttempt> {
      let refusedFor = 0;
      let lockedFor = 0;
      const counts: Record<string, number> = {};
      for (const k of keys) {
        const t = loginThrottles;
        // A key starts afresh when its lock has passed, or when it is unlocked and its window has passed.
        const fresh = sql`((${t.lockedUntil} is not null and ${t.lockedUntil} <= now()) or (${t.lockedUntil} is null and ${t.windowStartedAt} < now() - make_interval(secs => ${k.windowSeconds})))`;
        const counted = sql`(case when ${fresh} then 1 else ${t.failures} + 1 end)`;
        const lockUntil = sql`now() + make_interval(secs => ${k.lockSeconds})`;
        const [row] = await db
          .insert(t)
          .values({ key: k.key, failures: 1, lockedUntil: k.maxAttempts <= 1 ? lockUntil : null })
          .onConflictDoUpdate({
            target: t.key,
            set: {
              failures: counted,
              windowStartedAt: sql`case when ${fresh} then now() else ${t.windowStartedAt} end`,
              lockedUntil: sql`case when ${t.lockedUntil} > now() then ${t.lockedUntil} when ${counted} >= ${k.maxAttempts} then ${lockUntil} else null end`,
            },
          })
          .returning({ failures: t.failures, lockedUntil: t.lockedUntil });
        const count = row?.failures ?? 1;
        counts[k.key] = count;
        const seconds = secondsUntil(row?.lockedUntil ?? null);
        if (count > k.maxAttempts) refusedFor = Math.max(refusedFor, Math.max(seconds, 1));
        else if (count === k.maxAttempts) lockedFor = Math.max(lockedFor, seconds);
      }
      return { refusedFor, lockedFor: Math.max(lockedFor, refusedFor), counts };
    },
    /** Takes back one counted guess that turned out right (and the lock it set, if it was the last allowed one). */
    async undo(keys: ThrottleKey[]): Promise<void> {
      for (const k of keys) {
        const t = loginThrottles;
        await db
          .update(t)
          .set({
            failures: sql`greatest(${t.failures} - 1, 0)`,
            lockedUntil: sql`case when ${t.failures} - 1 < ${k.maxAttempts} then null else ${t.lockedUntil} end`,
          })
          .where(eq(t.key, k.key));
      }
    },
    /** Forgets keys, and every key that starts with one of `prefixes`. */
    async clear(keys: string[], prefixes: string[] = []): Promise<void> {
      const t = loginThrottles;
      await db
        .delete(t)
        .where(
          or(inArray(t.key, keys.length ? keys : ['']), ...prefixes.map((p) => and(sql`starts_with(${t.key}, ${p})`))),
        );
    },
  };
}
