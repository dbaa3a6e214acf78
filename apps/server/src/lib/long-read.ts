/**
 * Long reads: an export, a report, any read of rows that grows with an organisation's history.
 *
 * The embedded database (PGlite) runs one statement at a time in the server's own thread: a single
 * SELECT of 50,000 rows, or an XLSX built in one go, holds up every request of every organisation
 * behind it, the door included. So every long read goes through here:
 *
 * - it reads in chunks, each its own short statement (`keyset` or `byOffset`), sized to take about
 *   `chunkMs` and followed by a pause, so that the requests queued meanwhile (behind the chunk on
 *   PGlite's one connection, behind its rows' mapping and formatting on the server's thread) run
 *   between two chunks;
 * - on PGlite, the chunks of all long reads take turns in one lane: however many run, a request
 *   waits behind one chunk at most;
 * - it runs in a place: at most `perOrganisation` at a time per organisation and `total` in the
 *   process; a read beyond waits its turn (`waitingPerOrganisation` of an organisation at most, for
 *   `maxWaitMs` at most), else it is refused with 429 `exports_busy`.
 *
 * Files are sent by `sendExport` (lib/table-export.ts), which takes the place before the answer
 * starts and writes CSV as the chunks come and XLSX in a worker thread.
 */
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { asc, desc, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AppError } from './errors.ts';

export interface ReadPace {
  /** Rows of the first chunk, before a chunk's time is known. */
  firstRows: number;
  /** The most rows of one chunk, however fast the statement. */
  maxRows: number;
  /** How long one chunk's statement should take. */
  chunkMs: number;
  /** The pause after each chunk (0: one turn of the event loop). */
  pauseMs: number;
}

/** PGlite: short chunks, then a pause in which the requests queued behind the chunk run (as the import's `EMBEDDED_PACE`). */
export const EMBEDDED_READ_PACE: ReadPace = { firstRows: 200, maxRows: 2_000, chunkMs: 25, pauseMs: 10 };
/**
 * PostgreSQL: other requests have connections of their own, but share the server's thread with the
 * chunks' rows (read, mapped, formatted: about 10 µs a member); small chunks and a pause keep it
 * free for them (four exports of 50,000 members held the door's p99 at 150 ms with 1,000-row
 * chunks and no pause, 80 ms so).
 */
export const SERVER_READ_PACE: ReadPace = { firstRows: 200, maxRows: 500, chunkMs: 15, pauseMs: 20 };

export interface LongReadLimits {
  perOrganisation: number;
  total: number;
  /** Long reads of one organisation that may wait for a place; one more is refused at once. */
  waitingPerOrganisation: number;
  /** How long a read waits for a place before it is refused. */
  maxWaitMs: number;
}

const CHUNKS: unique symbol = Symbol('chunks');

/**
 * Rows read a chunk at a time. Made only here (`keyset`, `byOffset`, `fixedRows`), so that an
 * export cannot be handed a read that did not go through the pace.
 */
export interface ChunkedRows<T> {
  /** Reads the database (takes a place); rows already in hand do not. */
  readonly heavy: boolean;
  readonly [CHUNKS]: (run: ChunkRunner) => AsyncIterable<T[]>;
}

/** Runs one chunk's statement in the lane and says how long it took; `pace` sizes the chunks. */
interface ChunkRunner {
  pace: ReadPace;
  run<R>(read: () => Promise<R>): Promise<{ result: R; ms: number }>;
  /** Aborted: no further chunk is read (the download was abandoned). */
  signal?: AbortSignal | undefined;
}

export interface Chunk<K> {
  /** The last row's key of the chunk before (undefined for the first chunk). */
  after: K | undefined;
  limit: number;
}

/**
 * Rows in the order of a key, each chunk the rows after the last one's key: `read` answers at most
 * `limit` rows after `after`, in the key's order (a total order: it ends with a unique column).
 * Rows written during the read before the key's position are not in it; none is read twice.
 */
export function keyset<T, K>(read: (chunk: Chunk<K>) => Promise<T[]>, keyOf: (last: T) => K): ChunkedRows<T> {
  return {
    heavy: true,
    [CHUNKS]: (runner) =>
      paced(
        runner,
        (after: K | undefined, limit) => read({ after, limit }),
        (rows) => keyOf(rows.at(-1)!),
      ),
  };
}

/** A column of a keyset order and the type its value (read as text) is cast back to. */
export interface KeyColumn {
  column: PgColumn | SQL;
  cast: 'text' | 'timestamptz' | 'uuid' | 'date' | 'bigint' | 'integer';
  /** This column's own direction, where an order mixes them (else the order's). */
  descending?: boolean;
}

/**
 * The key's columns as text, to select beside a chunk's rows (`k0`, `k1`, ...): a time read as a
 * JavaScript Date would lose its microseconds, and the next chunk would skip or repeat rows.
 */
export function keyColumns(keys: readonly KeyColumn[]): Record<string, SQL<string>> {
  return Object.fromEntries(keys.map((k, i) => [`k${i}`, sql<string>`(${k.column})::text`]));
}

