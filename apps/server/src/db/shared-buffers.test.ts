import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openTestDatabase } from '../test/harness.ts';
import { openDatabase } from './client.ts';

const shown = async (db: Awaited<ReturnType<typeof openDatabase>>) => {
  const r = (await db.db.execute('show shared_buffers')) as unknown as { rows: { shared_buffers: string }[] };
  return r.rows[0]?.shared_buffers;
};

describe('the embedded database buffer pool', () => {
  it('is PostgreSQL default unless told, and the size told otherwise', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gym-buffers-'));
    try {
      const small = await openDatabase({ kind: 'pglite', dataDir: join(dir, 'db'), sharedBuffers: '32MB' });
      expect(await shown(small)).toBe('32MB');
      await small.close();
      // The same data directory opened again without the setting.
      const plain = await openDatabase({ kind: 'pglite', dataDir: join(dir, 'db') });
      expect(await shown(plain)).toBe('128MB');
      await plain.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('is small in the test databases, which still hold the migrated schema', async () => {
    const database = await openTestDatabase();
    try {
      expect(await shown(database)).toBe('16MB');
      const r = (await database.db.execute("select to_regclass('public.members') as t")) as unknown as {
        rows: { t: string | null }[];
      };
      expect(r.rows[0]?.t).toBe('members');
    } finally {
      await database.close();
    }
  });

  it('refuses a size it cannot read, naming the variable', () => {
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: 'lots' })).toThrow(/PGLITE_SHARED_BUFFERS: must be a size/);
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '64MB' }).PGLITE_SHARED_BUFFERS).toBe('64MB');
  });
});
