import type { createProductRequestSchema, Product } from '@gym/contract/retail';
import type { z } from 'zod';
import { products } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { getProduct } from './queries.ts';
import { type UniqueFields, uniquely } from './shared.ts';

/** SKUs are unique per organisation whatever the case; barcodes exactly (the schema's indexes). */
export const PRODUCT_UNIQUE: UniqueFields = {
  products_org_sku: { path: 'sku', code: 'code_taken', message: 'Another product has this SKU' },
  products_org_barcode: { path: 'barcode', code: 'code_taken', message: 'Another product has this barcode' },
};

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
  const [row] = await uniquely(ctx, { unique: PRODUCT_UNIQUE, write: (db) => db.insert(products, values) });
  await recordAudit(ctx, {
    action: 'product.created',
    entityType: 'product',
    entityId: row!.id,
    summary: `Product ${values.name} (${values.sku}) created`,
    after: values,
  });
  return getProduct(ctx.db, row!.id);
}
