/** A trainer's weekly working hours (replaced whole) and days off (added, changed, removed), audited. */
import {
  type DayOff,
  type dayOffRequestSchema,
  PT_CODES,
  type putTrainerHoursRequestSchema,
  type TrainerHours,
} from '@gym/contract/pt';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { trainerDaysOff, trainerHours } from '../../db/schema/index.ts';
import { audit } from '../../lib/audit.ts';
import { usableCenter } from '../../lib/tenant-db.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { ptRule } from './book-session.ts';
import { getTrainerHours, notFoundAt, toDayOff, trainerOf } from './queries.ts';

/** Replaces the trainer's working hours. Spans of one centre and weekday may not overlap (422 `hours_overlap`). */
export async function setTrainerHours(
  ctx: UseCaseContext,
  { trainerId, ...input }: z.infer<typeof putTrainerHoursRequestSchema> & { trainerId: string },
): Promise<TrainerHours> {
  const trainer = await trainerOf(ctx.tx, ctx.auth, trainerId);
  for (const centerId of new Set(input.hours.map((h) => h.centerId))) {
    const i = input.hours.findIndex((h) => h.centerId === centerId);
    await usableCenter(ctx.tx, ctx.auth, centerId, `hours.${i}.centerId`);
  }
  input.hours.forEach((h, i) => {
    const clash = input.hours.findIndex(
      (o, j) => j < i && o.centerId === h.centerId && o.weekday === h.weekday && o.start < h.end && h.start < o.end,
    );
    if (clash >= 0)
      throw ptRule(`hours.${i}.start`, PT_CODES.hoursOverlap, 'These hours overlap other hours of the day');
  });
  const before = await getTrainerHours(ctx.tx, ctx.auth, trainerId);
  await ctx.tx
    .delete(trainerHours)
    .where(and(eq(trainerHours.organisationId, ctx.auth.organisationId), eq(trainerHours.trainerId, trainerId)));
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
  const after = await getTrainerHours(ctx.tx, ctx.auth, trainerId);
  await audit(ctx.tx, ctx.auth, null, {
    action: 'trainer.hours_changed',
    entityType: 'staff',
    entityId: trainerId,
    summary: `Working hours of ${trainer.fullName} changed`,
    before: { hours: before.hours },
    after: { hours: after.hours },
  });
  return after;
}

export async function addDayOff(
  ctx: UseCaseContext,
  { trainerId, ...input }: z.infer<typeof dayOffRequestSchema> & { trainerId: string },
): Promise<DayOff> {
  const trainer = await trainerOf(ctx.tx, ctx.auth, trainerId);
  const [row] = await ctx.db.insert(trainerDaysOff, {
    trainerId,
    fromDate: input.from,
    toDate: input.to,
    note: input.note ?? null,
    createdBy: ctx.auth.userId,
  });
  await audit(ctx.tx, ctx.auth, null, {
    action: 'trainer.day_off_added',
    entityType: 'staff',
    entityId: trainerId,
    summary: `${trainer.fullName} off ${input.from} to ${input.to}`,
    after: { from: input.from, to: input.to, note: input.note ?? null },
  });
  return toDayOff(row!);
}

async function dayOffOf(ctx: UseCaseContext, trainerId: string, dayOffId: string) {
  const row = await ctx.db.first(
    trainerDaysOff,
    and(eq(trainerDaysOff.id, dayOffId), eq(trainerDaysOff.trainerId, trainerId)),
  );
  if (!row) throw notFoundAt('dayOffId', 'Day off');
  return row;
}

export async function updateDayOff(
  ctx: UseCaseContext,
  { trainerId, dayOffId, ...input }: z.infer<typeof dayOffRequestSchema> & { trainerId: string; dayOffId: string },
): Promise<DayOff> {
  const before = await dayOffOf(ctx, trainerId, dayOffId);
  const [row] = await ctx.tx
    .update(trainerDaysOff)
    .set({ fromDate: input.from, toDate: input.to, note: input.note ?? null })
    .where(eq(trainerDaysOff.id, dayOffId))
    .returning();
  await audit(ctx.tx, ctx.auth, null, {
    action: 'trainer.day_off_changed',
    entityType: 'staff',
    entityId: trainerId,
    summary: `Day off changed to ${input.from} – ${input.to}`,
    before: toDayOff(before),
    after: toDayOff(row!),
  });
  return toDayOff(row!);
}

export async function deleteDayOff(
  ctx: UseCaseContext,
  { trainerId, dayOffId }: { trainerId: string; dayOffId: string },
): Promise<void> {
  const before = await dayOffOf(ctx, trainerId, dayOffId);
  await ctx.tx.delete(trainerDaysOff).where(eq(trainerDaysOff.id, dayOffId));
  await audit(ctx.tx, ctx.auth, null, {
    action: 'trainer.day_off_removed',
    entityType: 'staff',
    entityId: trainerId,
    summary: `Day off ${before.fromDate} – ${before.toDate} removed`,
    before: toDayOff(before),
  });
}
