/**
 * Fewer round trips per transaction on PostgreSQL. The pool's connections run in node-postgres's
 * pipeline mode (`pipeline: true`): a statement is written at once, without waiting for the answer
 * to the one before, and the answers come back in order, each to its own statement. So statements
 * issued together (`Promise.all`, or a command's events and then its commit) take one round trip.
 * On top of that, each pooled connection here:
 *
 * - does not wait for a transaction's plain `begin`: it is written, answered as done, and the first
 *   statement follows it in the same round trip. A plain `begin` fails only with its connection
 *   (which fails every statement behind it too); should one fail otherwise, every statement issued
 *   once that is known is refused. A `begin` with options is waited for, as usual;
 * - turns a `commit` that PostgreSQL answered `ROLLBACK` (a statement before it failed, in the same
 *   round trip) into an error, so the transaction is never taken for committed: the error of the
 *   transaction's first failed statement (a statement sent and not waited for, `sendBeforeCommit`,
 *   fails the commit with its own error, a unique violation as such). A statement that PostgreSQL
 *   refused only because an earlier one had failed (`25P02`) is answered that earlier error too;
 * - sends named statements under `statementName` (one name per text);
 * - writes the statements issued together in ONE write to the socket (`batchWrites`): node-postgres
 *   writes each statement on its own, and each write is a system call that also wakes the server.
 */
import { createHash } from 'node:crypto';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import pg from 'pg';

/** Statement names by text (a few hundred at most: only hot statements of fixed shapes are named). */
const statementNames = new Map<string, string>();

/**
 * The name a prepared statement is sent under: the name its code gives (`.prepare('door_member')`)
 * and a hash of its text. PostgreSQL keeps one statement per name and connection, so a named query
 * whose text depends on its input (an optional join, a caller's list of centres) gets one name per
 * text instead of an error for a name already used by another text.
 */
export function statementName(base: string, text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `${base.slice(0, 40)}_${createHash('sha1').update(text).digest('base64url').slice(0, 12)}`;
    if (statementNames.size < 1000) statementNames.set(text, name);
  }
  return name;
}

export interface QueryConfig {
  text: string;
  name?: string;
  values?: unknown[];
  rowMode?: 'array';
  types?: unknown;
}

/** What a pooled connection knows of its open transaction. */
interface Transaction {
  open: boolean;
  /** The `begin` written but not waited for: its failure, once known. */
  beginFailed: Error | null;
  /** The first statement of the open transaction that failed: what its commit (and the statements PostgreSQL refused after it) answer. */
  failed: Error | null;
}

/** PostgreSQL's "current transaction is aborted, commands ignored until end of transaction block". */
const IN_FAILED_TRANSACTION = '25P02';

const transactionOf = new WeakMap<object, Transaction>();

type Send = (config: unknown, values?: unknown, callback?: unknown) => unknown;

const BEGIN = /^\s*begin\s*$/i;
const COMMIT = /^\s*commit\s*$/i;
const ROLLBACK = /^\s*rollback\s*$/i;

interface Corkable {
  cork(): void;
  uncork(): void;
  destroyed?: boolean;
}

/**
 * `send`, with the statements issued in one run of the event loop's job (its synchronous code and
 * the promise steps that follow it, until it waits for something) written to the socket together:
 * the first one corks the socket, which is uncorked once that job is done. A transaction's `begin`
 * and the statements after it, or a command's last writes and its commit, are then one write (and
 * one wake-up of the server) instead of one each. The uncork is a tick queued from a microtask:
 * ticks queued while the microtasks run are run once they are all done.
 */
export function batchWrites(send: Send, stream: Corkable | undefined): Send {
  if (!stream || typeof stream.cork !== 'function' || typeof stream.uncork !== 'function') return send;
  let corked = false;
  const uncork = () => {
    corked = false;
    stream.uncork();
  };
  const afterMicrotasks = () => process.nextTick(uncork);
  return (config, values, callback) => {
    if (!corked && !stream.destroyed) {
      corked = true;
      stream.cork();
      queueMicrotask(afterMicrotasks);
    }
    return send(config, values, callback);
  };
}

