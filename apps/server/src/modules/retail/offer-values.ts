import type { updateOfferRequestSchema } from '@gym/contract/retail';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { coupons, type offers } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';
import { assertItemsExist } from './item-refs.ts';

export type OfferInput = z.infer<typeof updateOfferRequestSchema>;

/** The centres, cart items and coupon an offer names are the organisation's (404 naming the field otherwise). */
export async function assertReferences(db: TenantDb, input: OfferInput): Promise<void> {
  for (const [i, centerId] of (input.centerIds ?? []).entries()) {
    await db.usableCenter(centerId, `centerIds.${i}`, false);
  }
  if (input.cart) await assertItemsExist(db, { refs: input.cart, path: 'cart' });
  if (input.couponId && !(await db.first(coupons, eq(coupons.id, input.couponId)))) {
    const message = 'Coupon not found';
    throw new AppError(404, 'not_found', message, [{ path: 'couponId', code: 'not_found', message }]);
  }
}

/** The offer's columns for a request's fields. */
export function offerValues(input: OfferInput): Partial<typeof offers.$inferInsert> {
  const values: Partial<typeof offers.$inferInsert> = { ...input };
  // "Every centre" needs no list; a kept list would reappear when the switch is turned off.
  if (input.allCenters === true) values.centerIds = [];
  if (input.centerIds) values.centerIds = [...new Set(input.allCenters === true ? [] : input.centerIds)];
  return values;
}
