import type { StockMovement, stockMovementRequestSchema } from '@gym/contract/retail';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { products, users } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { toMovement } from './queries.ts';
import { moveStock } from './stock.ts';

/**
 * A delivery received into a centre, or a count corrected (with a reason): the stock, the movement
 * and the audit row in one transaction. Taking more than the centre holds is refused (409
 * `stock_short` on `quantity`) and writes nothing.
 */
export async function recordStockMovement(
  ctx: UseCaseContext,
  input: z.infer<typeof stockMovementRequestSchema> & { productId: string },
): Promise<StockMovement> {
  const product = await ctx.db.first(products, eq(products.id, input.productId));
  if (!product) throw notFound('product');
  const center = await ctx.db.usableCenter(input.centerId, 'centerId');
  const { movement, onHand } = await moveStock(ctx, {
    productId: input.productId,
    centerId: input.centerId,
    kind: input.kind,
    quantity: input.quantity,
    reason: input.reason ?? null,
  });
  await recordAudit(ctx, {
    action: `stock.${input.kind}`,
    entityType: 'product',
    entityId: product.id,
    centerId: center.id,
    summary: `${input.quantity > 0 ? '+' : ''}${input.quantity} ${product.name} (${product.sku}) at ${center.code}${
      input.reason ? `: ${input.reason}` : ''
    }`,
    after: { kind: input.kind, quantity: input.quantity, reason: input.reason ?? null, onHand },
  });
  const staff = await ctx.db.first(users, eq(users.id, ctx.auth.userId));
  return toMovement(movement, {
    center: { id: center.id, code: center.code, name: center.name },
    staffName: staff?.fullName ?? null,
    onHand,
  });
}
