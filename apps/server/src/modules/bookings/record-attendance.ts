import { type AttendanceMark, BOOKING_CODES, type Booking, CLASS_EVENTS } from '@gym/contract/classes';
import { eq } from 'drizzle-orm';
import { bookings } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { voidUnpaidFee } from '../sales/index.ts';
import { lockBooking, organisationConfig } from './lock.ts';
import { bookingRule } from './payment.ts';
import { applyPenalty, retakeCredits } from './penalty.ts';
import { getBooking } from './queries.ts';

/**
 * The teacher (or the desk) marks a booked member attended or a no-show; a mark can be corrected
 * either way. A trainer marks the classes they teach only. A no-show follows the organisation's
 * rule: the credit stays used, or (`fee`) it comes back and a fee invoice is issued; a manager may
 * waive either. Corrected to attended, a fee is voided and the credit used again.
 */
export async function recordAttendance(
  ctx: UseCaseContext,
  { id, mark }: { id: string; mark: AttendanceMark },
): Promise<Booking> {
  const { booking, cls, type } = await lockBooking(ctx, id);
  if (ctx.auth.role === 'trainer' && cls.teacherId !== ctx.auth.userId) {
    throw new AppError(403, 'forbidden', 'Only the teacher of this class may take its attendance', [
      {
        path: 'id',
        code: BOOKING_CODES.notYourClass,
        message: 'Only the teacher of this class may take its attendance',
      },
    ]);
  }
  if (!['booked', 'attended', 'no_show'].includes(booking.status) || cls.status !== 'scheduled' || booking.waived) {
    throw bookingRule('id', BOOKING_CODES.notAttendable, 'Attendance cannot be taken on this booking');
  }
  const now = ctx.clock.now();
  let creditReturned = booking.creditReturned;
  let feeInvoiceId = booking.feeInvoiceId;
  if (mark === 'no_show' && booking.status !== 'no_show' && !feeInvoiceId) {
    // The organisation's rule: under `fee` the credit comes back and the no-show is billed.
    const config = await organisationConfig(ctx);
    const penalty = await applyPenalty(ctx, { config, booking, cls: { ...cls, name: type.name }, kind: 'no_show' });
    creditReturned ||= penalty.creditReturned;
    feeInvoiceId = penalty.feeInvoiceId;
  } else if (mark === 'attended' && feeInvoiceId) {
    // Came after all: the fee goes (voided, unless paid: then its refund comes first) and the credit is used again.
    if (
      !(await voidUnpaidFee(ctx, { invoiceId: feeInvoiceId, reason: 'Attended after all: the no-show was corrected' }))
    ) {
      throw bookingRule('id', BOOKING_CODES.feePaid, 'The no-show fee is paid: refund its invoice first');
    }
    if (await retakeCredits(ctx, { booking, effectiveOn: cls.businessDate })) creditReturned = false;
    feeInvoiceId = null;
  }
  await ctx.db
    .update(bookings)
    .set({
      status: mark,
      attendedAt: mark === 'attended' ? (booking.attendedAt ?? now) : null,
      attendanceSource: mark === 'attended' ? 'teacher' : null,
      creditReturned,
      feeInvoiceId,
      updatedAt: now,
    })
    .where(eq(bookings.id, id));
  if (mark === 'attended' && booking.status !== 'attended') {
    ctx.emit({
      type: CLASS_EVENTS.bookingAttended,
      organisationId: ctx.auth.organisationId,
      centerId: cls.centerId,
      payload: { bookingId: id, classId: cls.id, memberId: booking.memberId, source: 'teacher' },
    });
  }
  return getBooking(ctx, { id });
}
