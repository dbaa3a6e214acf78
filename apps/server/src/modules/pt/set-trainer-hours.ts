/** A trainer's weekly working hours, replaced whole, audited. */
import { PT_CODES, type putTrainerHoursRequestSchema, type TrainerHours } from '@gym/contract/pt';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { trainerHours } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { getTrainerHours, trainerOf } from './queries.ts';
import { ptRule } from './session-rules.ts';

/** Replaces the trainer's working hours. Spans of one centre and weekday may not overlap (422 `hours_overlap`). */
export async function setTrainerHours(
  ctx: UseCaseContext,
  { trainerId, ...input }: z.infer<typeof putTrainerHoursRequestSchema> & { trainerId: string },
): Promise<TrainerHours> {
  const trainer = await trainerOf(ctx, { trainerId });
  for (const centerId of new Set(input.hours.map((h) => h.centerId))) {
    const i = input.hours.findIndex((h) => h.centerId === centerId);
    await ctx.db.usableCenter(centerId, `hours.${i}.centerId`);
  }
  input.hours.forEach((h, i) => {
    const clash = input.hours.findIndex(
      (o, j) => j < i && o.centerId === h.centerId && o.weekday === h.weekday && o.start < h.end && h.start < o.end,
    );
    if (clash >= 0)
      throw ptRule(`hours.${i}.start`, PT_CODES.hoursOverlap, 'These hours overlap other hours of the day');
  });
  const before = await getTrainerHours(ctx, { trainerId });
  // Every centre's hours of the trainer are replaced, also those of centres the caller does not work in.
  await ctx.db.wholeOrganisation.delete(trainerHours).where(eq(trainerHours.trainerId, trainerId));
  if (input.hours.length) {
    await ctx.db.insert(
      trainerHours,
      input.hours.map((h) => ({
        trainerId,
        centerId: h.centerId,
        weekday: h.weekday,
        startTime: h.start,
        endTime: h.end,
      })),
    );
  }
  const after = await getTrainerHours(ctx, { trainerId });
  await recordAudit(ctx, {
    action: 'trainer.hours_changed',
    entityType: 'staff',
    entityId: trainerId,
    summary: `Working hours of ${trainer.fullName} changed`,
    before: { hours: before.hours },
    after: { hours: after.hours },
  });
  return after;
}
