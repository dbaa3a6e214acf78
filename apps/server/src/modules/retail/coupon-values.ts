import type { updateCouponRequestSchema } from '@gym/contract/retail';
import type { z } from 'zod';
import type { coupons } from '../../db/schema/index.ts';
import type { UniqueFields } from './shared.ts';

/** Codes are stored as typed and unique per organisation upper-cased (`welcome10` is `WELCOME10`). */
export const COUPON_UNIQUE: UniqueFields = {
  coupons_org_code: { path: 'code', code: 'code_taken', message: 'Another coupon has this code' },
};

export type CouponInput = z.infer<typeof updateCouponRequestSchema>;

/** The coupon's columns for a request's fields. */
export function couponValues(input: CouponInput): Partial<typeof coupons.$inferInsert> {
  const { amount, minSpend, ...rest } = input;
  const values: Partial<typeof coupons.$inferInsert> = { ...rest };
  if (amount !== undefined) values.amountMinor = amount;
  if (minSpend !== undefined) values.minSpendMinor = minSpend;
  // The unused figure of the other kind is kept at 0, so a row says one thing.
  if (values.kind === 'percent') values.amountMinor = 0;
  if (values.kind === 'amount') values.percentBp = 0;
  return values;
}
