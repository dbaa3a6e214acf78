import type { ImportMapping, importPresetSchema } from '@gym/contract/imports';
import type { ListQuery } from '@gym/contract/pagination';
import { likeEscape } from '@gym/contract/search';
import { asc, count, ilike } from 'drizzle-orm';
import type { z } from 'zod';
import { importPresets } from '../../db/schema/index.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';

export type Preset = z.infer<typeof importPresetSchema>;

export const toPreset = (r: typeof importPresets.$inferSelect): Preset => ({
  id: r.id,
  name: r.name,
  mapping: r.mapping as ImportMapping,
  values: r.values,
  createdAt: r.createdAt.toISOString(),
});

/** Saved mappings of the organisation, by name. */
export async function listPresets(db: TenantDb, q: ListQuery) {
  const keyword = q.keyword?.trim();
  const where = keyword ? ilike(importPresets.name, `%${likeEscape(keyword)}%`) : undefined;
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
