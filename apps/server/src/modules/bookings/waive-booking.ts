import { BOOKING_CODES, type Booking } from '@gym/contract/classes';
import { eq } from 'drizzle-orm';
import { bookings } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { voidUnpaidFee } from '../sales/index.ts';
import { lockBooking } from './lock.ts';
import { bookingRule, returnCredits } from './payment.ts';
import { getBooking } from './queries.ts';

/**
 * A manager lifts the penalty of a late cancel or a no-show, with a note: the credits come back (a
 * `return` row) and a fee invoice is voided, audited.
 */
export async function waiveBooking(ctx: UseCaseContext, { id, note }: { id: string; note: string }): Promise<Booking> {
  const { booking, cls } = await lockBooking(ctx, id);
  if ((booking.status !== 'late_cancelled' && booking.status !== 'no_show') || booking.waived) {
    throw bookingRule('id', BOOKING_CODES.notWaivable, 'Only a late cancel or a no-show not yet waived can be waived');
  }
  // A fee billed for it is voided; a paid one is refunded first (the refund screen), then waived.
  if (booking.feeInvoiceId) {
    if (!(await voidUnpaidFee(ctx, { invoiceId: booking.feeInvoiceId, reason: `Waived: ${note}` }))) {
      throw bookingRule('id', BOOKING_CODES.feePaid, 'The fee is paid: refund its invoice first, then waive');
    }
  }
  const returned = await returnCredits(ctx, { booking, effectiveOn: cls.businessDate, reason: `Waived: ${note}` });
  const now = ctx.clock.now();
  await ctx.db
    .update(bookings)
    .set({
      waived: true,
      waiverNote: note,
      waivedBy: ctx.auth.userId,
      creditReturned: booking.creditReturned || returned,
      updatedAt: now,
    })
    .where(eq(bookings.id, id));
  await recordAudit(ctx, {
    action: 'booking.waived',
    entityType: 'booking',
    entityId: id,
    centerId: cls.centerId,
    summary: `Penalty of a ${booking.status === 'no_show' ? 'no-show' : 'late cancel'} waived: ${note}`,
    before: {
      status: booking.status,
      waived: false,
      creditReturned: booking.creditReturned,
      feeInvoiceId: booking.feeInvoiceId,
    },
    after: { status: booking.status, waived: true, creditReturned: booking.creditReturned || returned, note },
  });
  return getBooking(ctx, { id });
}
