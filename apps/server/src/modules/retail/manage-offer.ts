import {
  type createOfferRequestSchema,
  type Offer,
  offerShapeIssues,
  type updateOfferRequestSchema,
} from '@gym/contract/retail';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { coupons, offers } from '../../db/schema/index.ts';
import { audit } from '../../lib/audit.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { assertItemsExist } from './item-refs.ts';
import { getOffer } from './queries.ts';
import { invalid } from './shared.ts';

type Input = z.infer<typeof updateOfferRequestSchema>;

/** The centres, cart items and coupon an offer names are the organisation's (404 naming the field otherwise). */
async function assertReferences(ctx: UseCaseContext, input: Input): Promise<void> {
  for (const [i, centerId] of (input.centerIds ?? []).entries()) {
    await ctx.db.usableCenter(centerId, `centerIds.${i}`, false);
  }
  if (input.cart) await assertItemsExist(ctx.tx, ctx.auth, input.cart, 'cart');
  if (input.couponId && !(await ctx.db.first(coupons, eq(coupons.id, input.couponId)))) {
    const message = 'Coupon not found';
    throw new AppError(404, 'not_found', message, [{ path: 'couponId', code: 'not_found', message }]);
  }
}

function toValues(input: Input): Partial<typeof offers.$inferInsert> {
  const values: Partial<typeof offers.$inferInsert> = { ...input };
  // "Every centre" needs no list; a kept list would reappear when the switch is turned off.
  if (input.allCenters === true) values.centerIds = [];
  if (input.centerIds) values.centerIds = [...new Set(input.allCenters === true ? [] : input.centerIds)];
  return values;
}

export async function createOffer(
  ctx: UseCaseContext,
  input: z.infer<typeof createOfferRequestSchema>,
): Promise<Offer> {
  await assertReferences(ctx, input);
  const values = toValues(input) as typeof offers.$inferInsert;
  const [row] = await ctx.db.insert(offers, values);
  await audit(ctx.tx, ctx.auth, null, {
    action: 'offer.created',
    entityType: 'offer',
    entityId: row!.id,
    summary: `Offer ${input.title} created`,
    after: { ...values, image: values.image ? '(image)' : null },
  });
  return getOffer(ctx.tx, ctx.auth, row!.id);
}

export async function updateOffer(ctx: UseCaseContext, { id, ...input }: Input & { id: string }): Promise<Offer> {
  const current = await ctx.db.first(offers, eq(offers.id, id));
  if (!current) throw notFound('offer');
  const issues = offerShapeIssues({
    validFrom: input.validFrom !== undefined ? input.validFrom : current.validFrom,
    validUntil: input.validUntil !== undefined ? input.validUntil : current.validUntil,
    allCenters: input.allCenters ?? current.allCenters,
    centerIds: input.centerIds ?? current.centerIds,
  });
  if (issues.length > 0) throw invalid(issues);
  await assertReferences(ctx, input);
  const set = toValues(input);
  if (Object.keys(set).length > 0) {
    set.updatedAt = ctx.clock.now();
    await ctx.db.update(offers, set, eq(offers.id, id));
    const hide = (o: Record<string, unknown>) => ({
      ...o,
      image: o.image ? `(image ${String(o.image).length})` : null,
    });
    await audit(ctx.tx, ctx.auth, null, {
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
  return getOffer(ctx.tx, ctx.auth, id);
}
