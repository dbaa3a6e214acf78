import { type Coupon, couponShapeIssues } from '@gym/contract/retail';
import { eq } from 'drizzle-orm';
import { coupons } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { getCoupon } from './coupon-queries.ts';
import { COUPON_UNIQUE, type CouponInput, couponValues } from './coupon-values.ts';
import { assertItemsExist } from './item-refs.ts';
import { invalid, uniquely } from './shared.ts';

const AUDITED = [
  'code',
  'description',
  'kind',
  'percentBp',
  'amountMinor',
  'validFrom',
  'validUntil',
  'usageLimit',
  'perMemberLimit',
  'minSpendMinor',
  'appliesToTypes',
  'appliesToItems',
  'active',
];

export async function updateCoupon(
  ctx: UseCaseContext,
  { id, ...input }: CouponInput & { id: string },
): Promise<Coupon> {
  const current = await ctx.db.first(coupons, eq(coupons.id, id));
  if (!current) throw notFound('coupon');
  const kind = input.kind ?? (current.kind as 'percent' | 'amount');
  const issues = couponShapeIssues({
    kind,
    percentBp: input.percentBp ?? (input.kind ? undefined : current.percentBp),
    amount: input.amount ?? (input.kind ? undefined : current.amountMinor),
    validFrom: input.validFrom !== undefined ? input.validFrom : current.validFrom,
    validUntil: input.validUntil !== undefined ? input.validUntil : current.validUntil,
    appliesToTypes: input.appliesToTypes,
  });
  if (issues.length > 0) throw invalid(issues);
  if (input.appliesToItems) await assertItemsExist(ctx.db, { refs: input.appliesToItems, path: 'appliesToItems' });
  const set = couponValues({ ...input, kind });
  if (Object.keys(input).length > 0) {
    set.updatedAt = ctx.clock.now();
    await uniquely(ctx, { unique: COUPON_UNIQUE, write: (db) => db.update(coupons, set, eq(coupons.id, id)) });
    await recordAudit(ctx, {
      action: 'coupon.updated',
      entityType: 'coupon',
      entityId: id,
      summary: `Coupon ${current.code} changed`,
      before: current,
      after: { ...current, ...set },
      fields: AUDITED,
    });
  }
  return getCoupon(ctx.db, id);
}
