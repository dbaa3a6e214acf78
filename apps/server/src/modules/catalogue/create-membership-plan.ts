import type { createMembershipPlanRequestSchema, MembershipPlan } from '@gym/contract/catalogue';
import type { z } from 'zod';
import { membershipPlans } from '../../db/schema/index.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { checkCoverage } from './coverage.ts';
import { getMembershipPlan } from './queries.ts';
import { withUniqueName } from './unique-name.ts';

export async function createMembershipPlan(
  ctx: UseCaseContext,
  input: z.infer<typeof createMembershipPlanRequestSchema>,
): Promise<MembershipPlan> {
  const coverage = await checkCoverage(ctx.db, input);
  const [row] = await withUniqueName(ctx, {
    table: membershipPlans,
    name: input.name,
    write: (db) =>
      db.insert(membershipPlans, {
        name: input.name,
        description: input.description || null,
        durationValue: input.durationValue,
        durationUnit: input.durationUnit,
        ...coverage,
        priceMinor: input.price,
        taxRateBp: input.taxRateBp,
        maxFreezes: input.maxFreezes,
        maxFreezeDays: input.maxFreezeDays,
        freezeFeeMinor: input.freezeFee,
        startRule: input.startRule,
      }),
  });
  return getMembershipPlan(ctx.db, row!.id);
}
