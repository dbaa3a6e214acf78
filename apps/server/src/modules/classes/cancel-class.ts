import { CLASS_CODES, type cancelClassRequestSchema, type cancelClassResponseSchema } from '@gym/contract/classes';
import { and, asc, eq, gt, gte } from 'drizzle-orm';
import type { z } from 'zod';
import { classes } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { cancelClassBookings, lockClass } from '../bookings/index.ts';
import { emitClassChanged } from './class-events.ts';
import { rule } from './class-refs.ts';
import { returnRentalHours } from './rental-hours.ts';

/**
 * Cancels a class (or this and the following ones, or every class of its series not started):
 * the class stays in the list as cancelled, its booked and waitlisted members are cancelled with
 * their credits returned and are told by e-mail (events through the outbox).
 */
export async function cancelClass(
  ctx: UseCaseContext,
  { id, ...input }: z.infer<typeof cancelClassRequestSchema> & { id: string },
): Promise<z.infer<typeof cancelClassResponseSchema>> {
  const first = await lockClass(ctx, { classId: id, path: 'id' });
  if (first.cls.status === 'cancelled') throw rule('id', CLASS_CODES.classCancelled, 'This class is already cancelled');
  const scope = first.cls.seriesId ? input.scope : 'one';
  let ids = [id];
  if (scope !== 'one') {
    const rows = await ctx.db
      .select({ id: classes.id })
      .from(classes)
      .where(
        and(
          eq(classes.seriesId, first.cls.seriesId!),
          eq(classes.status, 'scheduled'),
          scope === 'following'
            ? gte(classes.businessDate, first.cls.businessDate)
            : gt(classes.startsAt, ctx.clock.now()),
        ),
      )
      .orderBy(asc(classes.startsAt));
    ids = [id, ...rows.map((r) => r.id).filter((x) => x !== id)];
  }
  const now = ctx.clock.now();
  let cancelledBookings = 0;
  let creditsReturned = 0;
  for (const classId of ids) {
    const locked = classId === id ? first : await lockClass(ctx, { classId, path: 'id' });
    await ctx.db
      .update(classes)
      .set({ status: 'cancelled', cancelledAt: now, cancelReason: input.reason ?? null, updatedAt: now })
      .where(eq(classes.id, classId));
    const done = await cancelClassBookings(ctx, { locked, reason: input.reason ?? null });
    cancelledBookings += done.cancelled;
    creditsReturned += done.creditsReturned;
  }
  // A rental class gives its hours back to the renter's package.
  const hoursReturned = await returnRentalHours(ctx, { classIds: ids, reason: input.reason ?? 'Class cancelled' });
  await recordAudit(ctx, {
    action: 'class.cancelled',
    entityType: 'class',
    entityId: id,
    centerId: first.cls.centerId,
    summary: `Class of ${first.cls.businessDate} ${first.cls.startTime} cancelled (${ids.length} classes, ${cancelledBookings} bookings)`,
    after: {
      scope,
      classes: ids.length,
      bookings: cancelledBookings,
      creditsReturned,
      ...(hoursReturned > 0 ? { rentalHoursReturned: hoursReturned } : {}),
      reason: input.reason ?? null,
    },
  });
  emitClassChanged(ctx, { centerId: first.cls.centerId, change: 'cancelled', classIds: ids });
  return { cancelledClasses: ids.length, cancelledBookings, creditsReturned };
}
