import { CLASS_EVENTS } from '@gym/contract/classes';
import { and, asc, eq } from 'drizzle-orm';
import { bookings } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { type LockedClass, placesTaken } from './lock.ts';
import { payBooking } from './payment.ts';

/**
 * Gives freed places to the waitlist, in its order, under the class lock the caller holds: each
 * waitlisted member who can pay now (their credits are checked and used here) is booked and told;
 * one who cannot keeps their place on the waitlist. Nothing is promoted once the class has started.
 */
export async function promoteWaitlist(ctx: UseCaseContext, locked: LockedClass): Promise<string[]> {
  const { cls, type, places } = locked;
  if (cls.status !== 'scheduled' || ctx.clock.now() >= cls.startsAt) return [];
  let free = places - (await placesTaken(ctx, cls.id));
  if (free <= 0) return [];
  const waiting = await ctx.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.classId, cls.id), eq(bookings.status, 'waitlisted')))
    .orderBy(asc(bookings.waitlistPosition))
    .for('update');
  const promoted: string[] = [];
  for (const w of waiting) {
    if (free <= 0) break;
    let payment: Pick<Awaited<ReturnType<typeof payBooking>>, 'paidBy' | 'entitlementId'>;
    try {
      // A trial is free: its place is given as it is.
      payment = w.trial
        ? { paidBy: null, entitlementId: null }
        : await ctx.db.savepoint((db) =>
            payBooking(
              { ...ctx, db },
              { cls, type, memberId: w.memberId, bookingId: w.id, choice: 'auto', entitlementId: w.entitlementId },
            ),
          );
    } catch (err) {
      if (err instanceof AppError && err.status === 422) continue;
      throw err;
    }
    const now = ctx.clock.now();
    await ctx.db
      .update(bookings)
      .set({
        status: 'booked',
        paidBy: payment.paidBy,
        entitlementId: payment.entitlementId,
        creditsUsed: payment.paidBy === 'package' ? cls.credits : 0,
        waitlistPosition: null,
        promotedAt: now,
        updatedAt: now,
      })
      .where(eq(bookings.id, w.id));
    ctx.emit({
      type: CLASS_EVENTS.bookingPromoted,
      organisationId: ctx.auth.organisationId,
      centerId: cls.centerId,
      payload: {
        bookingId: w.id,
        memberId: w.memberId,
        classId: cls.id,
        startsAt: cls.startsAt.toISOString(),
        className: type.name,
        centerName: locked.centerName,
      },
    });
    promoted.push(w.id);
    free -= 1;
  }
  return promoted;
}
