import type { DayOff, dayOffRequestSchema } from '@gym/contract/pt';
import type { z } from 'zod';
import { trainerDaysOff } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { toDayOff, trainerOf } from './queries.ts';

/** A trainer's day off (a span of days) added, audited. */
export async function addDayOff(
  ctx: UseCaseContext,
  { trainerId, ...input }: z.infer<typeof dayOffRequestSchema> & { trainerId: string },
): Promise<DayOff> {
  const trainer = await trainerOf(ctx, { trainerId });
  const [row] = await ctx.db.insert(trainerDaysOff, {
    trainerId,
    fromDate: input.from,
    toDate: input.to,
    note: input.note ?? null,
    createdBy: ctx.auth.userId,
  });
  await recordAudit(ctx, {
    action: 'trainer.day_off_added',
    entityType: 'staff',
    entityId: trainerId,
    summary: `${trainer.fullName} off ${input.from} to ${input.to}`,
    after: { from: input.from, to: input.to, note: input.note ?? null },
  });
  return toDayOff(row!);
}
