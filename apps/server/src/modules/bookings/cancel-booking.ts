import { BOOKING_CODES, type CancelBookingResponse, CLASS_EVENTS } from '@gym/contract/classes';
import { eq } from 'drizzle-orm';
import { bookings } from '../../db/schema/index.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { lockBooking } from './lock.ts';
import { bookingRule, returnCredits } from './payment.ts';
import { applyPenalty, cancelledFields, lateCancel } from './penalty.ts';
import { promoteWaitlist } from './promote.ts';
import { getBooking } from './queries.ts';

/**
 * Cancels a booking. A waitlisted member just leaves the waitlist. A booked member who cancels
 * before the class's cancellation window gets the credits back (a `return` ledger row); a later
 * cancel follows the organisation's rule (default: the credit is lost and the booking is
 * `late_cancelled`, which a manager may waive; `fee`: the credit comes back and a fee invoice is
 * issued, which a waiver voids). The freed place goes to the waitlist; the answer names who moved up.
 */
export async function cancelBooking(
  ctx: UseCaseContext,
  { id, reason }: { id: string; reason?: string | null },
): Promise<CancelBookingResponse> {
  const locked = await lockBooking(ctx, id);
  const { booking, cls } = locked;
  if (booking.status !== 'booked' && booking.status !== 'waitlisted') {
    throw bookingRule('id', BOOKING_CODES.notCancellable, 'This booking cannot be cancelled');
  }
  const now = ctx.clock.now();
  const wasBooked = booking.status === 'booked';
  const { late, config } = await lateCancel(ctx, {
    startsAt: cls.startsAt,
    windowMinutes: cls.cancellationWindowMinutes,
    now,
    held: wasBooked,
  });
  const returned =
    wasBooked && !late
      ? await returnCredits(ctx, { booking, effectiveOn: cls.businessDate, reason: 'Booking cancelled in time' })
      : false;
  const penalty =
    late && config
      ? await applyPenalty(ctx, { config, booking, cls: { ...cls, name: locked.type.name }, kind: 'late_cancel' })
      : { creditReturned: false, feeInvoiceId: null };
  await ctx.db
    .update(bookings)
    .set({
      ...cancelledFields(late, now, reason),
      waitlistPosition: null,
      creditReturned: booking.creditReturned || returned || penalty.creditReturned,
      feeInvoiceId: penalty.feeInvoiceId,
    })
    .where(eq(bookings.id, id));
  ctx.emit({
    type: CLASS_EVENTS.bookingCancelled,
    organisationId: ctx.auth.organisationId,
    centerId: cls.centerId,
    payload: {
      bookingId: id,
      classId: cls.id,
      memberId: booking.memberId,
      late,
      creditReturned: returned || penalty.creditReturned,
      feeInvoiceId: penalty.feeInvoiceId,
    },
  });
  const promotedIds = wasBooked ? await promoteWaitlist(ctx, locked) : [];
  const promoted = [];
  for (const bookingId of promotedIds) {
    const moved = await getBooking(ctx, { id: bookingId });
    promoted.push({ bookingId, member: moved.member });
  }
  return { ...(await getBooking(ctx, { id })), promoted };
}
