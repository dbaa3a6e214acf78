import type { ProductSet, updateProductSetRequestSchema } from '@gym/contract/retail';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { productSets } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { assertProducts, SET_UNIQUE, writeItems } from './set-items.ts';
import { getProductSet } from './set-queries.ts';
import { uniquely } from './shared.ts';

export async function updateProductSet(
  ctx: UseCaseContext,
  { id, price, items, ...input }: z.infer<typeof updateProductSetRequestSchema> & { id: string },
): Promise<ProductSet> {
  const current = await ctx.db.first(productSets, eq(productSets.id, id));
  if (!current) throw notFound('product set');
  if (items) await assertProducts(ctx.db, items);
  const set: Partial<typeof productSets.$inferInsert> = { ...input };
  if (price !== undefined) set.priceMinor = price;
  if (Object.keys(set).length > 0 || items) {
    set.updatedAt = ctx.clock.now();
    await uniquely(ctx, { unique: SET_UNIQUE, write: (db) => db.update(productSets, set, eq(productSets.id, id)) });
  }
  if (items) await writeItems(ctx.db, { setId: id, items });
  await recordAudit(ctx, {
    action: 'product_set.updated',
    entityType: 'product_set',
    entityId: id,
    summary: `Product set ${current.name} changed`,
    before: current,
    after: { ...current, ...set, ...(items ? { items } : {}) },
    fields: ['name', 'description', 'priceMinor', 'taxRateBp', 'active', 'items'],
  });
  return getProductSet(ctx.db, id);
}
