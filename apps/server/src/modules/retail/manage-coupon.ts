import {
  type Coupon,
  couponShapeIssues,
  type createCouponRequestSchema,
  type updateCouponRequestSchema,
} from '@gym/contract/retail';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { coupons } from '../../db/schema/index.ts';
import { audit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { assertItemsExist } from './item-refs.ts';
import { getCoupon } from './queries.ts';
import { invalid, type UniqueFields, uniquely } from './shared.ts';

/** Codes are stored as typed and unique per organisation upper-cased (`welcome10` is `WELCOME10`). */
const UNIQUE: UniqueFields = {
  coupons_org_code: { path: 'code', code: 'code_taken', message: 'Another coupon has this code' },
};
const AUDITED = [
  'code',
  'description',
  'kind',
  'percentBp',
  'amountMinor',
  'validFrom',
  'validUntil',
  'usageLimit',
  'perMemberLimit',
  'minSpendMinor',
  'appliesToTypes',
  'appliesToItems',
  'active',
];

type Input = z.infer<typeof updateCouponRequestSchema>;

function toValues(input: Input): Partial<typeof coupons.$inferInsert> {
  const { amount, minSpend, ...rest } = input;
  const values: Partial<typeof coupons.$inferInsert> = { ...rest };
  if (amount !== undefined) values.amountMinor = amount;
  if (minSpend !== undefined) values.minSpendMinor = minSpend;
  // The unused figure of the other kind is kept at 0, so a row says one thing.
  if (values.kind === 'percent') values.amountMinor = 0;
  if (values.kind === 'amount') values.percentBp = 0;
  return values;
}

export async function createCoupon(
  ctx: UseCaseContext,
  input: z.infer<typeof createCouponRequestSchema>,
): Promise<Coupon> {
  await assertItemsExist(ctx.tx, ctx.auth, input.appliesToItems, 'appliesToItems');
  const values = toValues(input as Input) as typeof coupons.$inferInsert;
  const [row] = await uniquely(ctx, UNIQUE, () => ctx.db.insert(coupons, values));
  await audit(ctx.tx, ctx.auth, null, {
    action: 'coupon.created',
    entityType: 'coupon',
    entityId: row!.id,
    summary: `Coupon ${input.code} created`,
    after: values,
  });
  return getCoupon(ctx.tx, ctx.auth, row!.id);
}

export async function updateCoupon(ctx: UseCaseContext, { id, ...input }: Input & { id: string }): Promise<Coupon> {
  const current = await ctx.db.first(coupons, eq(coupons.id, id));
  if (!current) throw notFound('coupon');
  const kind = input.kind ?? (current.kind as 'percent' | 'amount');
  const issues = couponShapeIssues({
    kind,
    percentBp: input.percentBp ?? (input.kind ? undefined : current.percentBp),
    amount: input.amount ?? (input.kind ? undefined : current.amountMinor),
    validFrom: input.validFrom !== undefined ? input.validFrom : current.validFrom,
    validUntil: input.validUntil !== undefined ? input.validUntil : current.validUntil,
    appliesToTypes: input.appliesToTypes,
  });
  if (issues.length > 0) throw invalid(issues);
  if (input.appliesToItems) await assertItemsExist(ctx.tx, ctx.auth, input.appliesToItems, 'appliesToItems');
  const set = toValues({ ...input, kind });
  if (Object.keys(input).length > 0) {
    set.updatedAt = ctx.clock.now();
    await uniquely(ctx, UNIQUE, () => ctx.db.update(coupons, set, eq(coupons.id, id)));
    await audit(ctx.tx, ctx.auth, null, {
      action: 'coupon.updated',
      entityType: 'coupon',
      entityId: id,
      summary: `Coupon ${current.code} changed`,
      before: current,
      after: { ...current, ...set },
      fields: AUDITED,
    });
  }
  return getCoupon(ctx.tx, ctx.auth, id);
}
