import type { ClassType, createClassTypeRequestSchema, updateClassTypeRequestSchema } from '@gym/contract/classes';
import { eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { classTypes, creditPackages, membershipPlans } from '../../db/schema/index.ts';
import { audit } from '../../lib/audit.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { getClassType, toClassType } from './queries.ts';

const nameTaken = () =>
  new AppError(409, 'name_taken', 'A class type already has this name', [
    { path: 'name', code: 'name_taken', message: 'A class type already has this name' },
  ]);

/** The listed packages and plans must be the organisation's (404 naming the field otherwise). */
async function checkCoverage(
  ctx: UseCaseContext,
  input: { creditPackageIds?: string[]; membershipPlanIds?: string[] },
): Promise<void> {
  const packageIds = [...new Set(input.creditPackageIds ?? [])];
  if (packageIds.length > 0) {
    const found = await ctx.db.rows(creditPackages, inArray(creditPackages.id, packageIds));
    if (found.length !== packageIds.length) {
      throw new AppError(404, 'not_found', 'Credit package not found', [
        { path: 'creditPackageIds', code: 'not_found', message: 'Credit package not found' },
      ]);
    }
  }
  const planIds = [...new Set(input.membershipPlanIds ?? [])];
  if (planIds.length > 0) {
    const found = await ctx.db.rows(membershipPlans, inArray(membershipPlans.id, planIds));
    if (found.length !== planIds.length) {
      throw new AppError(404, 'not_found', 'Membership plan not found', [
        { path: 'membershipPlanIds', code: 'not_found', message: 'Membership plan not found' },
      ]);
    }
  }
}

async function withName<T>(ctx: UseCaseContext, write: () => Promise<T>): Promise<T> {
  try {
    return await ctx.tx.transaction(write);
  } catch (err) {
    if (isUniqueViolation(err, 'class_types_org_name')) throw nameTaken();
    throw err;
  }
}

export async function createClassType(
  ctx: UseCaseContext,
  input: z.infer<typeof createClassTypeRequestSchema>,
): Promise<ClassType> {
  await checkCoverage(ctx, input);
  const [row] = await withName(ctx, () =>
    ctx.db.insert(classTypes, {
      ...input,
      description: input.description ?? null,
      creditPackageIds: [...new Set(input.creditPackageIds)],
      membershipPlanIds: [...new Set(input.membershipPlanIds)],
    }),
  );
  await audit(ctx.tx, ctx.auth, null, {
    action: 'class_type.created',
    entityType: 'class_type',
    entityId: row!.id,
    summary: `Class type ${row!.name} created`,
    after: { name: row!.name, credits: row!.credits, capacity: row!.capacity },
  });
  return toClassType(row!);
}

/** Edits a class type; `active` activates or deactivates it (a deactivated type plans no new class; planned ones stay). */
export async function updateClassType(
  ctx: UseCaseContext,
  { id, ...input }: z.infer<typeof updateClassTypeRequestSchema> & { id: string },
): Promise<ClassType> {
  const current = await ctx.db.first(classTypes, eq(classTypes.id, id));
  if (!current) throw notFound('class type');
  await checkCoverage(ctx, input);
  const set: Partial<typeof classTypes.$inferInsert> = { ...input, updatedAt: sql`now()` as unknown as Date };
  if (input.creditPackageIds) set.creditPackageIds = [...new Set(input.creditPackageIds)];
  if (input.membershipPlanIds) set.membershipPlanIds = [...new Set(input.membershipPlanIds)];
  const [row] = await withName(ctx, () => ctx.db.update(classTypes, set, eq(classTypes.id, id)));
  await audit(ctx.tx, ctx.auth, null, {
    action: input.active === false && current.active ? 'class_type.deactivated' : 'class_type.updated',
    entityType: 'class_type',
    entityId: id,
    summary: `Class type ${row!.name} changed`,
    before: current as unknown as Record<string, unknown>,
    after: row as unknown as Record<string, unknown>,
    fields: Object.keys(input),
  });
  return getClassType(ctx.tx, ctx.auth, id);
}
