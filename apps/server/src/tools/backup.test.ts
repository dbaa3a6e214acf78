/**
 * `npm run backup` and `npm run restore` on the embedded database, as a gym runs them: the commands'
 * answers and exit codes, and the embedded database's folder kept to one process at a time.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { DataDirInUse } from '../db/data-dir-lock.ts';
import { buildOrganisation } from '../seed/builders.ts';
import { snapshotDatabase } from '../test/db-snapshot.ts';

const root = join(import.meta.dirname, '../../../..');

/** Runs `npm run <script> -- args` as a person would, with `DATA_DIR`. */
function run(script: 'backup' | 'restore', args: string[], dataDir: string) {
  return new Promise<{ code: number; out: string }>((resolve) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], { cwd: root, env });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ code: code ?? -1, out }));
  });
}

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gym-backup-cli-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run backup and npm run restore', () => {
  it('back up a gym, refuse while its server runs, and restore it elsewhere once, not over data without --force', async () => {
    const source = join(dir, 'source');
    const database = await openDatabase({ kind: 'pglite', dataDir: join(source, 'pglite') });
    await database.migrate();
    await buildOrganisation(database.db, {
      name: 'Harbour Fitness',
      initial: 'HF',
      currencyCode: 'HKD',
      currencySymbol: 'HK$ ',
    });
    const before = await snapshotDatabase(database.db);

    // The server (here, this process) holds the folder: a second process may not open it.
    const file = join(dir, 'gym.backup.gz');
    const busy = await run('backup', ['--out', file], source);
    expect(busy.code).toBe(1);
    expect(busy.out).toContain(`in use by process ${process.pid}`);
    await expect(openDatabase({ kind: 'pglite', dataDir: join(source, 'pglite') })).rejects.toBeInstanceOf(
      DataDirInUse,
    );
    await database.close();

    const taken = await run('backup', ['--out', file], source);
    expect(taken.out).toMatch(/Backed up the embedded database .*: \d+ tables, 1 rows, schema \d+/);
    expect(taken.code).toBe(0);

    const target = join(dir, 'target');
    const restored = await run('restore', ['--in', file], target);
    expect(restored.out).toMatch(/Restored .* into the embedded database .*: \d+ tables, 1 rows/);
    expect(restored.code).toBe(0);
    const again = await run('restore', ['--in', file], target);
    expect(again.code).toBe(1);
    expect(again.out).toContain(
      'Restore refused: The database is not empty (1 rows). A restore replaces everything in it: add --force',
    );

    const opened = await openDatabase({ kind: 'pglite', dataDir: join(target, 'pglite') });
    try {
      expect(await snapshotDatabase(opened.db)).toEqual(before);
    } finally {
      await opened.close();
    }
    expect((await run('restore', [], target)).code).toBe(2);
  }, 240_000);
});
