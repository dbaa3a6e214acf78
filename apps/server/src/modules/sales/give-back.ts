/**
 * What a refund and a void both do when an invoice's lines come back: the stock a line moved per
 * unit, and the entitlement sold on a line giving up what its kind's module keeps for it.
 */
import { eq } from 'drizzle-orm';
import { entitlements, productSetItems } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { appendLedger, type EntitlementState, hooksOf, whatIsLeft } from '../entitlements/index.ts';
import { moveStock } from '../retail/index.ts';

export const refuse = (path: string, code: string, message: string) =>
  new AppError(422, 'business_rule', message, [{ path, code, message }]);

/** The stock a line of `itemType` moved per unit sold. */
async function unitsOf(ctx: UseCaseContext, line: { itemType: string; itemId: string }) {
  if (line.itemType === 'product') return [{ productId: line.itemId, quantity: 1 }];
  if (line.itemType !== 'product_set') return [];
  const items = await ctx.db.wholeOrganisation.rows(productSetItems, eq(productSetItems.setId, line.itemId));
  return items.map((i) => ({ productId: i.productId, quantity: i.quantity }));
}

/** `quantity` units of a line come back into the stock of the invoice's centre (a product, or each of a set's). */
export async function returnStock(
  ctx: UseCaseContext,
  {
    line,
    quantity,
    centerId,
    reason,
  }: { line: { id: string; itemType: string; itemId: string }; quantity: number; centerId: string; reason: string },
) {
  for (const u of await unitsOf(ctx, line)) {
    await moveStock(ctx, {
      kind: 'returned',
      productId: u.productId,
      centerId,
      quantity: u.quantity * quantity,
      invoiceLineId: line.id,
      reason,
    });
  }
}

/** What is left of an entitlement (its state locked) ends with a `refund` row of its ledger, naming what refunded it. */
export async function refundWhatIsLeft(
  ctx: UseCaseContext,
  { ent, state, ref }: { ent: { id: string; memberId: string }; state: EntitlementState; ref: RefundRef },
) {
  await appendLedger(ctx, {
    entitlementId: ent.id,
    memberId: ent.memberId,
    rows: [{ kind: 'refund', ...whatIsLeft(state), ...ref }],
    locked: state,
  });
}

interface RefundRef {
  refType: 'refund' | 'invoice_void';
  refId: string;
  reason: string;
  effectiveOn: string;
}

/** The entitlement sold on `lineId` gives up what its kind's module keeps for it (a course's sessions not started: bookings cancelled, credits back). */
export async function releaseHeldBy(ctx: UseCaseContext, { lineId, reason }: { lineId: string; reason: string }) {
  const [ent] = await ctx.db.rows(entitlements, eq(entitlements.invoiceLineId, lineId));
  if (ent) await hooksOf(ent.kind).released(ctx, { entitlementId: ent.id, reason });
}