/** The key of a row selected with `keyColumns`. */
export function keyOfRow(row: object, keys: readonly KeyColumn[]): string[] {
  const r = row as Record<string, string>;
  return keys.map((_, i) => r[`k${i}`]!);
}

/** ORDER BY the key's columns, each in its direction. */
export function keyOrder(keys: readonly KeyColumn[], descending = false): SQL[] {
  return keys.map((k) => ((k.descending ?? descending) ? desc(k.column) : asc(k.column)));
}

/**
 * The rows after `after` in the order of `keys` (no condition for the first chunk). All in one
 * direction: `(a, b, id) > (x, y, z)` (`<` descending), which an index on the columns serves; mixed:
 * `a > x or (a = x and (b < y or (b = y and …)))`. The key's columns must not be null, and the last
 * must be unique.
 */
export function afterKey(
  keys: readonly KeyColumn[],
  after: readonly string[] | undefined,
  descending = false,
): SQL | undefined {
  if (!after) return undefined;
  const down = keys.map((k) => k.descending ?? descending);
  const value = (i: number) => sql`${after[i]}::${sql.raw(keys[i]!.cast)}`;
  if (down.every((d) => d === down[0])) {
    return sql`(${sql.join(
      keys.map((k) => sql`${k.column}`),
      sql`, `,
    )}) ${sql.raw(down[0] ? '<' : '>')} (${sql.join(
      keys.map((_, i) => value(i)),
      sql`, `,
    )})`;
  }
  const from = (i: number): SQL => {
    const past = sql`${keys[i]!.column} ${sql.raw(down[i] ? '<' : '>')} ${value(i)}`;
    return i === keys.length - 1 ? past : sql`(${past} or (${keys[i]!.column} = ${value(i)} and ${from(i + 1)}))`;
  };
  return from(0);
}

/** One keyset chunk's part of a statement (`keysetRows`). */
export interface KeysetChunk {
  /** The key's columns as text, to select beside the rows. */
  columns: Record<string, SQL<string>>;
  /** The rows after the last chunk's key (undefined for the first chunk). */
  after: SQL | undefined;
  /** ORDER BY the key. */
  order: SQL[];
  limit: number;
}

/**
 * `keyset` over one statement in the order of `keys` (`descending` unless a column says otherwise):
 * `read` selects the chunk's `columns` beside its rows, keeps those `after`, orders by `order` and
 * reads `limit`; each row is mapped by `toItem` and keeps its key.
 */
export function keysetRows<R extends object, T>(
  keys: readonly KeyColumn[],
  read: (chunk: KeysetChunk) => Promise<R[]>,
  toItem: (row: R) => T,
  descending = false,
): ChunkedRows<T & { key: string[] }> {
  return keyset(
    async ({ after, limit }: Chunk<string[]>) => {
      const rows = await read({
        columns: keyColumns(keys),
        after: afterKey(keys, after, descending),
        order: keyOrder(keys, descending),
        limit,
      });
      return rows.map((r) => ({ ...toItem(r), key: keyOfRow(r, keys) }));
    },
    (last) => last.key,
  );
}

/**
 * Rows of a list whose sorts mix directions or expressions, by offset: `read` answers `limit` rows
 * from `offset` in a total order. A row written during the read may shift one to the next chunk
 * (read twice) or back (missed): keyset is the choice for tables written to all day.
 */
export function byOffset<T>(read: (chunk: { offset: number; limit: number }) => Promise<T[]>): ChunkedRows<T> {
  return {
    heavy: true,
    [CHUNKS]: (runner) =>
      paced(
        runner,
        (offset: number | undefined, limit) => read({ offset: offset ?? 0, limit }),
        (rows, offset) => (offset ?? 0) + rows.length,
      ),
  };
}

/** Rows already in hand (a template's example, a year's twelve months): no database read, no place. */
export function fixedRows<T>(rows: readonly T[]): ChunkedRows<T> {
  return {
    heavy: false,
    [CHUNKS]: async function* once() {
      if (rows.length > 0) yield [...rows];
    },
  };
}

/** Chunk after chunk until one comes back short; `next` is the key after a chunk (its last row's, or the rows read so far). */
async function* paced<T, K>(
  { pace, run, signal }: ChunkRunner,
  read: (after: K | undefined, limit: number) => Promise<T[]>,
  next: (rows: T[], after: K | undefined) => K,
): AsyncGenerator<T[]> {
  let limit = pace.firstRows;
  let after: K | undefined;
  for (;;) {
    if (signal?.aborted) return;
    const { result: rows, ms } = await run(() => read(after, limit));
    if (rows.length > 0) yield rows;
    if (rows.length < limit) return;
    after = next(rows, after);
    const perRow = ms / rows.length;
    limit = Math.min(pace.maxRows, Math.max(50, Math.floor(pace.chunkMs / Math.max(perRow, 0.001))));
    if (pace.pauseMs > 0) await sleep(pace.pauseMs, undefined, { signal }).catch(() => undefined);
    else await nextTurn();
  }
}

