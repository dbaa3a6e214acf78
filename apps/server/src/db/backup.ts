/**
 * Backup and restore of the whole database, the same on the embedded database and on PostgreSQL.
 *
 * A backup is a gzip file of JSON lines: a header (the format, the schema it was taken at: how
 * many of the app's migrations and the last one's name), then each table's rows in PostgreSQL's
 * own text form of a row (exact for every type, read back by a cast to the table's row type), each
 * table closed by its row count and a SHA-256 of its rows, the sequences, and a last line that says
 * the file is whole. It is read in one snapshot (REPEATABLE READ, read only) through a cursor, so
 * a server may go on writing on PostgreSQL while it is taken; it is written to a temporary file and
 * renamed at the end, so a backup that stopped half way never looks like one.
 *
 * A restore refuses a backup of a newer schema than this version of the app knows, and a database
 * that holds data unless it is forced. In one transaction it empties the database, applies the
 * app's migrations up to the backup's schema, loads every table (foreign keys are dropped while
 * loading and added back after, which checks them all), checks each table's count and checksum, and
 * sets the sequences; any failure (a truncated or altered file) undoes all of it. The migrations the
 * backup did not have are applied after, as at a server's start.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { finished } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Database, DbOrTx } from './client.ts';
import { MIGRATIONS_DIR } from './client.ts';

export const BACKUP_FORMAT = 'gym-backup';
export const BACKUP_VERSION = 1;
/** Rows fetched from a table's cursor, and inserted, at a time. */
const CHUNK_ROWS = 1_000;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  engine: Database['kind'];
  schema: { migrations: number; last: string | null };
}

export interface BackupSummary {
  schema: BackupHeader['schema'];
  tables: number;
  rows: number;
  bytes?: number;
}

/** A backup or restore refused for a reason the person running it can act on. */
export class BackupRefused extends Error {
  constructor(
    readonly code: 'newer_schema' | 'not_empty' | 'not_a_backup' | 'damaged' | 'other_schema',
    message: string,
  ) {
    super(message);
  }
}

interface JournalEntry {
  tag: string;
  when: number;
}

