import { randomUUID } from 'node:crypto';
import { BOOKING_CODES, type Booking, type bookRequestSchema, CLASS_CODES, CLASS_EVENTS } from '@gym/contract/classes';
import { addDays, zonedInstant } from '@gym/contract/time';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { bookings, members } from '../../db/schema/index.ts';
import { AppError, notFoundAt } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { checkNotBlockedForOverdue } from '../payments/index.ts';
import { type LockedClass, lockClass, organisationConfig, placesTaken } from './lock.ts';
import { bookingRule, payBooking } from './payment.ts';
import { getBooking } from './queries.ts';

const alreadyBooked = () =>
  new AppError(409, 'conflict', 'This member is already booked into this class', [
    { path: 'memberId', code: BOOKING_CODES.alreadyBooked, message: 'This member is already booked into this class' },
  ]);

/** Booking opens `bookingOpensDaysBefore` days before the class (same wall-clock time) and closes `bookingClosesMinutesBefore` minutes before it starts. */
export function checkBookingWindow({ cls, timeZone }: LockedClass, now: Date): void {
  if (cls.status === 'cancelled') throw bookingRule('classId', CLASS_CODES.classCancelled, 'This class is cancelled');
  const opens = zonedInstant(addDays(cls.businessDate, -cls.bookingOpensDaysBefore), cls.startTime, timeZone);
  const closes = new Date(cls.startsAt.getTime() - cls.bookingClosesMinutesBefore * 60_000);
  if (now < opens) throw bookingRule('classId', BOOKING_CODES.bookingNotOpen, 'Booking for this class is not open yet');
  if (now >= closes) throw bookingRule('classId', BOOKING_CODES.bookingClosed, 'Booking for this class has closed');
}

/**
 * A trial class is for a prospect (a member who has not joined), once: a trial booked, waited for,
 * attended, missed or cancelled late counts; one cancelled in time does not. The member's row is
 * locked, so two trials booked at once for one prospect make one.
 */
async function checkTrial(ctx: UseCaseContext, member: { id: string; status: string }) {
  if (member.status !== 'prospect') {
    throw bookingRule('paidBy', BOOKING_CODES.trialNotProspect, 'A trial class is for prospects only');
  }
  const whole = ctx.db.wholeOrganisation;
  await whole.select({ id: members.id }).from(members).where(eq(members.id, member.id)).for('update');
  const [used] = await whole
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.memberId, member.id), eq(bookings.trial, true), sql`${bookings.status} <> 'cancelled'`))
    .limit(1);
  if (used) throw bookingRule('paidBy', BOOKING_CODES.trialUsed, 'This member has had their trial class');
}

/**
 * Books a member into a class. The class row is locked first, so concurrent bookings count
 * places one at a time: a place is given while places are left, paid at once (a membership covers
 * it, or the class's credits come off a package through the ledger); a full class puts the member
 * on its waitlist (or refuses, by the organisation's rule) without taking anything yet.
 */
export async function bookClass(ctx: UseCaseContext, input: z.infer<typeof bookRequestSchema>): Promise<Booking> {
  const locked = await lockClass(ctx, { classId: input.classId });
  const { cls, type, places } = locked;
  const member = await ctx.db.wholeOrganisation.first(members, eq(members.id, input.memberId));
  if (!member || member.mergedInto || member.erasedAt) throw notFoundAt('memberId', 'Member');
  if (member.status === 'left') throw bookingRule('memberId', BOOKING_CODES.memberInactive, 'This member has left');
  checkBookingWindow(locked, ctx.clock.now());
  await checkNotBlockedForOverdue(ctx.db, { memberId: member.id, day: ctx.clock.today(locked.timeZone) });

  const [existing] = await ctx.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.classId, cls.id),
        eq(bookings.memberId, member.id),
        sql`${bookings.status} in ('booked','waitlisted','attended')`,
      ),
    );
  if (existing) throw alreadyBooked();

  const id = randomUUID();
  const full = (await placesTaken(ctx, cls.id)) >= places;
  if (full) {
    const config = await organisationConfig(ctx);
    if (config.classFullRule === 'refuse') throw bookingRule('classId', BOOKING_CODES.classFull, 'This class is full');
  }
  // A trial is free; otherwise a waitlisted member must be able to pay when a place frees: checked now, taken then.
  const trial = input.paidBy === 'trial';
  if (trial && cls.shortCourseId) {
    throw bookingRule('paidBy', BOOKING_CODES.notEnrolled, 'A short course session is not a trial class');
  }
  if (trial) await checkTrial(ctx, member);
  const payment = trial
    ? { paidBy: null, entitlementId: null }
    : await payBooking(ctx, {
        cls,
        type,
        memberId: member.id,
        bookingId: id,
        choice: input.paidBy,
        entitlementId: input.entitlementId,
        dryRun: full,
      });
  let position: number | null = null;
  if (full) {
    const [last] = await ctx.db
      .select({ p: sql<number | null>`max(${bookings.waitlistPosition})` })
      .from(bookings)
      .where(eq(bookings.classId, cls.id));
    position = Number(last?.p ?? 0) + 1;
  }
  try {
    await ctx.db.insert(bookings, {
      id,
      classId: cls.id,
      memberId: member.id,
      status: full ? 'waitlisted' : 'booked',
      paidBy: full ? null : payment.paidBy,
      // A waitlisted booking remembers the entitlement asked for (used when it is given a place).
      entitlementId: full ? (input.entitlementId ?? null) : payment.entitlementId,
      creditsUsed: !full && payment.paidBy === 'package' ? cls.credits : 0,
      waitlistPosition: position,
      bookedAt: ctx.clock.now(),
      bookedBy: ctx.auth.userId,
      trial,
    });
  } catch (err) {
    if (isUniqueViolation(err, 'bookings_active_member_class')) throw alreadyBooked();
    throw err;
  }
  ctx.emit({
    type: CLASS_EVENTS.bookingCreated,
    organisationId: ctx.auth.organisationId,
    centerId: cls.centerId,
    payload: { bookingId: id, classId: cls.id, memberId: member.id, status: full ? 'waitlisted' : 'booked', trial },
  });
  return getBooking(ctx, { id });
}
