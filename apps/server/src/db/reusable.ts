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
import {
  Column,
  DrizzleQueryError,
  fillPlaceholders,
  getTableColumns,
  getTableName,
  is,
  Param,
  Placeholder,
  SQL,
  Subquery,
  sql,
  type Table,
} from 'drizzle-orm';
import { NoopCache } from 'drizzle-orm/cache/core';
import { NodePgPreparedQuery } from 'drizzle-orm/node-postgres';
import type { DbOrTx } from './client.ts';
import { sendBeforeCommit } from './pipeline.ts';

/**
 * A run's values and its organisation (which wins over a value of that name). Not `{...values,
 * organisationId}`: on Node 20 a spread followed by a property costs about a microsecond per
 * property, on the door's every statement.
 */
function withOrganisation(values: Record<string, unknown>, organisationId: string): Record<string, unknown> {
  const all = Object.assign({}, values);
  all.organisationId = organisationId;
  return all;
}

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
  return (db, organisationId, values) => run(db, withOrganisation(values, organisationId));
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
    const all = withOrganisation(values, organisationId);
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
  const lean = new WeakMap<object, LeanRun | null>();
  const run = async (db: DbOrTx, values: Record<string, unknown>) => {
    const prepared = preparedFor(db);
    const client = sessionOf(db).client;
    let fast = lean.get(prepared);
    if (fast === undefined) {
      fast = leanRun(prepared);
      lean.set(prepared, fast);
    }
    if (fast) return fast(client as PgClient, values) as Promise<R>;
    // The built statement, sent on this caller's connection (or transaction).
    const own = Object.create(prepared) as PreparedQuery<R> & { client: unknown };
    own.client = client;
    return own.execute(values);
  };
  return Object.assign(run, { prepared: preparedFor });
}

interface PgClient {
  query(config: object, values: unknown[]): Promise<{ rows: unknown[][] }>;
}

type LeanRun = (client: PgClient, values: Record<string, unknown>) => Promise<unknown>;

/** What this module reads of drizzle's node-postgres prepared query (all set by its constructor or its builder). */
interface NodePgPrepared {
  params: unknown[];
  rawQueryConfig: { text: string };
  queryConfig: { text: string };
  fields?: { path: string[]; field: unknown }[];
  customResultMapper?: (rows: unknown[][]) => unknown;
  joinsNotNullableMap?: Record<string, boolean>;
  logger: { logQuery(text: string, params: unknown[]): void };
  cache?: unknown;
  queryMetadata?: unknown;
}

/**
 * How a node-postgres statement built once is run: as drizzle's `execute` does, but with each
 * column's decoder and place in the answer found once, not on every row. drizzle's row mapping
 * asks each field of each row what it is (a column, an expression, a subquery), walking its class
 * chain: on a door's facts and checks that was about a tenth of the API server's CPU at 100 taps a
 * second. Null for a statement this does not cover (another driver, or a query cache), which
 * drizzle runs itself.
 */
function leanRun(built: object): LeanRun | null {
  if (!is(built, NodePgPreparedQuery)) return null;
  const prepared = built as unknown as NodePgPrepared;
  if (prepared.cache !== undefined && !is(prepared.cache, NoopCache) && prepared.queryMetadata !== undefined)
    return null;
  const { params, rawQueryConfig, queryConfig, fields, customResultMapper, joinsNotNullableMap, logger } = prepared;
  const send = async (client: PgClient, config: { text: string }, values: unknown[]) => {
    try {
      return await client.query(config, values);
    } catch (err) {
      throw new DrizzleQueryError(config.text, values, err as Error);
    }
  };
  if (!fields && !customResultMapper) {
    return (client, values) => {
      const filled = fillPlaceholders(params, values);
      logger.logQuery(rawQueryConfig.text, filled);
      return send(client, rawQueryConfig, filled);
    };
  }
  const mapRow = fields ? rowMapper(fields, joinsNotNullableMap) : null;
  return async (client, values) => {
    const filled = fillPlaceholders(params, values);
    logger.logQuery(rawQueryConfig.text, filled);
    const { rows } = await send(client, queryConfig, filled);
    return customResultMapper ? customResultMapper(rows) : rows.map(mapRow!);
  };
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/**
 * drizzle's `mapResultRow` for one list of selected fields, with what it finds per field found
 * once: each field's decoder, its path in the answer, and (for a joined table's column) the table
 * that answers null when every one of its columns is null (a left join that found no row).
 */
function rowMapper(
  fields: readonly { path: string[]; field: unknown }[],
  joinsNotNullableMap?: Record<string, boolean>,
): (row: unknown[]) => Record<string, unknown> {
  const columns = fields.map(({ path, field }) => {
    // An expression's decoder is not in drizzle's types (it is what `.mapWith` sets).
    type Decoded = { decoder: Decoder };
    const decoder: Decoder = is(field, Column)
      ? field
      : is(field, SQL)
        ? (field as unknown as Decoded).decoder
        : is(field, Subquery)
          ? (field as unknown as { _: { sql: Decoded } })._.sql.decoder
          : (field as { sql: Decoded }).sql.decoder;
    const joined = joinsNotNullableMap && is(field, Column) && path.length === 2;
    return {
      decoder,
      parents: path.slice(0, -1),
      key: path[path.length - 1]!,
      joinedTable: joined ? getTableName((field as Column).table) : null,
    };
  });
  return (row) => {
    const result: Record<string, unknown> = {};
    const nullify: Record<string, string | false> = {};
    let nullifying = false;
    for (let i = 0; i < columns.length; i++) {
      const c = columns[i]!;
      let node = result;
      for (const p of c.parents) {
        if (!(p in node)) node[p] = {};
        node = node[p] as Record<string, unknown>;
      }
      const raw = row[i];
      const value = raw === null ? null : c.decoder.mapFromDriverValue(raw);
      node[c.key] = value;
      if (c.joinedTable !== null) {
        const objectName = c.parents[0]!;
        nullifying = true;
        if (!(objectName in nullify)) nullify[objectName] = value === null ? c.joinedTable : false;
        else if (typeof nullify[objectName] === 'string' && nullify[objectName] !== c.joinedTable)
          nullify[objectName] = false;
      }
    }
    if (nullifying) {
      for (const objectName in nullify) {
        const tableName = nullify[objectName];
        if (typeof tableName === 'string' && !joinsNotNullableMap![tableName]) result[objectName] = null;
      }
    }
    return result;
  };
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
