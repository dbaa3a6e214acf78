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

/** A fingerprint of one organisation's rows in every tenant table (and its own row). */
export async function snapshotOrganisation(db: Db, organisationId: string): Promise<Record<string, string>> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`select c.table_name as name from information_schema.columns c join information_schema.tables t
          on t.table_schema = c.table_schema and t.table_name = c.table_name
          where c.table_schema = 'public' and c.column_name = 'organisation_id' and t.table_type = 'BASE TABLE'
          order by 1`,
    ),
  );
  const out: Record<string, string> = {};
  const fingerprint = async (name: string, column: string) => {
    const res = await db.execute(
      sql`select count(*)::text as n, md5(string_agg(t::text, '|' order by t::text)) as h from ${sql.identifier(name)} t where ${sql.identifier(column)} = ${organisationId}`,
    );
    const row = rowsOf<{ n: string; h: string | null }>(res)[0]!;
    out[name] = `${row.n}:${row.h ?? ''}`;
  };
  await fingerprint('organisations', 'id');
  for (const { name } of tables) await fingerprint(name, 'organisation_id');
  return out;
}
