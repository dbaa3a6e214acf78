/**
 * Pricing a sale's cart: pure functions of integers (minor units), the one rule of the server's sale
 * and of the sale screens' total, so that the desk sees, as the code is typed, the total, the
 * installments, the amount to pay and the change the saved invoice will have. The property tests
 * prove, for any cart, that lines, discounts, the coupon and tax add up to the total.
 */
import {
  add,
  allocate,
  BASIS,
  includedTax,
  type Minor,
  MONEY_MAX,
  min,
  minor,
  percent,
  sub,
  sum,
  times,
  ZERO,
} from './money.ts';

export interface PricingLine {
  unitPriceMinor: Minor;
  quantity: number;
  /** The line's manual discount (not the coupon's). */
  discountMinor: Minor;
  taxRateBp: number;
  /** Whether the coupon applies to this line. */
  couponEligible: boolean;
}

export interface CouponTerms {
  kind: 'percent' | 'amount';
  percentBp: number;
  amountMinor: Minor;
}

export interface PricedLine {
  grossMinor: Minor;
  discountMinor: Minor;
  couponDiscountMinor: Minor;
  totalMinor: Minor;
  taxMinor: Minor;
  taxRateBp: number;
}

export interface PricedCart {
  lines: PricedLine[];
  subtotalMinor: Minor;
  /** Manual discounts and the coupon's together. */
  discountMinor: Minor;
  couponDiscountMinor: Minor;
  totalMinor: Minor;
  taxMinor: Minor;
  /** Σ of eligible lines after their own discounts: what the coupon takes its share of. */
  eligibleMinor: Minor;
}

/** A cart the rule refuses: the request path and the field code the server answers with. */
export class PricingRefusal extends Error {
  constructor(
    readonly path: string,
    readonly code: 'line_too_large' | 'discount_too_large' | 'total_too_large',
    message: string,
  ) {
    super(message);
    this.name = 'PricingRefusal';
  }
}

/**
 * Prices `lines` with `coupon`: each line is quantity × unit price − its discount (never below zero),
 * at most `MONEY_MAX` before its discount, and so is the cart's subtotal (`line_too_large`,
 * `total_too_large`); the coupon takes a percentage of (or a fixed amount off, at most) the eligible
 * lines, spread over them in proportion; each line's tax is the tax its total includes. Throws a
 * `PricingRefusal` naming the line.
 */
export function priceCart(lines: readonly PricingLine[], coupon: CouponTerms | null): PricedCart {
  const afterLine = lines.map((l, i) => {
    // No line (and below, no cart) may pass the largest amount: its sums then stay exact integers.
    if (BigInt(l.unitPriceMinor) * BigInt(l.quantity) > BigInt(MONEY_MAX)) {
      throw new PricingRefusal(`lines.${i}.quantity`, 'line_too_large', 'This line is more than an invoice may hold');
    }
    const gross = times(l.unitPriceMinor, l.quantity);
    if (l.discountMinor > gross) {
      throw new PricingRefusal(`lines.${i}.discountMinor`, 'discount_too_large', 'The discount is more than the line');
    }
    return { gross, after: sub(gross, l.discountMinor) };
  });
  if (sum(afterLine.map((x) => x.gross)) > MONEY_MAX) {
    throw new PricingRefusal('lines', 'total_too_large', 'The sale is more than an invoice may hold');
  }
  const eligible = sum(afterLine.filter((_, i) => lines[i]!.couponEligible).map((x) => x.after));
  let couponTotal = ZERO;
  if (coupon) {
    couponTotal = coupon.kind === 'percent' ? percent(eligible, coupon.percentBp) : min(coupon.amountMinor, eligible);
  }
  const weights = afterLine.map((x, i) => (lines[i]!.couponEligible ? x.after : 0));
  const couponShares = allocate(couponTotal, weights);
  const priced: PricedLine[] = lines.map((l, i) => {
    const total = sub(afterLine[i]!.after, couponShares[i]!);
    return {
      grossMinor: afterLine[i]!.gross,
      discountMinor: l.discountMinor,
      couponDiscountMinor: couponShares[i]!,
      totalMinor: total,
      taxMinor: includedTax(total, l.taxRateBp),
      taxRateBp: l.taxRateBp,
    };
  });
  return {
    lines: priced,
    subtotalMinor: sum(priced.map((l) => l.grossMinor)),
    discountMinor: sum(priced.map((l) => add(l.discountMinor, l.couponDiscountMinor))),
    couponDiscountMinor: couponTotal,
    totalMinor: sum(priced.map((l) => l.totalMinor)),
    taxMinor: sum(priced.map((l) => l.taxMinor)),
    eligibleMinor: eligible,
  };
}

/** What the coupon rule needs of a coupon (the `coupons` row and the contract's `Coupon` have these). */
export interface CouponScope {
  kind: string;
  percentBp: number;
  /** Empty: every item type. */
  appliesToTypes: readonly string[];
  /** Empty: every item (of those types). */
  appliesToItems: readonly { type: string; id: string }[];
}

/** Whether the coupon applies to an item of the cart. */
export function couponAppliesTo(coupon: CouponScope, item: { type: string; id: string }): boolean {
  return (
    (coupon.appliesToTypes.length === 0 || coupon.appliesToTypes.includes(item.type)) &&
    (coupon.appliesToItems.length === 0 || coupon.appliesToItems.some((r) => r.type === item.type && r.id === item.id))
  );
}

/** The coupon's terms for `priceCart`; `amountMinor` is the coupon's amount off. */
export function couponTerms(coupon: { kind: string; percentBp: number }, amountMinor: number): CouponTerms {
  return {
    kind: coupon.kind === 'percent' ? 'percent' : 'amount',
    percentBp: coupon.percentBp,
    amountMinor: minor(amountMinor),
  };
}

/**
 * Why a usable coupon still cannot be used on this priced cart: it applies to nothing in it
 * (`not_applicable`), or the cart after its manual discounts is below the coupon's minimum spend
 * (`min_spend`); `null` when it can.
 */
export function couponCartRefusal(priced: PricedCart, minSpendMinor: number): 'not_applicable' | 'min_spend' | null {
  if (priced.eligibleMinor === 0) return 'not_applicable';
  const afterManualDiscounts = sub(priced.subtotalMinor, sub(priced.discountMinor, priced.couponDiscountMinor));
  if (afterManualDiscounts < minSpendMinor) return 'min_spend';
  return null;
}

/**
 * Whether a manual discount stays within the organisation's cap (`manualDiscountCapBp` of the
 * line's gross, quantity × unit price): within it, staff without the price-override permission may
 * give it. Exact, in integers: discount × 10,000 ≤ gross × cap.
 */
export function withinDiscountCap(discountMinor: number, grossMinor: number, capBp: number): boolean {
  return BigInt(discountMinor) * BigInt(BASIS) <= BigInt(grossMinor) * BigInt(capBp);
}

/** The largest manual discount within the cap on a line of `grossMinor` (rounded down). */
export function largestCappedDiscount(grossMinor: number, capBp: number): Minor {
  return minor(Number((BigInt(grossMinor) * BigInt(capBp)) / BigInt(BASIS)));
}
