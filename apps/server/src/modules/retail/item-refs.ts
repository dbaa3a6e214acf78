import type { ItemType } from '@gym/contract/items';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { creditPackages, membershipPlans, productSets, products, shortCourses } from '../../db/schema/index.ts';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { organisationScopeOf } from '../../lib/tenant-db.ts';

/** The catalogue table of each item type. */
const TABLES = {
  membership: membershipPlans,
  package: creditPackages,
  short_course: shortCourses,
  product: products,
  product_set: productSets,
} as const;

type Scope = Pick<AuthContext, 'organisationId' | 'centerIds'>;
export const itemKey = (type: string, id: string) => `${type}:${id}`;

/** The names of the named items that exist in the caller's organisation, by `itemKey`. */
export async function itemNames(
  db: DbOrTx,
  auth: Scope,
  refs: readonly { type: ItemType; id: string }[],
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const byType = new Map<ItemType, string[]>();
  for (const r of refs) byType.set(r.type, [...(byType.get(r.type) ?? []), r.id]);
  for (const [type, ids] of byType) {
    const table = TABLES[type];
    const rows = await db
      .select({ id: table.id, name: table.name })
      .from(table)
      .where(organisationScopeOf(auth, table, inArray(table.id, ids)));
    for (const row of rows) names.set(itemKey(type, row.id), row.name);
  }
  return names;
}

/**
 * Every named item is one of the organisation's (any centre: a coupon or an offer may name an item
 * sold elsewhere); otherwise 404 naming the first missing one's field (`cart.2.id`).
 */
export async function assertItemsExist(
  db: DbOrTx,
  auth: Scope,
  refs: readonly { type: ItemType; id: string }[],
  path: string,
): Promise<void> {
  if (refs.length === 0) return;
  const names = await itemNames(db, auth, refs);
  const missing = refs.findIndex((r) => !names.has(itemKey(r.type, r.id)));
  if (missing >= 0) {
    const message = 'Item not found';
    throw new AppError(404, 'not_found', message, [{ path: `${path}.${missing}.id`, code: 'not_found', message }]);
  }
}
