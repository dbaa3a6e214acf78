/** What creating and editing a class type share: the coverage it names, its name unique in the organisation. */
import { inArray } from 'drizzle-orm';
import { creditPackages, membershipPlans } from '../../db/schema/index.ts';
import { conflict, notFoundAt } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';

const nameTaken = () => conflict('name_taken', 'A class type already has this name', 'name');

/** The listed packages and plans must be the organisation's (404 naming the field otherwise). */
export async function checkCoverage(
  ctx: UseCaseContext,
  input: { creditPackageIds?: string[]; membershipPlanIds?: string[] },
): Promise<void> {
  const packageIds = [...new Set(input.creditPackageIds ?? [])];
  if (packageIds.length > 0) {
    const found = await ctx.db.rows(creditPackages, inArray(creditPackages.id, packageIds));
    if (found.length !== packageIds.length) {
      throw notFoundAt('creditPackageIds', 'Credit package');
    }
  }
  const planIds = [...new Set(input.membershipPlanIds ?? [])];
  if (planIds.length > 0) {
    const found = await ctx.db.rows(membershipPlans, inArray(membershipPlans.id, planIds));
    if (found.length !== planIds.length) {
      throw notFoundAt('membershipPlanIds', 'Membership plan');
    }
  }
}

/** Runs `write` in a savepoint: a name already taken is answered 409 on `name`, and the command goes on no further. */
export async function withName<T>(ctx: UseCaseContext, write: () => Promise<T>): Promise<T> {
  try {
    return await ctx.db.savepoint(write);
  } catch (err) {
    if (isUniqueViolation(err, 'class_types_org_name')) throw nameTaken();
    throw err;
  }
}
