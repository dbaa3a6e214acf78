import type { createProductSetRequestSchema } from '@gym/contract/retail';
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { productSetItems, products } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';
import type { UniqueFields } from './shared.ts';

export const SET_UNIQUE: UniqueFields = {
  product_sets_org_name: { path: 'name', code: 'name_taken', message: 'Another product set has this name' },
};
export type SetItems = z.infer<typeof createProductSetRequestSchema>['items'];

/** Every product of the set is one of the organisation's; otherwise 404 naming `items.<i>.productId`. */
export async function assertProducts(db: TenantDb, items: SetItems): Promise<void> {
  const found = await db.rows(
    products,
    inArray(
      products.id,
      items.map((i) => i.productId),
    ),
  );
  const known = new Set(found.map((p) => p.id));
  const missing = items.findIndex((i) => !known.has(i.productId));
  if (missing >= 0) {
    const message = 'Product not found';
    throw new AppError(404, 'not_found', message, [{ path: `items.${missing}.productId`, code: 'not_found', message }]);
  }
}

/** The set's products are `items` from now on. */
export async function writeItems(db: TenantDb, { setId, items }: { setId: string; items: SetItems }) {
  await db.delete(productSetItems, eq(productSetItems.setId, setId));
  await db.insert(
    productSetItems,
    items.map((i) => ({ setId, productId: i.productId, quantity: i.quantity })),
  );
}
