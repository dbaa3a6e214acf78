/**
 * The price of a sale as the screens show it before it is saved: the server's own rule
 * (`@gym/contract/pricing`), with the coupon as the check answered it for the code typed, so that
 * the total, the installments, the amount paid now and the change are those the invoice will have.
 */
import { type Minor, max, sub, sum, times, ZERO } from '@gym/contract/money';
import {
  couponAppliesTo,
  couponCartRefusal,
  couponTerms,
  type PricedCart,
  PricingRefusal,
  priceCart,
} from '@gym/contract/pricing';
import type { Coupon, CouponRefusal } from '@gym/contract/retail';
import type { SaleItemType } from '@gym/contract/sales';

/** A line of the sale as the screen holds it. */
export interface PricingInputLine {
  itemType: SaleItemType;
  itemId: string;
  unitPriceMinor: Minor;
  quantity: number;
  /** The manual discount (not the coupon's). */
  discountMinor: Minor;
  taxRateBp?: number;
}

/** Why the coupon typed cannot be used: the check's reasons, and the cart's own. */
export type CouponProblem = CouponRefusal | 'not_applicable';

/** What the coupon check says of the code in the field. */
export type CouponState =
  /** No code typed. */
  | { status: 'none' }
  /** Being typed, or the check has not answered yet. */
  | { status: 'checking'; code: string }
  | { status: 'usable'; code: string; coupon: Coupon }
  | { status: 'refused'; code: string; reason: CouponRefusal }
  /** The check itself failed (the network): the server judges the code when the sale is saved. */
  | { status: 'failed'; code: string; error: unknown };

export interface SalePrice {
  /** Σ quantity × unit price. */
  subtotalMinor: Minor;
  /** What the coupon takes off (0 without a usable coupon). */
  couponDiscountMinor: Minor;
  /** What the invoice will total. */
  totalMinor: Minor;
  /** Why the coupon is refused (the check's reason, or the cart's), or null. */
  couponProblem: CouponProblem | null;
  /** A line the rule refuses (its discount above it, too large), or null. */
  lineProblem: PricingRefusal | null;
}

const plain = (lines: readonly PricingInputLine[]) =>
  lines.map((l) => max(ZERO, sub(times(l.unitPriceMinor, l.quantity), l.discountMinor)));

/**
 * The sale's price with the coupon's state: a usable coupon is priced in (or refused, when it
 * applies to nothing in the cart or the cart is below its minimum spend, by the sale's rule); a
 * refused one is named; one still being checked is left out until the check answers.
 */
export function salePrice(lines: readonly PricingInputLine[], coupon: CouponState): SalePrice {
  const usable = coupon.status === 'usable' ? coupon.coupon : null;
  const asPricing = (withCoupon: Coupon | null) =>
    lines.map((l) => ({
      unitPriceMinor: l.unitPriceMinor,
      quantity: l.quantity,
      discountMinor: l.discountMinor,
      taxRateBp: l.taxRateBp ?? 0,
      couponEligible: withCoupon !== null && couponAppliesTo(withCoupon, { type: l.itemType, id: l.itemId }),
    }));
  let priced: PricedCart;
  try {
    priced = priceCart(asPricing(usable), usable ? couponTerms(usable, usable.amount) : null);
  } catch (error) {
    if (!(error instanceof PricingRefusal)) throw error;
    const total = sum(plain(lines));
    return {
      subtotalMinor: sum(lines.map((l) => times(l.unitPriceMinor, l.quantity))),
      couponDiscountMinor: ZERO,
      totalMinor: total,
      couponProblem: coupon.status === 'refused' ? coupon.reason : null,
      lineProblem: error,
    };
  }
  let couponProblem: CouponProblem | null = coupon.status === 'refused' ? coupon.reason : null;
  if (usable && lines.length > 0) {
    couponProblem = couponCartRefusal(priced, usable.minSpend);
    // A coupon the cart does not take is not in the price: the sale would be refused with it.
    if (couponProblem) priced = priceCart(asPricing(null), null);
  }
  return {
    subtotalMinor: priced.subtotalMinor,
    couponDiscountMinor: priced.couponDiscountMinor,
    totalMinor: priced.totalMinor,
    couponProblem,
    lineProblem: null,
  };
}

/** The code as the check and the sale read it: trimmed. */
export const typedCode = (value: string | null | undefined) => (value ?? '').trim();
