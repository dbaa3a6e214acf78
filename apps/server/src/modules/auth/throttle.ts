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
  /** Per key: its count (this guess included), whether it was already over its limit, and the seconds of lock in force. */
  byKey: Record<string, { count: number; over: boolean; lockedFor: number }>;
}

export interface SpacedKey {
  key: string;
  /** Guesses allowed at any pace in a window. */
  maxAttempts: number;
  /** Past them, one guess per this many seconds; a sooner one is refused, and not counted. */
  spacingSeconds: number;
  /** A key forgets its guesses once none came past the limit for this long. */
  windowSeconds: number;
}

/** Whole seconds from `now` (the database's, as the locks it wrote) until `until`. */
const secondsUntil = (until: Date | null, now: Date) => {
  const ms = (until?.getTime() ?? 0) - now.getTime();
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
      const byKey: ThrottleAttempt['byKey'] = {};
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
          .returning({
            failures: t.failures,
            lockedUntil: t.lockedUntil,
            now: sql<Date>`now()`.mapWith(t.windowStartedAt),
          });
        const count = row?.failures ?? 1;
        counts[k.key] = count;
        const seconds = row ? secondsUntil(row.lockedUntil, row.now) : 0;
        byKey[k.key] = {
          count,
          over: count > k.maxAttempts,
          lockedFor: count >= k.maxAttempts ? Math.max(seconds, 1) : 0,
        };
        if (count > k.maxAttempts) refusedFor = Math.max(refusedFor, Math.max(seconds, 1));
        else if (count === k.maxAttempts) lockedFor = Math.max(lockedFor, seconds);
      }
      return { refusedFor, lockedFor: Math.max(lockedFor, refusedFor), counts, byKey };
    },
    /**
     * Counts a guess on a key that slows down rather than locks: up to `maxAttempts` guesses at any
     * pace, then one per `spacingSeconds`. Answers the seconds to wait when this guess comes too soon
     * (it is then not counted, and must not be checked), else 0. The key's row is locked while it is
     * read and written, so a burst of parallel guesses is counted one after the other.
     */
    async space(k: SpacedKey): Promise<{ count: number; refusedFor: number }> {
      const t = loginThrottles;
      return db.transaction(async (tx) => {
        await tx.insert(t).values({ key: k.key, failures: 0 }).onConflictDoNothing();
        const [row] = await tx
          .select({
            failures: t.failures,
            lockedUntil: t.lockedUntil,
            now: sql<Date>`now()`.mapWith(t.windowStartedAt),
            stale: sql<boolean>`${t.windowStartedAt} < now() - make_interval(secs => ${k.windowSeconds})`,
          })
          .from(t)
          .where(eq(t.key, k.key))
          .for('update');
        if (!row) return { count: 0, refusedFor: 0 };
        const nextAt = row.lockedUntil?.getTime() ?? 0;
        const now = row.now.getTime();
        if (nextAt > now) return { count: row.failures, refusedFor: Math.max(1, Math.ceil((nextAt - now) / 1000)) };
        const count = row.stale ? 1 : row.failures + 1;
        const past = count >= k.maxAttempts;
        await tx
          .update(t)
          .set({
            failures: count,
            // The window runs from the first guess, and while guesses keep coming past the limit, from the last one.
            windowStartedAt: row.stale || past ? sql`now()` : undefined,
            lockedUntil: past ? sql`now() + make_interval(secs => ${k.spacingSeconds})` : null,
          })
          .where(eq(t.key, k.key));
        return { count, refusedFor: 0 };
      });
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
