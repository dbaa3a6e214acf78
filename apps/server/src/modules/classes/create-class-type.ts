import type { ClassType, createClassTypeRequestSchema } from '@gym/contract/classes';
import type { z } from 'zod';
import { classTypes } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { checkCoverage, withName } from './class-type-rules.ts';
import { toClassType } from './queries.ts';

/** Creates a class type of the organisation (its name unique in it). */
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
  await recordAudit(ctx, {
    action: 'class_type.created',
    entityType: 'class_type',
    entityId: row!.id,
    summary: `Class type ${row!.name} created`,
    after: { name: row!.name, credits: row!.credits, capacity: row!.capacity },
  });
  return toClassType(row!);
}
