import { CLASS_EVENTS } from '@gym/contract/classes';
import { and, eq, inArray } from 'drizzle-orm';
import { bookings, members } from '../../db/schema/index.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import type { LockedClass } from './lock.ts';
import { returnCredits } from './payment.ts';

/**
 * A class is cancelled: every booked or waitlisted member's booking is cancelled, the credits they
 * paid come back (`return` rows), and each booked member gets a `class.cancelled` event (the
 * e-mail listener writes them to the mail outbox). Runs under the class lock, in the class's
 * cancellation command.
 */
export async function cancelClassBookings(
  ctx: UseCaseContext,
  { locked, reason }: { locked: LockedClass; reason: string | null },
): Promise<{ cancelled: number; creditsReturned: number }> {
  const { cls, type } = locked;
  const open = await ctx.db
    .select({ b: bookings, email: members.email, firstName: members.firstName })
    .from(bookings)
    .innerJoin(members, eq(members.id, bookings.memberId))
    .where(and(eq(bookings.classId, cls.id), inArray(bookings.status, ['booked', 'waitlisted'])))
    .for('update', { of: bookings });
  const now = ctx.clock.now();
  let creditsReturned = 0;
  for (const { b } of open) {
    const returned = await returnCredits(ctx, { booking: b, effectiveOn: cls.businessDate, reason: 'Class cancelled' });
    if (returned) creditsReturned += b.creditsUsed;
    await ctx.db
      .update(bookings)
      .set({
        status: 'cancelled',
        waitlistPosition: null,
        cancelledAt: now,
        cancelReason: reason ?? 'class_cancelled',
        creditReturned: b.creditReturned || returned,
        updatedAt: now,
      })
      .where(eq(bookings.id, b.id));
    ctx.emit({
      type: CLASS_EVENTS.classCancelled,
      organisationId: ctx.auth.organisationId,
      centerId: cls.centerId,
      payload: {
        bookingId: b.id,
        memberId: b.memberId,
        classId: cls.id,
        startsAt: cls.startsAt.toISOString(),
        className: type.name,
        centerName: locked.centerName,
        wasWaitlisted: b.status === 'waitlisted',
        creditReturned: returned,
      },
    });
  }
  return { cancelled: open.length, creditsReturned };
}
