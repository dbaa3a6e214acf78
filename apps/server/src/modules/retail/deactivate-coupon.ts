import type { UseCaseContext } from '../../lib/use-case.ts';
import { updateCoupon } from './update-coupon.ts';

/** Removing a coupon makes it inactive, never deletes it: invoices and their uses keep pointing at it. */
export async function deactivateCoupon(ctx: UseCaseContext, { id }: { id: string }): Promise<void> {
  await updateCoupon(ctx, { id, active: false });
}
