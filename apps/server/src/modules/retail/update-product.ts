import type { Product, updateProductRequestSchema } from '@gym/contract/retail';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { products } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { PRODUCT_UNIQUE } from './create-product.ts';
import { getProduct } from './queries.ts';
import { uniquely } from './shared.ts';

const AUDITED = ['name', 'sku', 'barcode', 'category', 'priceMinor', 'taxRateBp', 'lowStockThreshold', 'active'];

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
    await uniquely(ctx, { unique: PRODUCT_UNIQUE, write: (db) => db.update(products, set, eq(products.id, id)) });
    await recordAudit(ctx, {
      action: 'product.updated',
      entityType: 'product',
      entityId: id,
      summary: `Product ${current.name} (${current.sku}) changed`,
      before: current,
      after: { ...current, ...set },
      fields: AUDITED,
    });
  }
  return getProduct(ctx.db, id);
}
