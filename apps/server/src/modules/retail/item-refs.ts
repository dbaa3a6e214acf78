import type { ItemType } from '@gym/contract/items';
import { inArray } from 'drizzle-orm';
import { creditPackages, membershipPlans, productSets, products, shortCourses } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';

/** The catalogue table of each item type. */
const TABLES = {
  membership: membershipPlans,
  package: creditPackages,
  short_course: shortCourses,
  product: products,
  product_set: productSets,
} as const;

type ItemRef = { type: ItemType; id: string };
export const itemKey = (type: string, id: string) => `${type}:${id}`;

/**
 * The names of the named items that exist in the caller's organisation (any centre: a coupon or an
 * offer may name an item sold elsewhere), by `itemKey`.
 */
export async function itemNames(db: TenantDb, refs: readonly ItemRef[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const byType = new Map<ItemType, string[]>();
  for (const r of refs) byType.set(r.type, [...(byType.get(r.type) ?? []), r.id]);
  for (const [type, ids] of byType) {
    const table = TABLES[type];
    const rows = await db.wholeOrganisation
      .select({ id: table.id, name: table.name })
      .from(table)
      .where(inArray(table.id, ids));
    for (const row of rows) names.set(itemKey(type, row.id), row.name);
  }
  return names;
}

/**
 * Every named item is one of the organisation's (any centre); otherwise 404 naming the first
 * missing one's field (`cart.2.id`).
 */
export async function assertItemsExist(db: TenantDb, { refs, path }: { refs: readonly ItemRef[]; path: string }) {
  if (refs.length === 0) return;
  const names = await itemNames(db, refs);
  const missing = refs.findIndex((r) => !names.has(itemKey(r.type, r.id)));
  if (missing >= 0) {
    const message = 'Item not found';
    throw new AppError(404, 'not_found', message, [{ path: `${path}.${missing}.id`, code: 'not_found', message }]);
  }
}
