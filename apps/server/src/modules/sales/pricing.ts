/**
 * Pricing a cart and planning its installments: pure functions of integers (minor units), so that
 * the property tests can prove, for any cart, that lines, discounts, the coupon and tax add up to the
 * total, and that deposit plus installments equal it.
 */
import {
  add,
  allocate,
  includedTax,
  type Minor,
  MONEY_MAX,
  min,
  minor,
  percent,
  splitEqually,
  sub,
  sum,
  times,
  ZERO,
} from '@gym/contract/money';
import type { BusinessDate } from '@gym/contract/time';
import { AppError } from '../../lib/errors.ts';

export interface CartLine {
  unitPriceMinor: Minor;
  quantity: number;
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
  discountMinor: Minor;
  couponDiscountMinor: Minor;
  totalMinor: Minor;
  taxMinor: Minor;
  /** Σ of eligible lines after their own discounts: what the coupon's minimum spend is checked against. */
  eligibleMinor: Minor;
}

const refuse = (path: string, code: string, message: string) =>
  new AppError(422, 'business_rule', message, [{ path, code, message }]);

/**
 * Prices `lines` with `coupon`: each line is quantity × unit price − its discount (never below zero),
 * at most `MONEY_MAX` before its discount, and so is the cart's subtotal (422 `line_too_large`, `total_too_large`);
 * the coupon takes a percentage of (or a fixed amount off, at most) the eligible lines, spread over
 * them in proportion; each line's tax is the tax its total includes.
 */
export function priceCart(lines: readonly CartLine[], coupon: CouponTerms | null): PricedCart {
  const afterLine = lines.map((l, i) => {
    // No line (and below, no cart) may pass the largest amount: its sums then stay exact integers.
    if (BigInt(l.unitPriceMinor) * BigInt(l.quantity) > BigInt(MONEY_MAX)) {
      throw refuse(`lines.${i}.quantity`, 'line_too_large', 'This line is more than an invoice may hold');
    }
    const gross = times(l.unitPriceMinor, l.quantity);
    if (l.discountMinor > gross) {
      throw refuse(`lines.${i}.discountMinor`, 'discount_too_large', 'The discount is more than the line');
    }
    return { gross, after: sub(gross, l.discountMinor) };
  });
  if (sum(afterLine.map((x) => x.gross)) > MONEY_MAX) {
    throw refuse('lines', 'total_too_large', 'The sale is more than an invoice may hold');
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

/** Net, tax and gross per tax rate (rates ascending). */
export function taxBreakdown(lines: readonly { totalMinor: number; taxMinor: number; taxRateBp: number }[]) {
  const byRate = new Map<number, { gross: Minor; tax: Minor }>();
  for (const l of lines) {
    const b = byRate.get(l.taxRateBp) ?? { gross: ZERO, tax: ZERO };
    byRate.set(l.taxRateBp, { gross: add(b.gross, minor(l.totalMinor)), tax: add(b.tax, minor(l.taxMinor)) });
  }
  return [...byRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([rateBp, b]) => ({ rateBp, grossMinor: b.gross, taxMinor: b.tax, netMinor: sub(b.gross, b.tax) }));
}

export interface PlannedInstallment {
  seq: number;
  dueOn: BusinessDate;
  amountMinor: Minor;
}

/**
 * The deposit (seq 0, due on `today`) and installments of `total`. Without a deposit or installments,
 * the whole is due today. Installments without an amount share what is left equally, the remainder
 * on the last; amounts given must leave nothing over or short. Due dates are not before today and
 * come in order.
 */
export function planInstallments(
  total: Minor,
  today: BusinessDate,
  deposit: Minor | undefined,
  parts: readonly { dueOn: BusinessDate; amountMinor?: Minor | undefined }[],
): PlannedInstallment[] {
  if (total === 0) {
    if (deposit || parts.length > 0)
      throw refuse('installments', 'installments_nothing_due', 'Nothing to pay in installments');
    return [];
  }
  if (parts.length === 0) {
    if (deposit !== undefined && deposit !== total) {
      throw refuse('installments', 'installments_required', 'Add installments for what the deposit leaves');
    }
    return [{ seq: 0, dueOn: today, amountMinor: total }];
  }
  const first = deposit ?? ZERO;
  if (first >= total) throw refuse('depositMinor', 'deposit_too_large', 'The deposit must be less than the total');
  parts.forEach((p, i) => {
    if (p.dueOn < today) throw refuse(`installments.${i}.dueOn`, 'due_in_past', 'A due date is before today');
    if (i > 0 && p.dueOn < parts[i - 1]!.dueOn) {
      throw refuse(`installments.${i}.dueOn`, 'due_out_of_order', 'Due dates must be in order');
    }
  });
  const rest = sub(total, first);
  const given = sum(parts.flatMap((p) => (p.amountMinor === undefined ? [] : [p.amountMinor])));
  const open = parts.filter((p) => p.amountMinor === undefined).length;
  const left = sub(rest, given);
  if (open === 0 ? left !== 0 : left < open) {
    throw refuse('installments', 'installments_sum', 'The installments do not add up to the total');
  }
  const shares = open > 0 ? splitEqually(left, open) : [];
  let k = 0;
  const planned: PlannedInstallment[] = parts.map((p, i) => ({
    seq: i + 1,
    dueOn: p.dueOn,
    amountMinor: p.amountMinor ?? shares[k++]!,
  }));
  return first > 0 ? [{ seq: 0, dueOn: today, amountMinor: first }, ...planned] : planned;
}
