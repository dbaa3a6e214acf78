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
import { holdDataDir } from './data-dir-lock.ts';
import { pipelineConnection, pipelines, releaseConnection } from './pipeline.ts';

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
  | {
      kind: 'postgres';
      url: string;
      poolMax?: number;
      /** How long a connection beyond the kept ones may stay idle before it is closed (10 s; tests shorten it). */
      idleMs?: number;
    }
  | {
      kind: 'pglite';
      dataDir?: string;
      loadDataDir?: Blob;
      /** PostgreSQL's `shared_buffers` (default 128MB): the tests' small databases open faster with less. */
      sharedBuffers?: string;
    };

/**
 * Connections the pool keeps open however quiet the server is (the ones beyond are closed after
 * 10 s idle). A gym's door is quiet most of the day: each tap came more than 10 s after the one
 * before and found no connection, so it waited for one to be opened (about 4 ms here) and for its
 * first statements to be planned again on a fresh backend (about 3 ms more).
 */
export const POOL_KEPT_CONNECTIONS = 2;

/** How long a request waits for a connection to PostgreSQL before it is answered 503. */
export const CONNECT_TIMEOUT_MS = 5_000;

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.kind === 'postgres') {
    const max = opts.poolMax ?? 10;
    const pool = new pg.Pool({
      connectionString: opts.url,
      max,
      min: Math.min(POOL_KEPT_CONNECTIONS, max),
      idleTimeoutMillis: opts.idleMs ?? 10_000,
      // A database that does not answer (restarting, a network gone): the request is answered 503
      // after this, never left waiting.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // A connection kept through a quiet night: a peer that vanished (a NAT's timeout) is found out.
      keepAlive: true,
      pipeline: true,
    });
    pool.on('connect', pipelineConnection);
    // A connection lost while a request holds its client (the database restarted) fails that
    // request's queries, and the client also emits 'error', which the pool hears only while the client
    // is idle: unheard, it stopped the whole server. Every client hears it; the request answers 503.
    pool.on('connect', (client: pg.PoolClient) =>
      client.on('error', () => {
        /* reported by the client's queries */
      }),
    );
    pool.on('release', (_err: Error | undefined, client: pg.PoolClient) => releaseConnection(client));
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
  const release = opts.dataDir ? holdDataDir(opts.dataDir) : () => {};
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
  }).catch((err: unknown) => {
    release();
    throw err;
  });
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
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
 * own connection); in a transaction, in one round trip on PostgreSQL (its connection pipelines:
 * they are written in this order, run one after the other, and answered together), one after the
 * other on PGlite (one connection, which runs one statement at a time).
 */
export async function readAll<T extends readonly (() => unknown)[]>(
  db: DbOrTx,
  ...queries: T
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  type Results = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
  if (!(db instanceof PgTransaction) || pipelines(db))
    return (await Promise.all(queries.map((query) => query()))) as Results;
  const results: unknown[] = [];
  for (const query of queries) results.push(await query());
  return results as Results;
}
