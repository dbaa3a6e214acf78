import { CLASS_EVENTS } from '@gym/contract/classes';
import { and, asc, type Column, eq, gt, lte, sql } from 'drizzle-orm';
import type { reusableStatement, StatementScope } from '../../db/reusable.ts';
import { bookings, classes } from '../../db/schema/index.ts';
import { organisationScopeOf } from '../../lib/tenant-db.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';

/** The handle a reusable statement is built on (once, scoped by its `StatementScope`). */
type StatementDb = Parameters<Parameters<typeof reusableStatement>[1]>[0];

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
export function doorBookingQuery(db: StatementDb, scope: StatementScope, memberId: Column) {
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
  {
    door,
    memberId,
    centerId,
    at,
  }: { door: { bookingId: string; classId: string }; memberId: string; centerId: string; at: Date },
): Promise<void> {
  await ctx.db
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