/** Installs the above on one pooled connection (`pool.on('connect')`). */
export function pipelineConnection(client: pg.PoolClient): void {
  const stream = (client as unknown as { connection?: { stream?: Corkable } }).connection?.stream;
  const send = batchWrites(client.query.bind(client) as Send, stream);
  const tx: Transaction = { open: false, beginFailed: null, failed: null };
  transactionOf.set(client, tx);
  /** The answer of a statement of the open transaction; its failure is remembered (the first one). */
  const tracked = (answer: unknown) => {
    if (!(answer instanceof Promise)) return answer;
    return answer.catch((err: Error & { code?: string }) => {
      if (err?.code === IN_FAILED_TRANSACTION && tx.failed) throw tx.failed;
      tx.failed ??= err;
      throw err;
    });
  };

  (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
    if (typeof config === 'string') config = { text: config };
    if (!config || typeof config !== 'object' || typeof (config as { submit?: unknown }).submit === 'function')
      return send(config, values, callback);
    const named = config as QueryConfig;
    const own: QueryConfig =
      typeof named.name === 'string' && typeof named.text === 'string'
        ? Object.assign({}, named, { name: statementName(named.name, named.text) })
        : named;
    const plain =
      !own.name && typeof callback !== 'function' && typeof values !== 'function' && !(values as unknown[])?.length;
    if (plain && !tx.open && BEGIN.test(own.text)) {
      tx.open = true;
      tx.beginFailed = null;
      tx.failed = null;
      (send(own, values) as Promise<unknown>).catch((err: Error) => {
        tx.beginFailed = err;
      });
      return Promise.resolve({ command: 'BEGIN', rowCount: null, oid: 0, rows: [], fields: [] });
    }
    if (plain && tx.open && ROLLBACK.test(own.text)) {
      tx.open = false;
      return send(own, values);
    }
    if (tx.open && tx.beginFailed) {
      const err = new Error(`The transaction did not begin: ${tx.beginFailed.message}`);
      if (plain && COMMIT.test(own.text)) tx.open = false;
      return Promise.reject(err);
    }
    if (plain && tx.open && COMMIT.test(own.text)) {
      tx.open = false;
      return (send(own, values) as Promise<pg.QueryResult>).then((result) => {
        if (result.command === 'ROLLBACK') {
          if (tx.failed) throw tx.failed;
          throw new Error('The transaction was rolled back: a statement sent with its commit failed');
        }
        return result;
      });
    }
    return tx.open ? tracked(send(own, values, callback)) : send(own, values, callback);
  };
}

/** Forgets a connection's transaction when the pool takes it back (it always ended before). */
export function releaseConnection(client: pg.PoolClient): void {
  const tx = transactionOf.get(client);
  if (tx) tx.open = false;
}

interface SessionOf {
  session?: { client?: unknown };
}

const clientOf = (tx: unknown) => (tx as SessionOf).session?.client as object | undefined;

/** Whether `tx` is an open transaction on a connection that pipelines its statements. */
export function pipelines(tx: unknown): boolean {
  const client = clientOf(tx);
  return client !== undefined && client !== null && transactionOf.get(client)?.open === true;
}

/**
 * Writes `query` on the transaction `tx` now, without waiting for it: issued last in a command,
 * its answer comes with the commit's, in one round trip. It is written when called (not a few
 * promise steps later, as a query built by drizzle is), so it always goes before the commit that
 * follows. Answers its result, or null when `tx` does not pipeline (PGlite, or the pool: run it
 * the usual way).
 */
export function withCommit(tx: unknown, query: QueryConfig): Promise<pg.QueryResult> | null {
  if (!pipelines(tx)) return null;
  const client = clientOf(tx) as { query: (config: QueryConfig) => Promise<pg.QueryResult> };
  return client.query(query);
}

