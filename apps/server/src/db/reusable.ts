/**
 * Statements built once per process and run many times, for the hottest paths (a door's taps).
 *
 * drizzle builds a query's SQL text from its builder on every call, a prepared one included; at 100
 * taps a second that building (and the garbage it leaves) was about a quarter of the API server's
 * CPU. A reusable statement is built on its first run, with every value a `sql.placeholder`, and
 * later runs only fill the placeholders and send it on the connection or transaction the caller
 * holds. Its text never depends on a caller: the organisation is a placeholder filled from the
 * caller's at each run, and a value built into the text (anything not a placeholder) is refused
 * when the statement is first built, so one organisation's id can never travel in another's query.
 */
import { fillPlaceholders, getTableColumns, is, Param, Placeholder, sql, type Table } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { sendBeforeCommit } from './pipeline.ts';

/** The scope a reusable statement is built with: the organisation as a placeholder, every centre. */
export interface StatementScope {
  organisationId: string;
  centerIds: null;
}

const STATEMENT_SCOPE: StatementScope = {
  // The scope helpers take the organisation as a value; a placeholder in its place is filled per run.
  organisationId: sql.placeholder('organisationId') as unknown as string,
  centerIds: null,
};

/** A placeholder of each name, keyed by it: the values of a statement built once. */
export function placeholders<K extends string>(...names: readonly K[]): Record<K, Placeholder<K>> {
  return Object.fromEntries(names.map((n) => [n, sql.placeholder(n)])) as Record<K, Placeholder<K>>;
}

/** The part of a drizzle prepared query this module uses (both drivers' have it). */
interface PreparedQuery<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

interface Session {
  client: unknown;
}

const sessionOf = (db: DbOrTx) => (db as unknown as { session: Session }).session;

/** The values of a built statement that are not placeholders (an insert's are wrapped in a `Param`). */
function builtInValues(params: readonly unknown[]): unknown[] {
  return params
    .filter((p) => !(is(p, Placeholder) || (is(p, Param) && is(p.value, Placeholder))))
    .map((p) => (is(p, Param) ? p.value : p));
}

/**
 * A statement named `name`, built by `build` on first use: `build` must take every value as
 * `sql.placeholder(...)` and scope by the `scope` it is given (its organisation is the placeholder
 * `organisationId`). Answers a function that runs it on `db` (a transaction or the pool) for the
 * caller's organisation with the placeholders' values.
 */
export function reusableStatement<R, V extends Record<string, unknown>>(
  name: string,
  build: (db: DbOrTx, scope: StatementScope) => { prepare(name: string): PreparedQuery<R> },
): (db: DbOrTx, organisationId: string, values: V) => Promise<R> {
  const run = builtOnce<R>(name, (db) => build(db, STATEMENT_SCOPE));
  return (db, organisationId, values) => run(db, { ...values, organisationId });
}

/**
 * A reusable statement that no organisation scopes: only for what comes before one is known (a
 * physical reader authenticated by its serial number and secret). Its values are placeholders too.
 */
export function reusableUnscopedStatement<R, V extends Record<string, unknown>>(
  name: string,
  build: (db: DbOrTx) => { prepare(name: string): PreparedQuery<R> },
): (db: DbOrTx, values: V) => Promise<R> {
  return builtOnce<R>(name, build);
}

/**
 * A reusable statement (as `reusableStatement`) that writes and answers nothing the command needs
 * (an insert whose values it holds): in a transaction on PostgreSQL, it is written at once and not
 * waited for, and its answer comes with the commit's (`sendBeforeCommit`): its failure fails the
 * commit with its own error. Elsewhere (PGlite) it is run and waited for.
 */
export function reusableWrite<V extends Record<string, unknown>>(
  name: string,
  build: (db: DbOrTx, scope: StatementScope) => { prepare(name: string): PreparedQuery<unknown> },
): (tx: DbOrTx, organisationId: string, values: V) => Promise<void> {
  const statement = builtOnce<unknown>(name, (db) => build(db, STATEMENT_SCOPE));
  return async (tx, organisationId, values) => {
    const all = { ...values, organisationId };
    const prepared = statement.prepared(tx) as unknown as Partial<Prepared>;
    const text = prepared.rawQueryConfig?.text;
    if (typeof text === 'string' && prepared.params) {
      const sent = sendBeforeCommit(tx, { name, text, values: fillPlaceholders(prepared.params, all) });
      if (sent) return;
    }
    await statement(tx, all);
  };
}

/** What a node-postgres prepared statement of drizzle holds (its text, and its values as built). */
interface Prepared {
  rawQueryConfig: { text: string };
  params: unknown[];
}

type BuiltOnce<R> = ((db: DbOrTx, values: Record<string, unknown>) => Promise<R>) & {
  /** The statement as built for `db`'s driver (built now if it was not). */
  prepared(db: DbOrTx): PreparedQuery<R>;
};

function builtOnce<R>(name: string, build: (db: DbOrTx) => { prepare(name: string): PreparedQuery<R> }): BuiltOnce<R> {
  // One per driver's session class: a process has one database, but a test process may open both.
  const built = new Map<unknown, PreparedQuery<R> & { client: unknown }>();
  const preparedFor = (db: DbOrTx) => {
    const session = sessionOf(db);
    let prepared = built.get(session.constructor);
    if (!prepared) {
      prepared = build(db).prepare(name) as PreparedQuery<R> & { client: unknown; params: unknown[] };
      const values = builtInValues((prepared as unknown as { params: unknown[] }).params);
      if (values.length > 0)
        throw new Error(
          `The reusable statement ${name} has values built into it (${JSON.stringify(values)}): take them as sql.placeholder`,
        );
      built.set(session.constructor, prepared);
    }
    return prepared;
  };
  const run = async (db: DbOrTx, values: Record<string, unknown>) => {
    // The built statement, sent on this caller's connection (or transaction).
    const own = Object.create(preparedFor(db)) as PreparedQuery<R> & { client: unknown };
    own.client = sessionOf(db).client;
    return own.execute(values);
  };
  return Object.assign(run, { prepared: preparedFor });
}

/**
 * A table's columns as a subquery or `with` query that selects the whole row names them: to select
 * them from it, as an object keyed like the table's (each column keeps its decoding).
 */
export function columnsOf<T extends Table>(table: T, from: object): T['_']['columns'] {
  return Object.fromEntries(
    Object.keys(getTableColumns(table)).map((k) => [k, (from as Record<string, unknown>)[k]]),
  ) as T['_']['columns'];
}
