import type { Coupon, createCouponRequestSchema } from '@gym/contract/retail';
import type { z } from 'zod';
import { coupons } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { getCoupon } from './coupon-queries.ts';
import { COUPON_UNIQUE, type CouponInput, couponValues } from './coupon-values.ts';
import { assertItemsExist } from './item-refs.ts';
import { uniquely } from './shared.ts';

export async function createCoupon(
  ctx: UseCaseContext,
  input: z.infer<typeof createCouponRequestSchema>,
): Promise<Coupon> {
  await assertItemsExist(ctx.db, { refs: input.appliesToItems, path: 'appliesToItems' });
  const values = couponValues(input as CouponInput) as typeof coupons.$inferInsert;
  const [row] = await uniquely(ctx, { unique: COUPON_UNIQUE, write: (db) => db.insert(coupons, values) });
  await recordAudit(ctx, {
    action: 'coupon.created',
    entityType: 'coupon',
    entityId: row!.id,
    summary: `Coupon ${input.code} created`,
    after: values,
  });
  return getCoupon(ctx.db, row!.id);
}
