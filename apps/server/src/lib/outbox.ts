import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { withCommit } from '../db/pipeline.ts';
import { reusableStatement, reusableUnscopedStatement } from '../db/reusable.ts';
import { domainEvents } from '../db/schema/index.ts';
import type { RealtimeTarget } from '../db/schema/platform.ts';
import type { EventBus } from './events.ts';

export type { RealtimeTarget };

/** What a use case emits: `type` names what happened (`member.registered`), in the past tense. */
export interface DomainEventInput {
  /** Given when the caller needs it; generated otherwise. */
  id?: string;
  organisationId: string;
  centerId?: string | null;
  type: string;
  payload: Record<string, unknown>;
  /** Also shown live to the browsers of that centre or organisation (after the commit). */
  realtime?: RealtimeTarget;
}

/** What a listener receives: the event id is the de-duplication key (delivery is at least once). */
export interface DeliveredEvent {
  id: string;
  organisationId: string;
  centerId: string | null;
  type: string;
  payload: Record<string, unknown>;
  occurredAt: Date;
}

export type EventHandler = (event: DeliveredEvent) => Promise<void> | void;

/**
 * Writes a domain event inside the use case's transaction: rolled back with it, delivered after
 * its commit. The caller wakes the dispatcher after the commit (`outbox.wake()`).
 */
export async function appendEvent(tx: DbOrTx, event: DomainEventInput): Promise<string> {
  const id = event.id ?? randomUUID();
  await tx.insert(domainEvents).values(eventRow(id, event));
  return id;
}

const eventRow = (id: string, event: DomainEventInput) => ({
  id,
  organisationId: event.organisationId,
  centerId: event.centerId ?? null,
  type: event.type,
  payload: event.payload,
  realtime: event.realtime ?? null,
});

/** An event row written held by the process that commits it (`appendHeldEvent`). */
export type HeldEvent = typeof domainEvents.$inferSelect;

/**
 * Writes a domain event the committing process delivers itself right after its commit
 * (`Outbox.deliverCommitted`): the row is written already claimed for `holdSeconds`, so no other
 * dispatcher takes it meanwhile, and a process that dies before delivering leaves it to the others'
 * poll once the hold runs out (at least once, as for any claim). Only for events the outbox says it
 * may hold (`Outbox.holds`).
 */
export async function appendHeldEvent(tx: DbOrTx, event: DomainEventInput, holdSeconds: number): Promise<HeldEvent> {
  const [row] = await insertHeldEvent(tx, event.organisationId, {
    id: event.id ?? randomUUID(),
    centerId: event.centerId ?? null,
    type: event.type,
    payload: JSON.stringify(event.payload),
    realtime: event.realtime ? JSON.stringify(event.realtime) : null,
    hold: holdSeconds,
  });
  return row!;
}

/** The statement of `appendHeldEvent`, built once (each door tap writes one). */
const insertHeldEvent = reusableStatement('outbox_held_event', (db, scope) =>
  db
    .insert(domainEvents)
    .values({
      id: sql.placeholder('id'),
      organisationId: scope.organisationId,
      centerId: sql.placeholder('centerId'),
      type: sql.placeholder('type'),
      // As JSON text: a jsonb placeholder would store an absent message as JSON null, not NULL.
      payload: sql`${sql.placeholder('payload')}::jsonb`,
      realtime: sql`${sql.placeholder('realtime')}::jsonb`,
      claimedUntil: sql`now() + make_interval(secs => ${sql.placeholder('hold')})`,
    })
    .returning(),
);

/**
 * A held event's row as written: what the insert was given, its sequence number and time, and its
 * claim (the transaction's time, which is also the row's `occurred_at`, plus the hold).
 */
