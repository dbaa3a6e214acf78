import type { UseCaseContext } from '../../lib/use-case.ts';
import { updateProduct } from './update-product.ts';

/**
 * Removing a product from the catalogue makes it inactive, never deletes it: invoices and stock
 * movements keep pointing at it, and `{active: true}` brings it back.
 */
export async function deactivateProduct(ctx: UseCaseContext, { id }: { id: string }): Promise<void> {
  await updateProduct(ctx, { id, active: false });
}
