import type { StockMovementKind } from '@gym/contract/retail';
import { and, eq, sql } from 'drizzle-orm';
import { productStock, products, stockMovements } from '../../db/schema/index.ts';
import { AppError, notFoundAt } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';

export interface MoveStockInput {
  productId: string;
  centerId: string;
  kind: StockMovementKind;
  /**
   * The signed change of the centre's stock: positive for `received` and `returned`, negative for
   * `sold`, either for `adjusted`; never 0. A sign that does not fit the kind is a programming error.
   */
  quantity: number;
  /** Required for `adjusted`. */
  reason?: string | null;
  /** The invoice line that sold or returned it. */
  invoiceLineId?: string | null;
  /** The field a shortage is reported on (default `quantity`; a sale names its line, e.g. `lines.2.quantity`). */
  path?: string;
}

export interface MovedStock {
  movement: typeof stockMovements.$inferSelect;
  /** What the centre holds after the movement. */
  onHand: number;
}

const SIGN: Record<StockMovementKind, 'positive' | 'negative' | 'any'> = {
  received: 'positive',
  returned: 'positive',
  sold: 'negative',
  adjusted: 'any',
};

/**
 * Moves a centre's stock of a product, inside the caller's transaction: takes stock with one
 * conditional update (`on_hand + q >= 0`, so two sales cannot both take the last item; a short
 * stock answers 409 `stock_short` naming `path`, with `details.onHand`, and changes nothing), or adds
 * stock with an upsert, then records the movement (staff = the caller). The product must be the
 * caller's organisation's (404 `productId`) and the centre one the caller works in (404 `centerId`).
 * No audit row: the command that moves stock (a delivery, a count, a sale) writes its own.
 */
export async function moveStock(ctx: UseCaseContext, input: MoveStockInput): Promise<MovedStock> {
  const { productId, centerId, kind, quantity } = input;
  if (!Number.isSafeInteger(quantity) || quantity === 0)
    throw new RangeError('stock quantity must be a non-zero integer');
  const sign = SIGN[kind];
  if ((sign === 'positive' && quantity < 0) || (sign === 'negative' && quantity > 0))
    throw new RangeError(`a ${kind} movement must be ${sign}, got ${quantity}`);
  if (kind === 'adjusted' && !input.reason?.trim()) throw new RangeError('an adjustment needs a reason');

  const product = await ctx.db.first(products, eq(products.id, productId));
  if (!product) {
    throw notFoundAt('productId', 'Product');
  }
  await ctx.db.usableCenter(centerId, 'centerId', false);

  let onHand: number;
  if (quantity > 0) {
    const [row] = await ctx.db
      .insert(productStock)
      .values({ organisationId: ctx.auth.organisationId, productId, centerId, onHand: quantity })
      .onConflictDoUpdate({
        target: [productStock.productId, productStock.centerId],
        set: { onHand: sql`${productStock.onHand} + excluded.on_hand` },
      })
      .returning({ onHand: productStock.onHand });
    onHand = row!.onHand;
  } else {
    const [row] = await ctx.db
      .update(productStock)
      .set({ onHand: sql`${productStock.onHand} + ${quantity}` })
      .where(
        and(
          eq(productStock.productId, productId),
          eq(productStock.centerId, centerId),
          sql`${productStock.onHand} + ${quantity} >= 0`,
        ),
      )
      .returning({ onHand: productStock.onHand });
    if (!row) {
      const current = await ctx.db.first(
        productStock,
        and(eq(productStock.productId, productId), eq(productStock.centerId, centerId)),
      );
      const have = current?.onHand ?? 0;
      const path = input.path ?? 'quantity';
      const message = `Only ${have} in stock at this centre`;
      throw new AppError(409, 'stock_short', message, [{ path, code: 'stock_short', message }], undefined, {
        productId,
        centerId,
        onHand: have,
      });
    }
    onHand = row.onHand;
  }

  const [movement] = await ctx.db.insert(stockMovements, {
    productId,
    centerId,
    kind,
    quantity,
    reason: input.reason?.trim() || null,
    invoiceLineId: input.invoiceLineId ?? null,
    staffId: ctx.auth.userId,
  });
  return { movement: movement!, onHand };
}
