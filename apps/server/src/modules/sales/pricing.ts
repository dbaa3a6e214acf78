/**
 * Pricing a cart and planning its installments: pure functions of integers (minor units), so that
 * the property tests can prove, for any cart, that lines, discounts, the coupon and tax add up to the
 * total, and that deposit plus installments equal it. The cart's rule itself is the contract's.
 */
import { add, type Minor, minor, splitEqually, sub, sum, ZERO } from '@gym/contract/money';
import {
  type CouponTerms,
  type PricedCart,
  type PricingLine,
  PricingRefusal,
  priceCart as priceCartRule,
} from '@gym/contract/pricing';
import type { BusinessDate } from '@gym/contract/time';
import { AppError } from '../../lib/errors.ts';

export type { CouponTerms, PricedCart, PricedLine } from '@gym/contract/pricing';
export type CartLine = PricingLine;

const refuse = (path: string, code: string, message: string) =>
  new AppError(422, 'business_rule', message, [{ path, code, message }]);

/**
 * Prices `lines` with `coupon` by the contract's one rule (`@gym/contract/pricing`, which the sale
 * screens use for the total they show); a cart it refuses is a 422 naming the line.
 */
export function priceCart(lines: readonly CartLine[], coupon: CouponTerms | null): PricedCart {
  try {
    return priceCartRule(lines, coupon);
  } catch (error) {
    if (error instanceof PricingRefusal) throw refuse(error.path, error.code, error.message);
    throw error;
  }
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
