import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { SessionChange, SessionChanges } from '../../lib/session-change.ts';

/** What a change touches (see `SessionChange`). */
export type AuthChange = SessionChange;

interface Keys {
  userId: string;
  familyId: string;
  organisationId: string;
}

interface Entry {
  keys: Keys;
  value: unknown;
  expiresAt: number;
}

export const AUTH_CHANNEL = 'auth_changed';
/** Cached reader lookups' keys start with this; no session key does. */
const READER_KEY = 'reader:';
const READER_PENDING = 'r:*';
const NO_KEYS: Keys = { userId: '', familyId: '', organisationId: '' };
/** Ids per NOTIFY: a payload stays well under PostgreSQL's 8,000 bytes. */
const IDS_PER_NOTIFY = 100;
/** A key changed by this server is read from the database until its notification has surely come back. */
const PENDING_MS = 5_000;

/**
 * Milliseconds on the process's monotonic clock: the cache's lifetimes are durations in this
 * process, not times of day, so they neither follow the injected clock nor jump with the system's.
 */
const elapsed = () => performance.now();

/**
 * The caller's session as `authenticate` last read it (user, centres, family revocation,
 * maintenance switch), per server, so that an authenticated request costs no query.
 * Every write that changes what `authenticate` reads calls `changed(tx, ...)` inside its
 * transaction: a NOTIFY on `auth_changed`, delivered on commit to every server's listener, which
 * drops the matching entries (and closes the matching sockets). While the listener is down
 * (a lost PostgreSQL connection) nothing is cached; a short TTL bounds anything missed otherwise.
 */
export function createAuthCache(opts: { max?: number; ttlMs?: number } = {}) {
  const max = opts.max ?? 10_000;
  const ttlMs = opts.ttlMs ?? 30_000;
  const entries = new Map<string, Entry>();
  const pending = new Map<string, number>();
  const handlers = new Set<(change: AuthChange) => void>();
  let generation = 0;
  let listening = false;
  let stop: (() => Promise<void>) | null = null;

  const idsOf = (keys: Keys) => [`u:${keys.userId}`, `f:${keys.familyId}`, `o:${keys.organisationId}`];
  const isPending = (keys: Keys, now: number) =>
    idsOf(keys).some((id) => {
      const until = pending.get(id);
      if (until === undefined) return false;
      if (until > now) return true;
      pending.delete(id);
      return false;
    });

  function flush() {
    generation += 1;
    entries.clear();
  }

  /** Drops what a change touches on this server. */
  function drop(change: AuthChange) {
    generation += 1;
    if (change.readers) for (const key of entries.keys()) if (key.startsWith(READER_KEY)) entries.delete(key);
    const users = new Set([...(change.users ?? []), ...(change.profiles ?? [])]);
    const families = new Set(change.families);
    const organisations = new Set(change.organisations);
    for (const [key, entry] of entries) {
      const k = entry.keys;
      if (users.has(k.userId) || families.has(k.familyId) || organisations.has(k.organisationId)) entries.delete(key);
    }
  }

  /**
   * The entry under `key`, or `load()`'s answer, kept (when `keep` says so) unless a change came in
   * while it was read, a change of this server is pending, or the listener is down.
   */
  async function cached<T>(
    key: string,
    keys: Keys,
    pendingAt: (at: number) => boolean,
    load: () => Promise<T>,
    keep: (value: T) => boolean,
  ): Promise<T> {
    const now = elapsed();
    const hit = entries.get(key);
    if (hit && hit.expiresAt > now && listening && !pendingAt(now)) {
      // Most recently used last: the first key is the one to evict.
      entries.delete(key);
      entries.set(key, hit);
      return hit.value as T;
    }
    if (hit) entries.delete(key);
    const seen = generation;
    const value = await load();
    if (!keep(value) || !listening || generation !== seen || pendingAt(elapsed())) return value;
    entries.set(key, { keys, value, expiresAt: elapsed() + ttlMs });
    if (entries.size > max) entries.delete(entries.keys().next().value as string);
    return value;
  }

  function received(payload: string) {
    let change: AuthChange;
    try {
      change = JSON.parse(payload) as AuthChange;
    } catch {
      flush();
      return;
    }
    drop(change);
    for (const handler of handlers) handler(change);
  }

  return {
    /** Starts listening; until the listener is up, every lookup reads the database. */
    async start(database: Database) {
      stop = await database.listen(AUTH_CHANNEL, received, (up) => {
        flush();
        listening = up;
      });
    },
    async close() {
      listening = false;
      flush();
      await stop?.();
      stop = null;
    },

    /**
     * The cached value, or `load()`'s answer (kept unless a change came in while it was read).
     * `kind` keeps different things about the same session apart.
     */
    get<T>(keys: Keys, load: () => Promise<T | undefined>, kind = 'session'): Promise<T | undefined> {
      return cached(
        `${kind}:${keys.userId}:${keys.familyId}`,
        keys,
        (at) => isPending(keys, at),
        load,
        (value) => value !== undefined,
      );
    },

    /**
     * The usable readers with serial number `sn` as `load()` last read them (none is not kept): a
     * physical reader's scan then costs no query to authenticate. Every reader or centre command
     * calls `changed(tx, { readers: true })`.
     */
    reader<T>(sn: string, load: () => Promise<T[]>): Promise<T[]> {
      const pendingAt = (at: number) => (pending.get(READER_PENDING) ?? 0) > at;
      return cached(`${READER_KEY}${sn}`, NO_KEYS, pendingAt, load, (value) => value.length > 0);
    },

    /** What `reader(sn, ...)` would answer without a query, or undefined when it would have to read. */
    cachedReader<T>(sn: string): T[] | undefined {
      const now = elapsed();
      const hit = entries.get(`${READER_KEY}${sn}`);
      if (!hit || hit.expiresAt <= now || !listening || (pending.get(READER_PENDING) ?? 0) > now) return undefined;
      return hit.value as T[];
    },

    /**
     * Call inside the transaction that changes users' role, activity or centres, revokes refresh
     * tokens, or changes an organisation's maintenance switch. Every server drops the entries on
     * commit; this one also stops caching them at once, so the caller's next request sees the change
     * even before the notification comes back.
     */
    async changed(tx: Parameters<SessionChanges['changed']>[0], change: AuthChange): Promise<void> {
      const until = elapsed() + PENDING_MS;
      for (const id of [...(change.users ?? []), ...(change.profiles ?? [])]) pending.set(`u:${id}`, until);
      for (const id of change.families ?? []) pending.set(`f:${id}`, until);
      for (const id of change.organisations ?? []) pending.set(`o:${id}`, until);
      if (change.readers) pending.set(READER_PENDING, until);
      drop(change);
      const parts: AuthChange[] = change.readers ? [{ readers: true }] : [];
      for (const field of ['users', 'profiles', 'families', 'organisations'] as const) {
        const ids = [...new Set(change[field] ?? [])];
        for (let i = 0; i < ids.length; i += IDS_PER_NOTIFY) parts.push({ [field]: ids.slice(i, i + IDS_PER_NOTIFY) });
      }
      for (const part of parts) await tx.execute(sql`select pg_notify(${AUTH_CHANNEL}, ${JSON.stringify(part)})`);
    },

    /** Called on every server for every change committed anywhere (the realtime gateway closes sockets). */
    onChange(handler: (change: AuthChange) => void): () => void {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },

    /** For tests and figures. */
    get size() {
      return entries.size;
    },
  };
}

export type AuthCache = ReturnType<typeof createAuthCache>;
