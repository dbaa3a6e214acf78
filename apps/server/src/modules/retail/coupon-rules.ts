import type { CouponRefusal } from '@gym/contract/retail';

/** What the rule needs of a coupon (a `coupons` row has these fields). */
export interface CouponRuleFacts {
  active: boolean;
  validFrom: string | null;
  validUntil: string | null;
  usageLimit: number | null;
  perMemberLimit: number | null;
  minSpendMinor: number;
}

export interface CouponRuleSituation {
  /** The selling centre's business date, `YYYY-MM-DD` (never UTC's). */
  today: string;
  /** Uses of the coupon so far, released ones (refunds, voids) not counted. */
  usesTotal: number;
  /** Uses of the coupon by this member so far (0 when no member is named). */
  usesByMember: number;
  /** Total of the cart lines the coupon applies to, minor units; `null` when not known yet (minimum spend not judged). */
  eligibleSubtotal: number | null;
}

/**
 * Why `coupon` cannot be used now, or `null` when it can. The one rule of the coupon check and of
 * the sale: `unknown` (no such coupon), `inactive`, `not_yet_valid` (today < validFrom), `expired`
 * (today > validUntil; both ends count as valid days), `used_up` (usesTotal >= usageLimit),
 * `member_limit` (usesByMember >= perMemberLimit), `min_spend` (eligibleSubtotal < minimum spend).
 * The first that applies, in that order. A limit of `null` is unlimited. Pure: the caller counts
 * the uses (the sale does it with the coupon's row locked, so two sales cannot both take the last use).
 */
export function couponRefusal(
  coupon: CouponRuleFacts | null | undefined,
  situation: CouponRuleSituation,
): CouponRefusal | null {
  if (!coupon) return 'unknown';
  if (!coupon.active) return 'inactive';
  if (coupon.validFrom !== null && situation.today < coupon.validFrom) return 'not_yet_valid';
  if (coupon.validUntil !== null && situation.today > coupon.validUntil) return 'expired';
  if (coupon.usageLimit !== null && situation.usesTotal >= coupon.usageLimit) return 'used_up';
  if (coupon.perMemberLimit !== null && situation.usesByMember >= coupon.perMemberLimit) return 'member_limit';
  if (situation.eligibleSubtotal !== null && situation.eligibleSubtotal < coupon.minSpendMinor) return 'min_spend';
  return null;
}
