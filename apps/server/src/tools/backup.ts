/**
 * Backup and restore of the database the server would use: PostgreSQL when `DATABASE_URL` is set,
 * otherwise the embedded database in `DATA_DIR` (stop the server first: its folder is one
 * process's at a time).
 *
 *   npm run backup -- --out FILE
 *   npm run restore -- --in FILE [--force]
 *
 * Exit 0 when done; 1 when refused (a newer backup, a database that is not empty without --force,
 * a damaged file, the embedded database in use), with the reason; 2 on bad arguments.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { BackupRefused, backupDatabase, restoreDatabase } from '../db/backup.ts';
import { openDatabase } from '../db/client.ts';
import { DataDirInUse } from '../db/data-dir-lock.ts';

const USAGE = `Usage: npm run backup -- --out FILE
       npm run restore -- --in FILE [--force]
  The database is PostgreSQL when DATABASE_URL is set, else the embedded one in DATA_DIR (default ./data).
  --force   restore into a database that holds data, replacing all of it`;

export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [command, ...rest] = argv;
  let values: { out?: string; in?: string; force?: boolean };
  try {
    ({ values } = parseArgs({
      args: rest,
      options: { out: { type: 'string' }, in: { type: 'string' }, force: { type: 'boolean' } },
    }));
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  if (
    (command === 'backup' && !values.out) ||
    (command === 'restore' && !values.in) ||
    !['backup', 'restore'].includes(command ?? '')
  ) {
    console.error(USAGE);
    return 2;
  }
  if (command === 'restore' && !existsSync(values.in!)) {
    console.error(`No such file: ${values.in}`);
    return 2;
  }
  const config = loadConfig(env);
  const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`;
  const started = performance.now();
  let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
  try {
    database = await openDatabase(
      config.DATABASE_URL
        ? { kind: 'postgres', url: config.DATABASE_URL, poolMax: 2 }
        : { kind: 'pglite', dataDir: join(config.dataDir, 'pglite') },
    );
    const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
    if (command === 'backup') {
      const file = resolve(values.out!);
      const s = await backupDatabase(database, file);
      console.log(
        `Backed up ${where}: ${s.tables} tables, ${s.rows} rows, schema ${s.schema.migrations} (${s.schema.last ?? 'none'}), to ${file} (${s.bytes} bytes) in ${seconds()} s.`,
      );
    } else {
      const s = await restoreDatabase(database, resolve(values.in!), { force: values.force === true });
      console.log(
        `Restored ${values.in} into ${where}: ${s.tables} tables, ${s.rows} rows, schema ${s.schema.migrations} (${s.schema.last ?? 'none'}) then migrated to this version, in ${seconds()} s.`,
      );
    }
    return 0;
  } catch (err) {
    if (err instanceof BackupRefused || err instanceof DataDirInUse) {
      console.error(`${command === 'backup' ? 'Backup' : 'Restore'} refused: ${err.message}`);
      return 1;
    }
    console.error(`${command === 'backup' ? 'Backup' : 'Restore'} failed: ${(err as Error).stack ?? err}`);
    return 1;
  } finally {
    await database?.close();
  }
}

if (process.argv[1] === import.meta.filename) process.exitCode = await main(process.argv.slice(2));
