import type { DayOff, dayOffRequestSchema } from '@gym/contract/pt';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { trainerDaysOff } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { dayOffOf, toDayOff } from './queries.ts';

/** A trainer's day off changed, audited. */
export async function updateDayOff(
  ctx: UseCaseContext,
  { trainerId, dayOffId, ...input }: z.infer<typeof dayOffRequestSchema> & { trainerId: string; dayOffId: string },
): Promise<DayOff> {
  const before = await dayOffOf(ctx, { trainerId, dayOffId });
  const [row] = await ctx.db
    .update(trainerDaysOff)
    .set({ fromDate: input.from, toDate: input.to, note: input.note ?? null })
    .where(eq(trainerDaysOff.id, dayOffId))
    .returning();
  await recordAudit(ctx, {
    action: 'trainer.day_off_changed',
    entityType: 'staff',
    entityId: trainerId,
    summary: `Day off changed to ${input.from} – ${input.to}`,
    before: toDayOff(before),
    after: toDayOff(row!),
  });
  return toDayOff(row!);
}