export function heldEventRow(
  event: Required<Pick<DomainEventInput, 'id'>> & DomainEventInput,
  written: { seq: string | number; occurred_at: string | Date },
  holdSeconds: number,
): HeldEvent {
  const occurredAt = new Date(written.occurred_at);
  // Not a spread followed by properties: on Node 20 that costs about a microsecond per property,
  // and a door writes two of these a tap.
  return Object.assign(eventRow(event.id, event), {
    seq: Number(written.seq),
    occurredAt,
    doneListeners: [],
    attempts: 0,
    nextAttemptAt: occurredAt,
    claimedUntil: new Date(occurredAt.getTime() + holdSeconds * 1000),
    deliveredAt: null,
    lastError: null,
  });
}

/** The event inserts sent with a commit (`queueEventWithCommit`): plain text, every value a parameter. */
const EVENT_INSERT = `insert into domain_events (id, organisation_id, center_id, type, payload, realtime, claimed_until)
  values ($1, $2, $3, $4, $5::jsonb, $6::jsonb, now() + make_interval(secs => $7::double precision))
  returning seq, occurred_at`;

/**
 * Queues an event's row to be written with the commit of `tx`, in the same round trip (PostgreSQL,
 * see `withCommit`): held for `holdSeconds` when the committing process delivers it itself, else
 * left to the dispatcher (`holdSeconds` null). Answers the held row once committed, or null when
 * `tx` cannot queue (PGlite: `appendEvent`/`appendHeldEvent` write it now).
 */
export function queueEventWithCommit(
  tx: DbOrTx,
  event: DomainEventInput,
  holdSeconds: number | null,
): Promise<HeldEvent | null> | null {
  const id = event.id ?? randomUUID();
  const written = withCommit(tx, {
    name: 'outbox_event_with_commit',
    text: EVENT_INSERT,
    values: [
      id,
      event.organisationId,
      event.centerId ?? null,
      event.type,
      JSON.stringify(event.payload),
      event.realtime ? JSON.stringify(event.realtime) : null,
      holdSeconds,
    ],
  });
  if (!written) return null;
  return written.then((result) => {
    if (holdSeconds === null) return null;
    return heldEventRow(
      Object.assign({}, event, { id }),
      result.rows[0] as { seq: string; occurred_at: string },
      holdSeconds,
    );
  });
}

/**
 * Marks events delivered, by id (an array), across organisations: the dispatcher's batches and the
 * held events a busy door delivers. Built once, so that its text never changes with the number of
 * ids and PostgreSQL plans it once per connection.
 * Its commit does not wait for the disk (`synchronous_commit` off for this statement's own
 * transaction): a mark lost in a crash only means the event is delivered again, which every
 * listener and browser already takes (at least once, by event id). A busy door's marks, many a
 * second, would otherwise each wait for a flush and queue the entries' own commits behind theirs.
 */
const markDeliveredStatement = reusableUnscopedStatement('outbox_mark_delivered', (db) =>
  db
    .update(domainEvents)
    .set({
      doneListeners: sql`${sql.placeholder('doneListeners')}::text[]`,
      attempts: sql`${domainEvents.attempts} + 1`,
      deliveredAt: sql`now()`,
      claimedUntil: sql`null`,
      lastError: sql`null`,
    })
    .from(sql`(select set_config('synchronous_commit', 'off', true)) as async_commit`)
    .where(sql`${domainEvents.id} = any(${sql.placeholder('ids')}::uuid[])`),
);

export interface OutboxOptions {
  /** Fallback poll for events committed by another server or left by a crash. */
  pollMs?: number;
  /** How long a claimed batch is held before another dispatcher may take it (a crashed one's). */
  claimSeconds?: number;
  batchSize?: number;
  /** First retry delay; doubles per attempt, at most `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Delivered events are kept this long (for inspection and late de-duplication), then deleted. */
  keepDeliveredDays?: number;
  onError?: (err: unknown, context: { eventId?: string; listener?: string }) => void;
}

/** The built-in listener that fans an event's `realtime` message out to the Socket.IO rooms. */
export const REALTIME_LISTENER = 'realtime';
/** First key of the advisory locks that keep two dispatchers off one organisation's claim at once. */
const ADVISORY_CLASS = 0x6f7574; // 'out'

