import { eq } from 'drizzle-orm';
import { trainerDaysOff } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { dayOffOf, toDayOff } from './queries.ts';

/** A trainer's day off removed, audited. */
export async function deleteDayOff(
  ctx: UseCaseContext,
  { trainerId, dayOffId }: { trainerId: string; dayOffId: string },
): Promise<void> {
  const before = await dayOffOf(ctx, { trainerId, dayOffId });
  await ctx.db.delete(trainerDaysOff).where(eq(trainerDaysOff.id, dayOffId));
  await recordAudit(ctx, {
    action: 'trainer.day_off_removed',
    entityType: 'staff',
    entityId: trainerId,
    summary: `Day off ${before.fromDate} – ${before.toDate} removed`,
    before: toDayOff(before),
  });
}