export const exportsBusy = (retryAfterSeconds: number) =>
  new AppError(
    429,
    'exports_busy',
    'Other exports of this organisation are being prepared; try again in a minute',
    undefined,
    retryAfterSeconds,
  );

interface Waiter {
  organisationId: string;
  start: () => void;
}

/** A place taken by a long read; `leave()` gives it back (once, however often called). */
export interface LongReadPlace {
  leave(): void;
}

/** The places of long reads in this process, and the lane their chunks take turns in on PGlite. */
export class LongReads {
  private readonly running = new Map<string, number>();
  private total = 0;
  private readonly waiting: Waiter[] = [];
  private lane: Promise<unknown> = Promise.resolve();
  readonly pace: ReadPace;

  constructor(
    readonly kind: 'pglite' | 'postgres',
    readonly limits: LongReadLimits,
    pace?: ReadPace,
  ) {
    this.pace = pace ?? (kind === 'pglite' ? EMBEDDED_READ_PACE : SERVER_READ_PACE);
  }

  /** Long reads running now, in all and for one organisation. */
  runningNow(organisationId?: string): number {
    return organisationId === undefined ? this.total : (this.running.get(organisationId) ?? 0);
  }

  /** Long reads waiting for a place, in all and for one organisation. */
  waitingNow(organisationId?: string): number {
    return this.waiting.filter((w) => organisationId === undefined || w.organisationId === organisationId).length;
  }

  private fits(organisationId: string): boolean {
    return this.total < this.limits.total && this.runningNow(organisationId) < this.limits.perOrganisation;
  }

  private take(organisationId: string): LongReadPlace {
    this.total += 1;
    this.running.set(organisationId, this.runningNow(organisationId) + 1);
    let left = false;
    return {
      leave: () => {
        if (left) return;
        left = true;
        this.total -= 1;
        const n = this.runningNow(organisationId) - 1;
        if (n > 0) this.running.set(organisationId, n);
        else this.running.delete(organisationId);
        this.dispatch();
      },
    };
  }

  /** Starts the waiting reads that now fit, oldest first. */
  private dispatch(): void {
    for (let i = 0; i < this.waiting.length; ) {
      const w = this.waiting[i]!;
      if (this.fits(w.organisationId)) {
        this.waiting.splice(i, 1);
        w.start();
      } else i += 1;
    }
  }

  /**
   * A place for a long read of `organisationId`: at once when one is free and nobody of the
   * organisation waits before it, else in turn; refused (429 `exports_busy`) when too many of the
   * organisation already wait or the wait passes `maxWaitMs`. `signal` gives up the wait.
   */
  async enter(organisationId: string, signal?: AbortSignal): Promise<LongReadPlace> {
    const queued = this.waitingNow(organisationId);
    if (queued === 0 && this.fits(organisationId)) return this.take(organisationId);
    const retry = Math.max(1, Math.ceil(this.limits.maxWaitMs / 1000));
    if (queued >= this.limits.waitingPerOrganisation) throw exportsBusy(retry);
    return new Promise<LongReadPlace>((resolve, reject) => {
      const give = (err: Error) => {
        const i = this.waiting.indexOf(waiter);
        if (i >= 0) this.waiting.splice(i, 1);
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        reject(err);
      };
      const onAbort = () => give(new Error('the long read was abandoned while it waited'));
      const waiter: Waiter = {
        organisationId,
        start: () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          resolve(this.take(organisationId));
        },
      };
      const timer = setTimeout(() => give(exportsBusy(retry)), this.limits.maxWaitMs);
      timer.unref?.();
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }

  /** Runs a chunk's statement; on PGlite after the chunks of other long reads before it (one at a time). */
  private readonly runChunk = <R>(read: () => Promise<R>): Promise<{ result: R; ms: number }> => {
    const timed = async () => {
      const t0 = performance.now();
      const result = await read();
      return { result, ms: performance.now() - t0 };
    };
    if (this.kind !== 'pglite') return timed();
    const turn = this.lane.then(timed, timed);
    this.lane = turn.catch(() => undefined);
    return turn;
  };

  /**
   * The chunks of a read, at this process's pace (the caller holds a place for a heavy read); once
   * `signal` is aborted no further chunk is read.
   */
  chunks<T>(rows: ChunkedRows<T>, signal?: AbortSignal): AsyncIterable<T[]> {
    return rows[CHUNKS]({ pace: this.pace, run: this.runChunk, signal });
  }

  /**
   * A long read that is not a file (a report): `use` gets the chunks once a place is taken, and the
   * place is given back when it returns or throws.
   */
  async read<T, R>(organisationId: string, rows: ChunkedRows<T>, use: (chunks: AsyncIterable<T[]>) => Promise<R>) {
    const place = rows.heavy ? await this.enter(organisationId) : null;
    try {
      return await use(this.chunks(rows));
    } finally {
      place?.leave();
    }
  }
}
