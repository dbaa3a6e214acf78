import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** A fingerprint of every table's content: equal before and after means a request changed nothing. */
export async function snapshotDatabase(db: Db): Promise<Record<string, string>> {
  const tables = await db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of rowsOf<{ name: string }>(tables)) {
    const res = await db.execute<{ n: string; h: string | null }>(
      sql.raw(`select count(*)::text as n, md5(string_agg(t::text, '|' order by t::text)) as h from "${name}" t`),
    );
    const row = rowsOf<{ n: string; h: string | null }>(res)[0]!;
    out[name] = `${row.n}:${row.h ?? ''}`;
  }
  return out;
}

/** node-postgres answers `{rows}`, PGlite answers `{rows}` too; drizzle's typing differs between them. */
export function rowsOf<T>(res: unknown): T[] {
  return (res as { rows: T[] }).rows;
}
