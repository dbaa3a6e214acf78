import type { UseCaseContext } from '../../lib/use-case.ts';
import { updateOffer } from './update-offer.ts';

/** Removing an offer makes it inactive, never deletes it: invoices sold with it keep pointing at it. */
export async function deactivateOffer(ctx: UseCaseContext, { id }: { id: string }): Promise<void> {
  await updateOffer(ctx, { id, active: false });
}
