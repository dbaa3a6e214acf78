import type { UseCaseContext } from '../../lib/use-case.ts';
import { updateProductSet } from './update-product-set.ts';

/** Removing a product set makes it inactive, never deletes it: invoices keep pointing at it. */
export async function deactivateProductSet(ctx: UseCaseContext, { id }: { id: string }): Promise<void> {
  await updateProductSet(ctx, { id, active: false });
}