/**
 * Sends a statement of the transaction `tx` whose answer the command does not need (a row it
 * writes, whose values it already holds): on a connection that pipelines, `query` is written now and
 * not waited for, and its answer comes with the commit's, in the same round trip. Its failure fails
 * the commit with its own error (and any statement waited for after it). Answers false when `tx`
 * does not pipeline: the caller runs the statement the usual way.
 */
export function sendBeforeCommit(tx: unknown, query: QueryConfig): boolean {
  const sent = withCommit(tx, query);
  if (!sent) return false;
  sent.catch(() => {}); // its error is the commit's
  return true;
}

interface Pooled {
  connect(): Promise<pg.PoolClient>;
}

interface Dialected {
  dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } };
}

/** The text of statements built once with placeholders (`runAnnouncingBeforeCommit` given values). */
const builtTexts = new WeakMap<SQL, { sql: string; params: unknown[] }>();

function builtText(db: unknown, query: SQL): { sql: string; params: unknown[] } {
  let built = builtTexts.get(query);
  if (!built) {
    built = (db as Dialected).dialect.sqlToQuery(query);
    builtTexts.set(query, built);
  }
  return built;
}

/**
 * Runs `query` in a transaction of its own and hands its rows to `early` as soon as PostgreSQL has
 * answered it, before the commit is known to be on disk: the commit is sent in the same round trip
 * and its flush is off the caller's way. Answers the rows once the commit is acknowledged (an error
 * if it was not: `early` must then be harmless, as a realtime hint that its sender will send again).
 * Elsewhere (PGlite, which has no such wait) it runs the query, then `early`. With `name`, the
 * statement is prepared once per connection and text (`statementName`): a hot statement of a few
 * fixed shapes is then not planned at every run. With `values`, `query` is a statement built once
 * with every value a `sql.placeholder`, filled with them: its text is built at its first run only.
 */
export async function runAnnouncingBeforeCommit<R>(
  db: unknown,
  query: SQL,
  early: (rows: R[], committed: Promise<unknown>) => void,
  name?: string,
  values?: Record<string, unknown>,
): Promise<R[]> {
  const pool = clientOf(db) as Partial<Pooled> | undefined;
  const built = values ? builtText(db, query) : null;
  if (!pool || typeof pool.connect !== 'function' || !(pool instanceof pg.Pool)) {
    const rows = built
      ? (
          await (pool as { query(text: string, params: unknown[]): Promise<{ rows: R[] }> }).query(
            built.sql,
            fillPlaceholders(built.params, values!),
          )
        ).rows
      : ((await (db as { execute(q: SQL): Promise<unknown> }).execute(query)) as unknown as { rows: R[] }).rows;
    early(rows, Promise.resolve());
    return rows;
  }
  const { sql: text, params } = built
    ? { sql: built.sql, params: fillPlaceholders(built.params, values!) }
    : (db as Dialected).dialect.sqlToQuery(query);
  const client = await pool.connect();
  // A connection lost while checked out (the database restarted) fails its queries, and its client
  // also emits 'error', which the pool listens to only while the client is idle: unheard, it stopped
  // the whole server. Heard here; the client is thrown away on release.
  let lost: Error | undefined;
  const onLost = (err: Error) => {
    lost = err;
  };
  client.on('error', onLost);
  try {
    void client.query('begin');
    const ran = client.query(name ? { name, text, values: params } : { text, values: params });
    const committed = client.query('commit');
    ran.then((result) => early(result.rows as R[], committed)).catch(() => {});
    const [rows, commit] = await Promise.allSettled([ran, committed]);
    if (rows.status === 'rejected') throw rows.reason;
    if (commit.status === 'rejected') throw commit.reason;
    return rows.value.rows as R[];
  } finally {
    client.off('error', onLost);
    client.release(lost);
  }
}
