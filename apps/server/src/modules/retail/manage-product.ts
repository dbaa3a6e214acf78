import type { createProductRequestSchema, Product, updateProductRequestSchema } from '@gym/contract/retail';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { products } from '../../db/schema/index.ts';
import { audit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { getProduct } from './queries.ts';
import { type UniqueFields, uniquely } from './shared.ts';

/** SKUs are unique per organisation whatever the case; barcodes exactly (the schema's indexes). */
const UNIQUE: UniqueFields = {
  products_org_sku: { path: 'sku', code: 'code_taken', message: 'Another product has this SKU' },
  products_org_barcode: { path: 'barcode', code: 'code_taken', message: 'Another product has this barcode' },
};
const AUDITED = ['name', 'sku', 'barcode', 'category', 'priceMinor', 'taxRateBp', 'lowStockThreshold', 'active'];

export async function createProduct(
  ctx: UseCaseContext,
  input: z.infer<typeof createProductRequestSchema>,
): Promise<Product> {
  const values = {
    name: input.name,
    sku: input.sku,
    barcode: input.barcode ?? null,
    category: input.category ?? null,
    priceMinor: input.price,
    taxRateBp: input.taxRateBp ?? 0,
    lowStockThreshold: input.lowStockThreshold ?? 0,
  };
  const [row] = await uniquely(ctx, UNIQUE, () => ctx.db.insert(products, values));
  await audit(ctx.tx, ctx.auth, null, {
    action: 'product.created',
    entityType: 'product',
    entityId: row!.id,
    summary: `Product ${values.name} (${values.sku}) created`,
    after: values,
  });
  return getProduct(ctx.tx, ctx.auth, row!.id);
}

export async function updateProduct(
  ctx: UseCaseContext,
  { id, price, ...input }: z.infer<typeof updateProductRequestSchema> & { id: string },
): Promise<Product> {
  const current = await ctx.db.first(products, eq(products.id, id));
  if (!current) throw notFound('product');
  const set: Partial<typeof products.$inferInsert> = { ...input };
  if (price !== undefined) set.priceMinor = price;
  if (Object.keys(set).length > 0) {
    set.updatedAt = ctx.clock.now();
    await uniquely(ctx, UNIQUE, () => ctx.db.update(products, set, eq(products.id, id)));
    await audit(ctx.tx, ctx.auth, null, {
      action: 'product.updated',
      entityType: 'product',
      entityId: id,
      summary: `Product ${current.name} (${current.sku}) changed`,
      before: current,
      after: { ...current, ...set },
      fields: AUDITED,
    });
  }
  return getProduct(ctx.tx, ctx.auth, id);
}
