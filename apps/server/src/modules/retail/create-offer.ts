import type { createOfferRequestSchema, Offer } from '@gym/contract/retail';
import type { z } from 'zod';
import { offers } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { getOffer } from './offer-queries.ts';
import { assertReferences, offerValues } from './offer-values.ts';

export async function createOffer(
  ctx: UseCaseContext,
  input: z.infer<typeof createOfferRequestSchema>,
): Promise<Offer> {
  await assertReferences(ctx.db, input);
  const values = offerValues(input) as typeof offers.$inferInsert;
  const [row] = await ctx.db.insert(offers, values);
  await recordAudit(ctx, {
    action: 'offer.created',
    entityType: 'offer',
    entityId: row!.id,
    summary: `Offer ${input.title} created`,
    after: { ...values, image: values.image ? '(image)' : null },
  });
  return getOffer(ctx.db, row!.id);
}
