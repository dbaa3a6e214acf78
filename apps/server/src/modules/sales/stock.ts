/**
 * Stock moved by sales and refunds. A sale takes stock with one conditional update (`on_hand >=
 * wanted`): of two sales racing for the last item, the second finds the row changed and is refused;
 * the table's check keeps it from ever going below zero. Each move writes its movement row.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import { productStock, stockMovements } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';

export async function takeStock(
  ctx: UseCaseContext,
  m: { productId: string; centerId: string; quantity: number; invoiceLineId: string; path: string },
): Promise<void> {
  const [row] = await ctx.tx
    .update(productStock)
    .set({ onHand: sql`${productStock.onHand} - ${m.quantity}` })
    .where(
      ctx.db.whereOrganisation(
        productStock,
        and(
          eq(productStock.productId, m.productId),
          eq(productStock.centerId, m.centerId),
          gte(productStock.onHand, m.quantity),
        ),
      ),
    )
    .returning({ onHand: productStock.onHand });
  if (!row) {
    const message = 'Not enough in stock at this centre';
    throw new AppError(409, 'conflict', message, [{ path: m.path, code: 'stock_short', message }], undefined, {
      productId: m.productId,
    });
  }
  await ctx.db.insert(stockMovements, {
    productId: m.productId,
    centerId: m.centerId,
    kind: 'sold',
    quantity: -m.quantity,
    invoiceLineId: m.invoiceLineId,
    staffId: ctx.auth.userId,
  });
}

/** Puts sold items back (a refund or a void): the stock row exists, since they were taken from it. */
export async function returnStock(
  ctx: UseCaseContext,
  m: { productId: string; centerId: string; quantity: number; invoiceLineId: string; reason: string },
): Promise<void> {
  await ctx.tx
    .update(productStock)
    .set({ onHand: sql`${productStock.onHand} + ${m.quantity}` })
    .where(
      ctx.db.whereOrganisation(
        productStock,
        and(eq(productStock.productId, m.productId), eq(productStock.centerId, m.centerId)),
      ),
    );
  await ctx.db.insert(stockMovements, {
    productId: m.productId,
    centerId: m.centerId,
    kind: 'returned',
    quantity: m.quantity,
    reason: m.reason,
    invoiceLineId: m.invoiceLineId,
    staffId: ctx.auth.userId,
  });
}
