/**
 * Backup and restore on the database the tests run on (PGlite, and PostgreSQL in the server-pg
 * project): a demo database with its year of sales, entries and bookings comes back whole, every
 * table's rows and checksum as they were; what a restore refuses changes nothing.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrganisation } from '../seed/builders.ts';
import { seedDemo } from '../seed/demo.ts';
import { rowsOf, snapshotDatabase } from '../test/db-snapshot.ts';
import { createTestContext, newPostgresDatabase, openTestDatabase, type TestContext } from '../test/harness.ts';
import { appMigrations, BackupRefused, backupDatabase, restoreDatabase } from './backup.ts';
import { type Database, MIGRATIONS_DIR, openDatabase } from './client.ts';

/** A database with nothing in it, not even the schema (a new machine's). */
async function openEmptyDatabase(): Promise<Database> {
  if (process.env.TEST_DATABASE !== 'postgres') return openDatabase({ kind: 'pglite' });
  return newPostgresDatabase('restore', { poolMax: 2 });
}

const count = async (db: Database['db'], query: string) =>
  rowsOf<{ n: number }>(await db.execute(sql.raw(`select count(*)::int as n from ${query}`)))[0]!.n;
const foreignKeys = (db: Database['db']) =>
  count(db, `pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`);
const publicTables = (db: Database['db']) =>
  count(db, `information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`);

/** The backup file's lines, to alter one as a damaged or newer file would be. */
/** Another gym's data written into `database`; answers the snapshot of what it then holds. */
async function holdOtherGym(database: Database) {
  await buildOrganisation(database.db, {
    name: 'Other gym',
    initial: 'OTH',
    currencyCode: 'HKD',
    currencySymbol: 'HK$ ',
  });
  return snapshotDatabase(database.db);
}

const linesOf = (file: string) => gunzipSync(readFileSync(file)).toString('utf8').split('\n');
const writeLines = (file: string, lines: string[]) => writeFileSync(file, gzipSync(lines.join('\n')));

let ctx: TestContext;
let dir = '';
let file = '';
let before: Record<string, string> = {};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gym-backup-'));
  file = join(dir, 'demo.backup.gz');
  ctx = await createTestContext();
  await seedDemo(ctx.database.db, ctx.deps.hasher);
  before = await snapshotDatabase(ctx.database.db);
}, 300_000);

afterAll(async () => {
  await ctx?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a backup of the demo database', () => {
  it('restores into an empty database whole: every table, its rows and their checksum, and the keys between them', async () => {
    const taken = await backupDatabase(ctx.database, file);
    // The demo's sales, entries and bookings are in it.
    for (const table of ['invoices', 'payments', 'entries', 'bookings', 'entitlement_ledger']) {
      expect(before[table], table).toMatch(/^[1-9]\d*:/);
    }
    expect(taken.schema.migrations).toBe(appMigrations().length);
    expect(taken.tables).toBe(Object.keys(before).length);

    const target = await openEmptyDatabase();
    try {
      const restored = await restoreDatabase(target, file);
      expect(restored.rows).toBe(taken.rows);
      expect(await snapshotDatabase(target.db)).toEqual(before);
      expect(await foreignKeys(target.db)).toBe(await foreignKeys(ctx.database.db));
      expect(await count(target.db, 'drizzle.__drizzle_migrations')).toBe(appMigrations().length);
    } finally {
      await target.close();
    }
  }, 180_000);

  it('refuses a database that holds data unless forced, and forced, replaces all of it', async () => {
    const target = await openTestDatabase();
    try {
      const held = await holdOtherGym(target);
      const refused = await restoreDatabase(target, file).catch((err: unknown) => err);
      expect(refused).toBeInstanceOf(BackupRefused);
      expect((refused as BackupRefused).code).toBe('not_empty');
      expect((refused as Error).message).toMatch(/not empty.*--force/);
      expect(await snapshotDatabase(target.db)).toEqual(held);

      await restoreDatabase(target, file, { force: true });
      expect(await snapshotDatabase(target.db)).toEqual(before);
    } finally {
      await target.close();
    }
  }, 180_000);

  it('refuses a backup of a newer schema, and a damaged or cut one, and changes nothing', async () => {
    const lines = linesOf(file);
    const header = JSON.parse(lines[0]!);
    const newer = join(dir, 'newer.gz');
    writeLines(newer, [
      JSON.stringify({ ...header, schema: { migrations: appMigrations().length + 1, last: '9999_future' } }),
      ...lines.slice(1),
    ]);
    const cut = join(dir, 'cut.gz');
    writeLines(cut, lines.slice(0, Math.floor(lines.length / 2)));
    const altered = join(dir, 'altered.gz');
    const row = lines.findIndex((l, i) => i > 0 && l.startsWith('"'));
    writeLines(
      altered,
      lines.map((l, i) => (i === row ? JSON.stringify(`${JSON.parse(l)}`.replace(/.$/, ' )')) : l)),
    );

    const empty = await openEmptyDatabase();
    const holding = await openTestDatabase();
    try {
      const held = await holdOtherGym(holding);
      const refusal = (promise: Promise<unknown>) =>
        promise.then(
          () => null,
          (err: unknown) => err as BackupRefused,
        );

      const r1 = await refusal(restoreDatabase(empty, newer));
      expect(r1?.code).toBe('newer_schema');
      expect(r1?.message).toMatch(/newer version of the app.*Update the app/);
      const r2 = await refusal(restoreDatabase(empty, cut));
      expect(r2?.code).toBe('damaged');
      expect(await publicTables(empty.db)).toBe(0);
      // Forced onto a database with data, a damaged backup leaves that data as it was.
      const r3 = await refusal(restoreDatabase(holding, cut, { force: true }));
      expect(r3?.code).toBe('damaged');
      const r4 = await refusal(restoreDatabase(holding, altered, { force: true }));
      expect(r4?.code).toBe('damaged');
      expect(await snapshotDatabase(holding.db)).toEqual(held);
    } finally {
      await empty.close();
      await holding.close();
    }
  }, 180_000);
});

describe('a backup of an older version', () => {
  it('is restored at its schema, then brought to this version as a server start would', async () => {
    const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
    const older = migrations.length - 2;
    const source = await openEmptyDatabase();
    const target = await openEmptyDatabase();
    try {
      // A database of the version two migrations back, with a gym in it.
      await source.db.execute(sql.raw('create schema drizzle'));
      await source.db.execute(
        sql.raw(
          'create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
        ),
      );
      for (const m of migrations.slice(0, older)) {
        for (const s of m.sql) if (s.trim()) await source.db.execute(sql.raw(s));
        await source.db.execute(
          sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${m.hash}, ${m.folderMillis})`,
        );
      }
      await buildOrganisation(source.db, {
        name: 'Old gym',
        initial: 'OLD',
        currencyCode: 'HKD',
        currencySymbol: 'HK$ ',
      });
      const oldFile = join(dir, 'old.gz');
      const taken = await backupDatabase(source, oldFile);
      expect(taken.schema).toEqual({ migrations: older, last: appMigrations()[older - 1]!.tag });

      await restoreDatabase(target, oldFile);
      expect(await count(target.db, 'drizzle.__drizzle_migrations')).toBe(migrations.length);
      expect(await count(target.db, `organisations where name = 'Old gym'`)).toBe(1);
    } finally {
      await source.close();
      await target.close();
    }
  }, 180_000);
});
