import type { ClassType, updateClassTypeRequestSchema } from '@gym/contract/classes';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { classTypes } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { checkCoverage, withName } from './class-type-rules.ts';
import { getClassType } from './queries.ts';

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
  await recordAudit(ctx, {
    action: input.active === false && current.active ? 'class_type.deactivated' : 'class_type.updated',
    entityType: 'class_type',
    entityId: id,
    summary: `Class type ${row!.name} changed`,
    before: current as unknown as Record<string, unknown>,
    after: row as unknown as Record<string, unknown>,
    fields: Object.keys(input),
  });
  return getClassType(ctx, { id });
}
