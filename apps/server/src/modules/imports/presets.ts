import type { ImportMapping, ImportValues, importPresetSchema } from '@gym/contract/imports';
import type { ListQuery } from '@gym/contract/pagination';
import { likeEscape } from '@gym/contract/search';
import { asc, count, eq, ilike } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { importPresets } from '../../db/schema/index.ts';
import type { AuthContext } from '../../lib/access.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { scopeOf } from '../../lib/tenant-db.ts';

type Preset = z.infer<typeof importPresetSchema>;

const toPreset = (r: typeof importPresets.$inferSelect): Preset => ({
  id: r.id,
  name: r.name,
  mapping: r.mapping as ImportMapping,
  values: r.values,
  createdAt: r.createdAt.toISOString(),
});

/** Saved mappings of the organisation, by name. */
export async function listPresets(db: DbOrTx, auth: AuthContext, q: ListQuery) {
  const keyword = q.keyword?.trim();
  const where = scopeOf(
    auth,
    importPresets,
    keyword ? ilike(importPresets.name, `%${likeEscape(keyword)}%`) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(importPresets)
      .where(where)
      .orderBy(asc(importPresets.name), asc(importPresets.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(importPresets).where(where),
  ]);
  return { items: rows.map(toPreset), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

/** A name is unique in the organisation whatever its case; the unique index decides under races. */
export async function createPreset(
  db: DbOrTx,
  auth: AuthContext,
  input: { name: string; mapping: ImportMapping; values: ImportValues },
) {
  try {
    const [row] = await db
      .insert(importPresets)
      .values({ organisationId: auth.organisationId, name: input.name, mapping: input.mapping, values: input.values })
      .returning();
    return toPreset(row!);
  } catch (err) {
    if (isUniqueViolation(err, 'import_presets_org_name')) {
      throw conflict('name_taken', 'A preset with this name already exists', 'name');
    }
    throw err;
  }
}

export async function deletePreset(db: DbOrTx, auth: AuthContext, id: string): Promise<void> {
  const deleted = await db
    .delete(importPresets)
    .where(scopeOf(auth, importPresets, eq(importPresets.id, id)))
    .returning({ id: importPresets.id });
  if (deleted.length === 0) throw notFound('preset');
}
