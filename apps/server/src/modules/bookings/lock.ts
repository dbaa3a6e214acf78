import { and, eq, sql } from 'drizzle-orm';
import { bookings, centers, classes, classTypes, rooms } from '../../db/schema/index.ts';
import { notFoundAt } from '../../lib/errors.ts';
import { readSystemConfig } from '../../lib/settings.ts';
import type { ActorContext, UseCaseContext } from '../../lib/use-case.ts';

/**
 * The class row, locked until the command ends: every booking, cancellation and promotion of a
 * class takes this lock first, so places are counted by one command at a time and capacity is
 * never exceeded. Answers the class with its type, its centre's time zone and its `places`: its
 * capacity, or its room's places when the room (made smaller since) has fewer.
 */
export async function lockClass(
  ctx: UseCaseContext,
  { classId, path = 'classId' }: { classId: string; path?: string },
) {
  const [row] = await ctx.db
    .select({
      cls: classes,
      type: classTypes,
      timeZone: centers.timeZone,
      centerName: centers.name,
      roomPlaces: rooms.capacity,
    })
    .from(classes)
    .innerJoin(classTypes, eq(classTypes.id, classes.classTypeId))
    .innerJoin(centers, eq(centers.id, classes.centerId))
    .innerJoin(rooms, eq(rooms.id, classes.roomId))
    .where(eq(classes.id, classId))
    .for('update', { of: classes });
  if (!row) throw notFoundAt(path, 'Class');
  return { ...row, places: Math.min(row.cls.capacity, row.roomPlaces) };
}

export type LockedClass = Awaited<ReturnType<typeof lockClass>>;

/** Places held now (booked or attended). Read under the class lock. */
export async function placesTaken(ctx: UseCaseContext, classId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(eq(bookings.classId, classId), sql`${bookings.status} in ('booked','attended')`));
  return Number(row?.n ?? 0);
}

/**
 * A booking of the caller's organisation in a class the caller may see, its class locked first
 * (the same order as a booking takes: class, then booking), then the booking row itself.
 */
export async function lockBooking(ctx: UseCaseContext, bookingId: string) {
  const [found] = await ctx.db
    .select({ classId: bookings.classId })
    .from(bookings)
    .innerJoin(classes, eq(classes.id, bookings.classId))
    .where(and(eq(bookings.id, bookingId), ctx.db.where(classes)));
  if (!found) throw notFoundAt('id', 'Booking');
  const locked = await lockClass(ctx, { classId: found.classId, path: 'id' });
  const [booking] = await ctx.db.lock(bookings, eq(bookings.id, bookingId));
  return { ...locked, booking: booking! };
}

/** The organisation's system configuration (its rules on full classes, late cancels and no-shows). */
export const organisationConfig = (ctx: Pick<ActorContext, 'db' | 'auth'>) =>
  readSystemConfig(
    ctx.db.unscoped('the organisations row is keyed by the caller’s organisation id'),
    ctx.auth.organisationId,
  );
