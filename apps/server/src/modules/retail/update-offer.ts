import { type Offer, offerShapeIssues } from '@gym/contract/retail';
import { eq } from 'drizzle-orm';
import { offers } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { getOffer } from './offer-queries.ts';
import { assertReferences, type OfferInput, offerValues } from './offer-values.ts';
import { invalid } from './shared.ts';

export async function updateOffer(ctx: UseCaseContext, { id, ...input }: OfferInput & { id: string }): Promise<Offer> {
  const current = await ctx.db.first(offers, eq(offers.id, id));
  if (!current) throw notFound('offer');
  const issues = offerShapeIssues({
    validFrom: input.validFrom !== undefined ? input.validFrom : current.validFrom,
    validUntil: input.validUntil !== undefined ? input.validUntil : current.validUntil,
    allCenters: input.allCenters ?? current.allCenters,
    centerIds: input.centerIds ?? current.centerIds,
  });
  if (issues.length > 0) throw invalid(issues);
  await assertReferences(ctx.db, input);
  const set = offerValues(input);
  if (Object.keys(set).length > 0) {
    set.updatedAt = ctx.clock.now();
    await ctx.db.update(offers, set, eq(offers.id, id));
    const hide = (o: Record<string, unknown>) => ({
      ...o,
      image: o.image ? `(image ${String(o.image).length})` : null,
    });
    await recordAudit(ctx, {
      action: 'offer.updated',
      entityType: 'offer',
      entityId: id,
      summary: `Offer ${current.title} changed`,
      before: hide(current),
      after: hide({ ...current, ...set }),
      fields: [
        'title',
        'body',
        'image',
        'validFrom',
        'validUntil',
        'allCenters',
        'centerIds',
        'cart',
        'couponId',
        'active',
      ],
    });
  }
  return getOffer(ctx.db, id);
}