/**
 * Delivers committed domain events to the realtime gateway and to the listeners modules register
 * with `onEvent(type, name, handler)`. Claims rows with `FOR UPDATE SKIP LOCKED` and a lease, so
 * with several servers one event is handled once per listener cluster-wide; a failing listener is
 * retried with backoff without re-running the listeners that succeeded, and without holding back
 * the others. The first attempt follows commit order per organisation (an event is not taken while
 * an earlier one of its organisation has not been tried yet).
 */
export function createOutbox(db: DbOrTx, bus: EventBus, opts: OutboxOptions = {}) {
  const pollMs = opts.pollMs ?? 1000;
  const claimSeconds = opts.claimSeconds ?? 60;
  const batchSize = opts.batchSize ?? 100;
  const backoffMs = opts.backoffMs ?? 1000;
  const maxBackoffMs = opts.maxBackoffMs ?? 5 * 60_000;
  const onError = opts.onError ?? (() => {});
  const keepDeliveredDays = opts.keepDeliveredDays ?? 7;
  const listeners = new Map<string, Map<string, EventHandler>>();

  let timer: NodeJS.Timeout | null = null;
  let pruneTimer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = true;
  /** Held events delivered one batch after the other, in commit order (`deliverCommitted`). */
  let committed: Promise<void> = Promise.resolve();
  /** Held events delivered and not yet marked, by listeners done; one statement per set marks all that gathered meanwhile. */
  let unmarked = new Map<string, string[]>();
  let marking: Promise<void> | null = null;
  let markTimer: NodeJS.Timeout | null = null;
  /** How long delivered held events wait to be marked together: one statement for a busy door's tenth of a second (a mark lost in a crash only means a redelivery once the hold runs out). */
  const MARK_DELAY_MS = 100;

  function handlersFor(type: string): [string, EventHandler][] {
    return [...(listeners.get(type) ?? new Map()).entries(), ...(listeners.get('*') ?? new Map()).entries()];
  }

  async function claim() {
    // The lease is taken in one statement. Rows another dispatcher is claiming are skipped, with
    // their whole organisation (a transaction-scoped advisory lock per organisation), and a row is
    // not taken while an earlier, never-tried event of its organisation is claimed by another.
    // The claimed rows come back from the update itself (one statement per drain, not two).
    const rows = await db
      .update(domainEvents)
      .set({ claimedUntil: sql`now() + make_interval(secs => ${claimSeconds})` })
      .where(sql`${domainEvents.id} in (
        select e.id from ${domainEvents} e
        where e.delivered_at is null and e.next_attempt_at <= now()
          and (e.claimed_until is null or e.claimed_until < now())
          and not exists (
            select 1 from ${domainEvents} p
            where p.organisation_id = e.organisation_id and p.seq < e.seq
              and p.delivered_at is null and p.attempts = 0 and p.claimed_until >= now()
          )
          and pg_try_advisory_xact_lock(${ADVISORY_CLASS}, hashtext(e.organisation_id::text))
        order by e.seq
        limit ${batchSize}
        for update skip locked
      )`)
      .returning();
    return rows.sort((a, b) => a.seq - b.seq);
  }

  /**
   * Runs the row's listeners; answers the listeners done when all succeeded (the caller then marks
   * the row delivered, with the rest of its batch), or records the failure and schedules a retry.
   */
  async function deliver(row: typeof domainEvents.$inferSelect): Promise<string[] | null> {
    const done = new Set(row.doneListeners);
    const errors: string[] = [];
    const event: DeliveredEvent = {
      id: row.id,
      organisationId: row.organisationId,
      centerId: row.centerId,
      type: row.type,
      payload: row.payload,
      occurredAt: row.occurredAt,
    };
    const targets: [string, EventHandler][] = [];
    if (row.realtime) {
      const rt = row.realtime;
      targets.push([
        REALTIME_LISTENER,
        () => {
          if (rt.scope === 'reader') {
            bus.publish('realtime.reader', {
              organisationId: row.organisationId,
              centerId: rt.centerId,
              sn: rt.sn,
              payload: rt.message,
            });
          } else if (rt.scope === 'pad') {
            bus.publish('realtime.pad', {
              organisationId: row.organisationId,
              centerId: rt.centerId,
              padId: rt.padId,
              payload: rt.message,
            });
          } else if (rt.scope === 'center') {
            bus.publish('realtime.center', {
              organisationId: row.organisationId,
              centerId: rt.centerId,
              payload: rt.message,
            });
          } else {
            bus.publish('realtime.organisation', { organisationId: row.organisationId, payload: rt.message });
          }
        },
      ]);
    }
    targets.push(...handlersFor(row.type));
    for (const [name, handler] of targets) {
      if (done.has(name)) continue;
      try {
        await handler(event);
        done.add(name);
      } catch (err) {
        errors.push(`${name}: ${err instanceof Error ? err.message : String(err)}`);
        onError(err, { eventId: row.id, listener: name });
      }
    }
    const attempts = row.attempts + 1;
    if (errors.length === 0) return [...done].sort();
    const delay = Math.min(maxBackoffMs, backoffMs * 2 ** (attempts - 1));
    await db
      .update(domainEvents)
      .set({
        doneListeners: [...done],
        attempts,
        claimedUntil: null,
        lastError: errors.join('; ').slice(0, 2000),
        nextAttemptAt: sql`now() + make_interval(secs => ${delay / 1000})`,
      })
      .where(and(eq(domainEvents.id, row.id)));
    schedule(delay);
    return null;
  }

  async function markDelivered(doneListeners: string[], ids: string[]) {
    await markDeliveredStatement(db, { doneListeners, ids });
  }

  /**
   * Delivers a claimed batch, then marks the delivered rows in one statement per set of listeners
   * done (not one per row): every row's message goes out without waiting for the earlier rows'
   * writes, and a busy centre's burst costs a few statements, not one per event. A crash before
   * the mark delivers the batch again (at least once, as before).
   */
  async function drain() {
    for (;;) {
      const rows = await claim();
      const delivered = new Map<string, string[]>();
      for (const row of rows) {
        const done = await deliver(row);
        if (!done) continue;
        const key = JSON.stringify(done);
        delivered.set(key, [...(delivered.get(key) ?? []), row.id]);
      }
      for (const [key, ids] of delivered) await markDelivered(JSON.parse(key) as string[], ids);
      if (rows.length < batchSize) return;
    }
  }

  /** Marks the held events delivered (one statement for all that gathered while the last one ran). */
  function markHeld(): Promise<void> {
    if (markTimer) clearTimeout(markTimer);
    markTimer = null;
    if (marking) return marking;
    // The work starts on the next microtask: with nothing to mark it would otherwise finish (and
    // clear `marking`) before `marking` is assigned, leaving it set for good and every later mark
    // waiting on it: held events were then sent again a minute later, holding back their
    // organisation's events with listeners meanwhile.
    marking = Promise.resolve().then(async () => {
      try {
        while (unmarked.size > 0) {
          const batch = unmarked;
          unmarked = new Map();
          for (const [key, ids] of batch) await markDelivered(JSON.parse(key) as string[], ids);
        }
      } catch (err) {
        // Unmarked rows are delivered again by a poll once their hold runs out (at least once).
        onError(err, {});
      } finally {
        marking = null;
      }
    });
    return marking;
  }

  /** Sends the held events handed over so far and marks them delivered now (no 10 ms wait). */
  async function settleHeld(): Promise<void> {
    await committed;
    await markHeld();
  }

  /** Runs one drain at a time; a wake during a drain runs another right after it. */
  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await drain();
        } while (again && !stopped);
      } catch (err) {
        onError(err, {});
      } finally {
        running = null;
      }
    })();
    return running;
  }

  async function prune(): Promise<number> {
    const deleted = await db
      .delete(domainEvents)
      .where(sql`${domainEvents.deliveredAt} < now() - make_interval(days => ${keepDeliveredDays})`)
      .returning({ id: domainEvents.id });
    return deleted.length;
  }

  let retryTimer: NodeJS.Timeout | null = null;
  function schedule(delay: number) {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void run();
    }, delay + 5);
    retryTimer.unref();
  }

  return {
    /** Registers a listener of one event type (`*`: every type); `name` must be stable across restarts. */
    onEvent(type: string, name: string, handler: EventHandler) {
      if (name === REALTIME_LISTENER) throw new Error(`listener name ${name} is reserved`);
      const byName = listeners.get(type) ?? new Map<string, EventHandler>();
      byName.set(name, handler);
      listeners.set(type, byName);
      return () => byName.delete(name);
    },
    /**
     * Whether the committing process may deliver an event of this type itself (`appendHeldEvent`,
     * then `deliverCommitted` after the commit): while started, and when no listener but the
     * realtime fan-out takes it. Events with listeners go through the claim, which keeps their first
     * attempts in commit order per organisation across servers (a held event, until delivered, holds
     * back the claim of its organisation's later ones as any claimed event does).
     */
    holds(type: string): boolean {
      return !stopped && handlersFor(type).length === 0;
    },
    /** How long a held event stays claimed by the process that wrote it. */
    holdSeconds: claimSeconds,
    /**
     * Delivers events this process wrote held, after their transaction committed: no claim query,
     * no wait for a poll. Batches are delivered in the order they are handed over (commit order), and
     * marked delivered a few at a time. With `commit`, they were handed over before their commit
     * was acknowledged (`runAnnouncingBeforeCommit`): they are marked once it is.
     */
    deliverCommitted(rows: readonly HeldEvent[], commit?: Promise<unknown>): void {
      if (rows.length === 0) return;
      committed = committed.then(async () => {
        const delivered = new Map<string, string[]>();
        try {
          for (const row of rows) {
            const done = await deliver(row);
            if (!done) continue;
            const key = JSON.stringify(done);
            delivered.set(key, [...(delivered.get(key) ?? []), row.id]);
          }
        } catch (err) {
          // What was not delivered is taken by a poll once its hold runs out.
          onError(err, {});
        }
        const mark = () => {
          for (const [key, ids] of delivered) unmarked.set(key, [...(unmarked.get(key) ?? []), ...ids]);
          if (!markTimer && !marking && unmarked.size > 0) markTimer = setTimeout(() => void markHeld(), MARK_DELAY_MS);
        };
        // Sent while their commit was still on its way to disk: marked once it is (a row that was
        // not committed has nothing to mark).
        if (commit) void commit.then(mark, () => {});
        else mark();
      });
    },
    /**
     * Delivers what is pending now; call after a commit that appended events. The held events handed
     * over before are sent and marked first: unmarked, they would hold back the claim of the
     * organisation's later events (commit order), which would then wait for the poll.
     */
    wake(): void {
      if (!stopped) void settleHeld().then(run);
    },
    /** One delivery pass, awaited (tests, and the poll), after the held events handed over so far. */
    drain: async () => {
      await settleHeld();
      await run();
    },
    /** Deletes events delivered more than `keepDeliveredDays` ago; run hourly while started. */
    prune,
    start() {
      if (!stopped) return;
      stopped = false;
      timer = setInterval(() => void run(), pollMs);
      timer.unref();
      pruneTimer = setInterval(() => void prune().catch((err) => onError(err, {})), 60 * 60_000);
      pruneTimer.unref();
      void run();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      if (pruneTimer) clearInterval(pruneTimer);
      pruneTimer = null;
      if (retryTimer) clearTimeout(retryTimer);
      timer = null;
      retryTimer = null;
      await settleHeld();
      await running;
    },
  };
}
export type Outbox = ReturnType<typeof createOutbox>;
