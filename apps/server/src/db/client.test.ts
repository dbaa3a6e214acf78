import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from './client.ts';

describe.runIf(process.env.TEST_DATABASE === 'postgres')('the PostgreSQL pool', () => {
  it('keeps its first connections open through a quiet spell, and closes the others', async () => {
    const database = await openDatabase({ kind: 'postgres', url: inject('pgUrl'), poolMax: 5, idleMs: 100 });
    // Four statements at once take four connections; each answers which server process ran it (and since when).
    const backends = async () => {
      const rows = await Promise.all(
        [1, 2, 3, 4].map(() =>
          database.db.execute<{ backend: string }>(
            sql`select pg_backend_pid() || '@' || backend_start as backend, pg_sleep(0.1) from pg_stat_activity where pid = pg_backend_pid()`,
          ),
        ),
      );
      return rows.map((r) => (r as unknown as { rows: { backend: string }[] }).rows[0]!.backend);
    };
    try {
      const busy = await backends();
      expect(new Set(busy).size).toBe(4);
      // Well past the idle timeout: the connections beyond the kept ones are closed.
      await new Promise((r) => setTimeout(r, 600));
      const after = await backends();
      const kept = after.filter((b) => busy.includes(b));
      expect(kept).toHaveLength(2);
    } finally {
      await database.close();
    }
  });
});
