import type { createProductSetRequestSchema, ProductSet } from '@gym/contract/retail';
import type { z } from 'zod';
import { productSets } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { assertProducts, SET_UNIQUE, writeItems } from './set-items.ts';
import { getProductSet } from './set-queries.ts';
import { uniquely } from './shared.ts';

export async function createProductSet(
  ctx: UseCaseContext,
  input: z.infer<typeof createProductSetRequestSchema>,
): Promise<ProductSet> {
  await assertProducts(ctx.db, input.items);
  const values = {
    name: input.name,
    description: input.description ?? null,
    priceMinor: input.price,
    taxRateBp: input.taxRateBp,
  };
  const [row] = await uniquely(ctx, { unique: SET_UNIQUE, write: (db) => db.insert(productSets, values) });
  await writeItems(ctx.db, { setId: row!.id, items: input.items });
  await recordAudit(ctx, {
    action: 'product_set.created',
    entityType: 'product_set',
    entityId: row!.id,
    summary: `Product set ${values.name} created`,
    after: { ...values, items: input.items },
  });
  return getProductSet(ctx.db, row!.id);
}
