/** The coupon a sale uses: the one typed or the one its offer comes with, its row locked, judged by the coupon rule. */
import type { BusinessDate } from '@gym/contract/time';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { coupons, couponUses, offers } from '../../db/schema/index.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { couponRefusal } from '../retail/index.ts';
import { covers, refuse, type SaleInput } from './sale-items.ts';

const COUPON_MESSAGES: Record<string, string> = {
  unknown: 'No coupon has this code',
  inactive: 'This coupon is switched off',
  not_yet_valid: 'This coupon is not valid yet',
  expired: 'This coupon has expired',
  used_up: 'This coupon has been used as many times as it may be',
  member_limit: 'This member has already used this coupon as often as allowed',
  min_spend: 'The cart is below the coupon’s minimum spend',
};
export const couponRefused = (code: string) => refuse('couponCode', `coupon_${code}`, COUPON_MESSAGES[code] ?? code);

/**
 * The coupon named by `code`, its row locked (so its last use goes to one sale), with its uses so
 * far; refused by the retail catalogue's one coupon rule (`couponRefusal`), minimum spend aside
 * (judged once the cart is priced).
 */
export async function lockCoupon(
  ctx: UseCaseContext,
  { code, memberId, today }: { code: string; memberId: string; today: BusinessDate },
) {
  const [coupon] = await ctx.db.wholeOrganisation.lock(coupons, sql`upper(${coupons.code}) = upper(${code})`);
  const [counts] = coupon
    ? await ctx.db.wholeOrganisation
        .select({
          total: sql<number>`count(*)::int`,
          mine: sql<number>`count(*) filter (where ${couponUses.memberId} = ${memberId})::int`,
        })
        .from(couponUses)
        .where(and(eq(couponUses.couponId, coupon.id), isNull(couponUses.releasedAt)))
    : [];
  const situation = { today, usesTotal: counts?.total ?? 0, usesByMember: counts?.mine ?? 0 };
  const refusal = couponRefusal(coupon, { ...situation, eligibleSubtotal: null });
  if (refusal) throw couponRefused(refusal);
  return { coupon: coupon!, situation };
}

const OFFER_MESSAGES: Record<string, string> = {
  offer_unknown: 'No offer has this id',
  offer_inactive: 'This offer is switched off',
  offer_not_current: 'This offer does not run at this centre today',
};

/**
 * The offer the sale names must be the organisation's, switched on, and running at the centre on its
 * business date (the rule of `GET /offers/current`); its rule is its coupon, which the sale then uses:
 * applied when the sale names none, and no other coupon may be named with it. Answers the coupon code
 * the sale uses, if any.
 */
export async function offerCoupon(
  ctx: UseCaseContext,
  input: Pick<SaleInput, 'offerId' | 'couponCode'> & { centerId: string; today: BusinessDate },
): Promise<string | undefined> {
  const { centerId, today } = input;
  if (!input.offerId) return input.couponCode;
  const offer = await ctx.db.first(offers, eq(offers.id, input.offerId));
  const refusal = !offer
    ? 'offer_unknown'
    : !offer.active
      ? 'offer_inactive'
      : (offer.validFrom && offer.validFrom > today) ||
          (offer.validUntil && offer.validUntil < today) ||
          !covers(offer, centerId)
        ? 'offer_not_current'
        : null;
  if (refusal) throw refuse('offerId', refusal, OFFER_MESSAGES[refusal]!);
  if (!offer!.couponId) return input.couponCode;
  const [coupon] = await ctx.db.wholeOrganisation
    .select({ code: coupons.code })
    .from(coupons)
    .where(eq(coupons.id, offer!.couponId));
  if (!coupon) return input.couponCode;
  if (input.couponCode && input.couponCode.toUpperCase() !== coupon.code.toUpperCase()) {
    throw refuse('couponCode', 'offer_coupon_other', 'This offer comes with its own coupon');
  }
  return coupon.code;
}
