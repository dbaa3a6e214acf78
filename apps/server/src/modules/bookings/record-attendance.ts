import { type AttendanceMark, BOOKING_CODES, type Booking, CLASS_EVENTS } from '@gym/contract/classes';
import { and, asc, type Column, eq, gt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { StatementScope } from '../../db/reusable.ts';
import { bookings, classes } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { readSystemConfig } from '../../lib/settings.ts';
import { organisationScopeOf } from '../../lib/tenant-db.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { voidUnpaidFee } from '../sales/index.ts';
import { lockBooking } from './lock.ts';
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
    const config = await readSystemConfig(ctx.tx, ctx.auth.organisationId);
    const penalty = await applyPenalty(ctx, config, booking, { ...cls, name: type.name }, 'no_show');
    creditReturned ||= penalty.creditReturned;
    feeInvoiceId = penalty.feeInvoiceId;
  } else if (mark === 'attended' && feeInvoiceId) {
    // Came after all: the fee goes (voided, unless paid: then its refund comes first) and the credit is used again.
    if (
      !(await voidUnpaidFee(ctx, { invoiceId: feeInvoiceId, reason: 'Attended after all: the no-show was corrected' }))
    ) {
      throw bookingRule('id', BOOKING_CODES.feePaid, 'The no-show fee is paid: refund its invoice first');
    }
    if (await retakeCredits(ctx, booking, cls.businessDate)) creditReturned = false;
    feeInvoiceId = null;
  }
  await ctx.tx
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
  return getBooking(ctx.tx, ctx.auth, id);
}

/** How long before its start a member's class lets them in at the door (and is marked attended). */
export const DOOR_BOOKING_EARLY_MINUTES = 60;

/**
 * The door's side: the member's booked class at this centre that starts within the next hour or is
 * under way (the earliest), locked. A time window, not the business date: a morning visit to the
 * gym floor does not mark the evening's class attended, and a class that runs past midnight is
 * still found. Read inside the entry's transaction, as a part of the door's checks (built once
 * there, with the member as a column of that statement): its placeholders are `centerId`,
 * `startsBy` (the tap plus `DOOR_BOOKING_EARLY_MINUTES`), `at` and `one` (1).
 */
export function doorBookingQuery(db: DbOrTx, scope: StatementScope, memberId: Column) {
  return (
    db
      // Named apart: both are `id`, and the statement reads them from this subquery.
      .select({
        bookingId: sql`${bookings.id}`.mapWith(bookings.id).as('booking_id'),
        classId: sql`${classes.id}`.mapWith(classes.id).as('class_id'),
      })
      .from(bookings)
      .innerJoin(classes, eq(classes.id, bookings.classId))
      .where(
        and(
          organisationScopeOf(scope, bookings, eq(bookings.memberId, memberId), sql`${bookings.status} = 'booked'`),
          eq(classes.centerId, sql.placeholder('centerId')),
          sql`${classes.status} = 'scheduled'`,
          lte(classes.startsAt, sql.placeholder('startsBy')),
          gt(classes.endsAt, sql.placeholder('at')),
        ),
      )
      .orderBy(asc(classes.startsAt))
      .limit(sql.placeholder('one'))
      .for('update', { of: bookings })
  );
}

/** A granted entry at the door marks the member's booking of today attended (in the entry's transaction). */
export async function markAttendedAtDoor(
  ctx: UseCaseContext,
  door: { bookingId: string; classId: string },
  memberId: string,
  centerId: string,
  at: Date,
): Promise<void> {
  await ctx.tx
    .update(bookings)
    .set({ status: 'attended', attendedAt: at, attendanceSource: 'door', updatedAt: sql`now()` })
    .where(and(eq(bookings.id, door.bookingId), eq(bookings.status, 'booked')));
  ctx.emit({
    type: CLASS_EVENTS.bookingAttended,
    organisationId: ctx.auth.organisationId,
    centerId,
    payload: { bookingId: door.bookingId, classId: door.classId, memberId, source: 'door' },
  });
}
