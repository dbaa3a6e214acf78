import type { createProductSetRequestSchema, ProductSet, updateProductSetRequestSchema } from '@gym/contract/retail';
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { productSetItems, productSets, products } from '../../db/schema/index.ts';
import { audit } from '../../lib/audit.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { getProductSet } from './queries.ts';
import { type UniqueFields, uniquely } from './shared.ts';

const UNIQUE: UniqueFields = {
  product_sets_org_name: { path: 'name', code: 'name_taken', message: 'Another product set has this name' },
};
type Items = z.infer<typeof createProductSetRequestSchema>['items'];

/** Every product of the set is one of the organisation's; otherwise 404 naming `items.<i>.productId`. */
async function assertProducts(ctx: UseCaseContext, items: Items): Promise<void> {
  const found = await ctx.db.rows(
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

async function writeItems(ctx: UseCaseContext, setId: string, items: Items) {
  await ctx.db.delete(productSetItems, eq(productSetItems.setId, setId));
  await ctx.db.insert(
    productSetItems,
    items.map((i) => ({ setId, productId: i.productId, quantity: i.quantity })),
  );
}

export async function createProductSet(
  ctx: UseCaseContext,
  input: z.infer<typeof createProductSetRequestSchema>,
): Promise<ProductSet> {
  await assertProducts(ctx, input.items);
  const values = {
    name: input.name,
    description: input.description ?? null,
    priceMinor: input.price,
    taxRateBp: input.taxRateBp,
  };
  const [row] = await uniquely(ctx, UNIQUE, () => ctx.db.insert(productSets, values));
  await writeItems(ctx, row!.id, input.items);
  await audit(ctx.tx, ctx.auth, null, {
    action: 'product_set.created',
    entityType: 'product_set',
    entityId: row!.id,
    summary: `Product set ${values.name} created`,
    after: { ...values, items: input.items },
  });
  return getProductSet(ctx.tx, ctx.auth, row!.id);
}

export async function updateProductSet(
  ctx: UseCaseContext,
  { id, price, items, ...input }: z.infer<typeof updateProductSetRequestSchema> & { id: string },
): Promise<ProductSet> {
  const current = await ctx.db.first(productSets, eq(productSets.id, id));
  if (!current) throw notFound('product set');
  if (items) await assertProducts(ctx, items);
  const set: Partial<typeof productSets.$inferInsert> = { ...input };
  if (price !== undefined) set.priceMinor = price;
  if (Object.keys(set).length > 0 || items) {
    set.updatedAt = ctx.clock.now();
    await uniquely(ctx, UNIQUE, () => ctx.db.update(productSets, set, eq(productSets.id, id)));
  }
  if (items) await writeItems(ctx, id, items);
  await audit(ctx.tx, ctx.auth, null, {
    action: 'product_set.updated',
    entityType: 'product_set',
    entityId: id,
    summary: `Product set ${current.name} changed`,
    before: current,
    after: { ...current, ...set, ...(items ? { items } : {}) },
    fields: ['name', 'description', 'priceMinor', 'taxRateBp', 'active', 'items'],
  });
  return getProductSet(ctx.tx, ctx.auth, id);
}