/** The app's migrations, in order. */
export function appMigrations(): JournalEntry[] {
  return JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')).entries;
}

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;
const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function publicTables(db: DbOrTx): Promise<string[]> {
  const res = await db.execute(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  return rowsOf<{ name: string }>(res).map((r) => r.name);
}

/** The schema a database is at: how many of the app's migrations it has, and the last one's name. */
async function schemaOf(db: DbOrTx): Promise<BackupHeader['schema']> {
  const exists = rowsOf<{ t: string | null }>(
    await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations')::text as t`),
  )[0]?.t;
  if (!exists) return { migrations: 0, last: null };
  const [row] = rowsOf<{ n: number; last: string | null }>(
    await db.execute(sql`select count(*)::int as n, max(created_at)::text as last from drizzle.__drizzle_migrations`),
  );
  const entry = appMigrations().find((m) => String(m.when) === row?.last);
  return { migrations: row?.n ?? 0, last: entry?.tag ?? null };
}

/** Writes a backup of `database` to `file`. */
export async function backupDatabase(database: Database, file: string, now = new Date()): Promise<BackupSummary> {
  const partial = `${file}.partial`;
  const gzip = createGzip();
  const out = createWriteStream(partial);
  gzip.pipe(out);
  const write = async (value: unknown) => {
    if (!gzip.write(`${JSON.stringify(value)}\n`)) await new Promise((resolve) => gzip.once('drain', resolve));
  };
  try {
    const summary = await database.db.transaction(
      async (tx) => {
        const schema = await schemaOf(tx);
        const header: BackupHeader = {
          format: BACKUP_FORMAT,
          version: BACKUP_VERSION,
          createdAt: now.toISOString(),
          engine: database.kind,
          schema,
        };
        await write(header);
        const tables = await publicTables(tx);
        let total = 0;
        for (const table of tables) {
          await write({ table });
          const hash = createHash('sha256');
          let rows = 0;
          await tx.execute(
            sql.raw(`declare backup_rows no scroll cursor for select t::text as r from ${ident(table)} t`),
          );
          for (;;) {
            const chunk = rowsOf<{ r: string }>(
              await tx.execute(sql.raw(`fetch forward ${CHUNK_ROWS} from backup_rows`)),
            );
            for (const { r } of chunk) {
              hash.update(r).update('\n');
              await write(r);
            }
            rows += chunk.length;
            if (chunk.length < CHUNK_ROWS) break;
          }
          await tx.execute(sql.raw('close backup_rows'));
          await write({ end: table, rows, sha256: hash.digest('hex') });
          total += rows;
        }
        const sequences = rowsOf<{ name: string; value: string | null }>(
          await tx.execute(
            sql`select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public' order by 1`,
          ),
        );
        await write({ sequences });
        await write({ done: true, tables: tables.length, rows: total });
        return { schema, tables: tables.length, rows: total };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    gzip.end();
    await finished(out);
    renameSync(partial, file);
    return { ...summary, bytes: out.bytesWritten };
  } catch (err) {
    gzip.destroy();
    out.destroy();
    rmSync(partial, { force: true });
    throw err;
  }
}

/** The lines of a backup file, one JSON value each. */
async function* backupLines(file: string): AsyncGenerator<unknown> {
  const input = createReadStream(file).pipe(createGunzip());
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  try {
    for await (const line of lines) {
      if (line === '') continue;
      try {
        yield JSON.parse(line);
      } catch {
        throw new BackupRefused('damaged', 'The backup file is damaged (a line is not what a backup writes).');
      }
    }
  } catch (err) {
    if (err instanceof BackupRefused) throw err;
    throw new BackupRefused('damaged', `The backup file is damaged or cut short (${(err as Error).message}).`);
  }
}

async function rowsIn(db: DbOrTx): Promise<number> {
  let n = 0;
  for (const table of await publicTables(db)) {
    const [row] = rowsOf<{ n: number }>(await db.execute(sql.raw(`select count(*)::int as n from ${ident(table)}`)));
    n += row?.n ?? 0;
  }
  return n;
}

/**
 * Restores `file` into `database`, replacing all it holds. Refuses a database with rows in it
 * unless `force`, and a backup of a newer schema than this app's.
 */
export async function restoreDatabase(
  database: Database,
  file: string,
  opts: { force?: boolean } = {},
): Promise<BackupSummary> {
  const lines = backupLines(file);
  try {
    return await restoreFrom(database, file, lines, opts);
  } finally {
    await lines.return(undefined);
  }
}

async function restoreFrom(
  database: Database,
  file: string,
  lines: AsyncGenerator<unknown>,
  opts: { force?: boolean },
): Promise<BackupSummary> {
  const first = await lines.next();
  const header = first.value as Partial<BackupHeader> | undefined;
  if (first.done || header?.format !== BACKUP_FORMAT || typeof header.schema?.migrations !== 'number') {
    throw new BackupRefused('not_a_backup', `${file} is not a backup of this app.`);
  }
  if ((header.version ?? 0) > BACKUP_VERSION) {
    throw new BackupRefused(
      'newer_schema',
      `This backup was written in format ${header.version}; this version of the app reads format ${BACKUP_VERSION}. Update the app, then restore.`,
    );
  }
  const known = appMigrations();
  const schema = header.schema;
  if (schema.migrations > known.length) {
    throw new BackupRefused(
      'newer_schema',
      `This backup is of a newer version of the app (schema ${schema.migrations}, ${schema.last ?? 'unknown'}); this version knows schema ${known.length}. Update the app, then restore.`,
    );
  }
  if (schema.migrations > 0 && known[schema.migrations - 1]?.tag !== schema.last) {
    throw new BackupRefused(
      'other_schema',
      `This backup's schema (${schema.last ?? 'unknown'}) is not one of this app's migrations.`,
    );
  }
  const held = await rowsIn(database.db);
  if (held > 0 && !opts.force) {
    throw new BackupRefused(
      'not_empty',
      `The database is not empty (${held} rows). A restore replaces everything in it: add --force to do so.`,
    );
  }
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).slice(0, schema.migrations);
  const summary = await database.db.transaction(async (tx) => {
    await tx.execute(sql.raw('drop schema if exists drizzle cascade'));
    await tx.execute(sql.raw('drop schema if exists public cascade'));
    await tx.execute(sql.raw('create schema public'));
    // The app's migrations up to the backup's schema, recorded as drizzle's migrator records them.
    await tx.execute(sql.raw('create schema drizzle'));
    await tx.execute(
      sql.raw(
        'create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
      ),
    );
    for (const migration of migrations) {
      for (const statement of migration.sql) if (statement.trim()) await tx.execute(sql.raw(statement));
      await tx.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`,
      );
    }
    const tables = new Set(await publicTables(tx));
    const keys = rowsOf<{ tbl: string; name: string; def: string }>(
      await tx.execute(
        sql`select conrelid::regclass::text as tbl, conname as name, pg_get_constraintdef(oid) as def
            from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`,
      ),
    );
    for (const key of keys) await tx.execute(sql.raw(`alter table ${key.tbl} drop constraint ${ident(key.name)}`));

    let table: string | null = null;
    let batch: string[] = [];
    let hash = createHash('sha256');
    let count = 0;
    let loaded = 0;
    let total = 0;
    let done: { tables: number; rows: number } | null = null;
    const flush = async () => {
      if (!table || batch.length === 0) return;
      const rowType = ident(table);
      try {
        await tx.execute(
          sql`insert into ${sql.raw(rowType)} select (r::${sql.raw(rowType)}).* from json_array_elements_text(${JSON.stringify(batch)}::json) as u(r)`,
        );
      } catch (err) {
        // A row the table cannot take was not written by a backup of this schema: altered on the way.
        throw new BackupRefused(
          'damaged',
          `The backup file is damaged: a row of ${table} cannot be loaded (${(err as Error).message}).`,
        );
      }
      batch = [];
    };
    for await (const line of lines) {
      if (typeof line === 'string') {
        if (!table) throw new BackupRefused('damaged', 'The backup file is damaged (a row outside a table).');
        hash.update(line).update('\n');
        batch.push(line);
        count++;
        if (batch.length >= CHUNK_ROWS) await flush();
        continue;
      }
      const item = line as Record<string, unknown>;
      if (typeof item.table === 'string') {
        if (!tables.has(item.table)) {
          throw new BackupRefused('damaged', `The backup has a table this schema does not: ${item.table}.`);
        }
        table = item.table;
        hash = createHash('sha256');
        count = 0;
      } else if (typeof item.end === 'string') {
        await flush();
        if (item.end !== table || item.rows !== count || item.sha256 !== hash.digest('hex')) {
          throw new BackupRefused(
            'damaged',
            `The backup file is damaged: the rows of ${item.end} are not those written.`,
          );
        }
        total += count;
        loaded++;
        table = null;
      } else if (Array.isArray(item.sequences)) {
        for (const s of item.sequences as { name: string; value: string | null }[]) {
          if (s.value !== null)
            await tx.execute(sql`select setval(${`public.${ident(s.name)}`}, ${s.value}::bigint, true)`);
        }
      } else if (item.done === true) {
        done = { tables: Number(item.tables), rows: Number(item.rows) };
      }
    }
    if (!done || table !== null || done.tables !== loaded || done.rows !== total) {
      throw new BackupRefused('damaged', 'The backup file is cut short: it does not end as a whole backup ends.');
    }
    for (const key of keys) {
      await tx.execute(sql.raw(`alter table ${key.tbl} add constraint ${ident(key.name)} ${key.def}`));
    }
    return { schema, tables: loaded, rows: total };
  });
  // What the backup's version did not have yet, as at a server's start.
  await database.migrate();
  return summary;
}
