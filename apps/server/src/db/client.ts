import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

/**
 * Without drizzle's relational query API (`db.query.x.findMany`): given the schema, drizzle built a
 * query object for each of its tables at every transaction it opened (2 % of the API's CPU at 100
 * door taps a second). The code writes SQL-like selects.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = PgTransaction<
  PgQueryResultHKT,
  Record<string, never>,
  ExtractTablesWithRelations<Record<string, never>>
>;
/** Either the database or an open transaction: use cases accept both. */
export type DbOrTx = Db | Tx;

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * LISTEN on a channel (NOTIFY is sent inside a transaction and delivered on commit). `onState`
   * says when the listener is up (true) and when it was lost (false): notifications sent meanwhile
   * are gone, so a listener that keeps state must drop it. Answers a function that stops listening.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onState: (up: boolean) => void,
  ): Promise<() => Promise<void>>;
}

/** A dedicated connection for LISTEN on PostgreSQL (pooled connections are shared): reconnects after a second when lost. */
async function listenPg(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onState: (up: boolean) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const open = async (initial: boolean): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (current === client) current = null;
      client.end().catch(() => {});
      onState(false);
      if (!stopped) retry = setTimeout(() => void open(false).catch(() => {}), 1000);
    };
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (msg) => {
      if (msg.channel === channel) onMessage(msg.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
    } catch (err) {
      // At start the server must not run without its listener; later, keep trying.
      if (initial) stopped = true;
      onLost();
      if (initial) throw err;
      return;
    }
    if (stopped) {
      await client.end();
      return;
    }
    current = client;
    onState(true);
  };
  await open(true);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    await client?.end().catch(() => {});
  };
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolMax?: number }
  | {
      kind: 'pglite';
      dataDir?: string;
      loadDataDir?: Blob;
      /** PostgreSQL's `shared_buffers` (default 128MB): the tests' small databases open faster with less. */
      sharedBuffers?: string;
    };

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

/** Sends this connection's named queries under `statementName`. */
function nameStatementsByText(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (config: unknown, ...rest: unknown[]) => {
    const named = config as { name?: unknown; text?: unknown; submit?: unknown } | null;
    if (named && typeof named === 'object' && typeof named.submit !== 'function') {
      if (typeof named.name === 'string' && typeof named.text === 'string')
        return query({ ...named, name: statementName(named.name, named.text) }, ...rest);
    }
    return query(config, ...rest);
  };
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolMax ?? 10 });
    pool.on('connect', nameStatementsByText);
    pool.on('error', () => {
      /* an idle client died: the pool replaces it; queries report their own errors */
    });
    const db = drizzlePg(pool) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_DIR }),
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
      listen: (channel, onMessage, onState) => listenPg(opts.url, channel, onMessage, onState),
    };
  }
  if (opts.dataDir) mkdirSync(dirname(opts.dataDir), { recursive: true });
  // pg_trgm backs member search (a trigram index on members.search_text).
  const extensions = { pg_trgm };
  // PGlite zeroes the whole buffer pool when it starts: a third of opening a small database.
  const startParams = opts.sharedBuffers
    ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${opts.sharedBuffers}`] }
    : {};
  const client = await PGlite.create(opts.dataDir, {
    extensions,
    ...startParams,
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
    listen: async (channel, onMessage, onState) => {
      // In-process: the listener cannot be lost.
      const stop = await client.listen(channel, onMessage);
      onState(true);
      return async () => {
        if (!client.closed) await stop();
      };
    },
  };
}

/**
 * Runs independent reads and answers their results in order: side by side on the pool (each on its
 * own connection), one after the other in a transaction. A transaction is one connection, which
 * runs one statement at a time: `Promise.all` over its queries only made node-postgres queue them
 * (deprecated; refused from pg 9).
 */
export async function readAll<T extends readonly (() => unknown)[]>(
  db: DbOrTx,
  ...queries: T
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  type Results = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
  if (!(db instanceof PgTransaction)) return (await Promise.all(queries.map((query) => query()))) as Results;
  const results: unknown[] = [];
  for (const query of queries) results.push(await query());
  return results as Results;
}
