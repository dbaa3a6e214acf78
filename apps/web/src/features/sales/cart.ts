/** The cart of the new-sale screen: its lines and their totals, in integers of minor units. */

import { type Minor, max, minor, sub, sum, times, ZERO } from '@gym/contract/money';
import { ENTITLEMENT_ITEM_TYPES, type InvoiceLineType, type SaleItemType, type SaleRequest } from '@gym/contract/sales';

export interface CartLine {
  key: string;
  itemType: SaleItemType;
  itemId: string;
  name: string;
  unitPriceMinor: Minor;
  quantity: number;
  /** The manual discount (with the sale's reason; within the organisation's cap without a manager). */
  discountMinor: Minor;
  taxRateBp: number;
  /** Memberships whose plan starts on a chosen date. */
  chosenStart: boolean;
  startOn: string | null;
}

export const grantsEntitlement = (type: InvoiceLineType) =>
  (ENTITLEMENT_ITEM_TYPES as readonly string[]).includes(type);

export const lineGross = (line: CartLine): Minor => times(line.unitPriceMinor, line.quantity);
/** A line's total: quantity × price − its discount, never below zero. */
export const lineTotal = (line: CartLine): Minor => max(ZERO, sub(lineGross(line), line.discountMinor));
export const cartTotal = (lines: readonly CartLine[]): Minor => sum(lines.map(lineTotal));

/**
 * Adds an item: a product or set already in the cart gets one more; an entitlement (one per line)
 * always gets its own line.
 */
export function addToCart(
  lines: readonly CartLine[],
  item: {
    itemType: SaleItemType;
    itemId: string;
    name: string;
    priceMinor: number;
    taxRateBp?: number | undefined;
    chosenStart?: boolean;
  },
  key: string,
): CartLine[] {
  if (!grantsEntitlement(item.itemType)) {
    const same = lines.find((l) => l.itemType === item.itemType && l.itemId === item.itemId);
    if (same) return lines.map((l) => (l === same ? { ...l, quantity: l.quantity + 1 } : l));
  }
  return [
    ...lines,
    {
      key,
      itemType: item.itemType,
      itemId: item.itemId,
      name: item.name,
      unitPriceMinor: minor(item.priceMinor),
      quantity: 1,
      discountMinor: ZERO,
      taxRateBp: item.taxRateBp ?? 0,
      chosenStart: Boolean(item.chosenStart),
      startOn: null,
    },
  ];
}

/** The lines of the sale request; each discounted line carries the sale's reason for its discount. */
export function cartLinesRequest(lines: readonly CartLine[], discountReason = ''): SaleRequest['lines'] {
  return lines.map((l) => ({
    itemType: l.itemType,
    itemId: l.itemId,
    quantity: l.quantity,
    discountMinor: l.discountMinor,
    ...(l.discountMinor > 0 ? { priceOverrideReason: discountReason.trim() } : {}),
    ...(l.chosenStart && l.startOn ? { startOn: l.startOn } : {}),
  }));
}

/** Whether any line has a manual discount (the sale then needs a reason). */
export const hasDiscount = (lines: readonly CartLine[]) => lines.some((l) => l.discountMinor > 0);

/** A catalogue item as the cart adds it: a membership whose plan starts on a chosen date asks for that date. */
export const cartItem = (
  itemType: SaleItemType,
  item: { id: string; name: string; priceMinor: number; taxRateBp?: number | undefined; startRule?: string },
) => ({
  itemType,
  itemId: item.id,
  name: item.name,
  priceMinor: item.priceMinor,
  taxRateBp: item.taxRateBp,
  chosenStart: item.startRule === 'chosen_date',
});
