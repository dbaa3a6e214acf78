import { CATALOGUE_CODES, type MembershipPlan, type updateMembershipPlanRequestSchema } from '@gym/contract/catalogue';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { membershipPlans } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { assertWithinCaller, changedCoverage } from './coverage.ts';
import { getMembershipPlan } from './queries.ts';
import { withUniqueName } from './unique-name.ts';

/** Freeze rules of the plan as it will be: no freeze days and no fee when no freeze is allowed. */
function checkFreezes(plan: { maxFreezes: number; maxFreezeDays: number; freezeFeeMinor: number }): void {
  if (plan.maxFreezes !== 0) return;
  const fields = [];
  if (plan.maxFreezeDays !== 0) {
    fields.push({
      path: 'maxFreezeDays',
      code: CATALOGUE_CODES.freezeDaysWithoutFreezes,
      message: 'No freeze days without freezes',
    });
  }
  if (plan.freezeFeeMinor !== 0) {
    fields.push({
      path: 'freezeFee',
      code: CATALOGUE_CODES.freezeFeeWithoutFreezes,
      message: 'No freeze fee without freezes',
    });
  }
  if (fields.length > 0) throw new AppError(400, 'validation_failed', 'Freeze rules do not agree', fields);
}

/**
 * Changes a plan (including activation: `active`). What was already sold keeps its own copy of
 * name, coverage, freeze rules and price (entitlements and invoice lines), so a new price or length
 * applies to later sales only.
 */
export async function updateMembershipPlan(
  ctx: UseCaseContext,
  input: z.infer<typeof updateMembershipPlanRequestSchema> & { id: string },
): Promise<MembershipPlan> {
  const { id, allCenters, centerIds, price, freezeFee, description, ...rest } = input;
  // A plan the caller does not see (another organisation's, or none of their centres') does not exist for them.
  await getMembershipPlan(ctx.db, id);
  const [current] = await ctx.db.lock(membershipPlans, eq(membershipPlans.id, id));
  if (!current) throw notFound('membership plan');
  assertWithinCaller(ctx.auth, current);
  const set: Partial<typeof membershipPlans.$inferInsert> = { ...rest, updatedAt: ctx.clock.now() };
  if (description !== undefined) set.description = description || null;
  if (price !== undefined) set.priceMinor = price;
  if (freezeFee !== undefined) set.freezeFeeMinor = freezeFee;
  Object.assign(set, await changedCoverage(ctx.db, { current, allCenters, centerIds }));
  checkFreezes({
    maxFreezes: set.maxFreezes ?? current.maxFreezes,
    maxFreezeDays: set.maxFreezeDays ?? current.maxFreezeDays,
    freezeFeeMinor: set.freezeFeeMinor ?? current.freezeFeeMinor,
  });
  await withUniqueName(ctx, {
    table: membershipPlans,
    name: input.name,
    write: (db) => db.update(membershipPlans, set, eq(membershipPlans.id, id)),
  });
  return getMembershipPlan(ctx.db, id);
}
