/**
 * A short course's sessions are classes that name the course (`classes.short_course_id`); its
 * enrolments are the members' `short_course` entitlements (sold by the selling module: one credit
 * per session). Enrolment covers every session: a member enrolled is booked into each session
 * that has not started, one credit of the course each, when they buy the course and when a
 * session is planned later. The course's row is locked by every command that counts its sessions
 * or its enrolments, so two at once count one after the other.
 *
 * Locks are taken in one order everywhere: the course, then the classes, then the entitlements.
 */
import { CLASS_CODES, CLASS_EVENTS, COURSE_FULL } from '@gym/contract/classes';
import { and, asc, eq, gt, inArray, notInArray, sql } from 'drizzle-orm';
import { bookings, classes, entitlementState, entitlements, shortCourses } from '../../db/schema/index.ts';
import { AppError, notFoundAt } from '../../lib/errors.ts';
import type { ActorContext, UseCaseContext } from '../../lib/use-case.ts';
import { returnCredits } from '../bookings/index.ts';
import { appendLedger, lockState } from '../entitlements/index.ts';

const rule = (path: string, code: string, message: string, details?: Record<string, unknown>) =>
  new AppError(422, 'business_rule', message, [{ path, code, message }], undefined, details);

/** An enrolment that no longer holds a place: refunded or given to another member. */
const GONE_PHASES = ['refunded', 'transferred'];

export type CourseRow = typeof shortCourses.$inferSelect;

/** The course, locked until the command ends (404 on `path` when not the caller's organisation's). */
export async function lockCourse(
  ctx: ActorContext,
  { courseId, path }: { courseId: string; path: string },
): Promise<CourseRow> {
  const [course] = await ctx.db.wholeOrganisation.lock(shortCourses, eq(shortCourses.id, courseId));
  if (!course) {
    throw notFoundAt(path, 'Short course');
  }
  return course;
}

/** A course whose sessions are planned at `centerId`: active, of that centre; locked. */
export async function courseForSessions(
  ctx: UseCaseContext,
  { courseId, centerId }: { courseId: string; centerId: string },
): Promise<CourseRow> {
  const course = await lockCourse(ctx, { courseId, path: 'shortCourseId' });
  if (!course.active) throw rule('shortCourseId', CLASS_CODES.courseInactive, 'This short course is deactivated');
  if (course.centerId !== centerId) {
    throw rule('shortCourseId', CLASS_CODES.courseNotInCentre, 'This short course runs at another centre');
  }
  return course;
}

/** Refuses when the course has more scheduled sessions than it sells (after the command's inserts). */
export async function assertSessionsFit(ctx: ActorContext, course: CourseRow): Promise<void> {
  const [row] = await ctx.db.wholeOrganisation
    .select({ n: sql<number>`count(*)::int` })
    .from(classes)
    .where(and(eq(classes.shortCourseId, course.id), eq(classes.status, 'scheduled')));
  const scheduled = Number(row?.n ?? 0);
  if (scheduled > course.sessions) {
    throw rule(
      'shortCourseId',
      CLASS_CODES.courseSessionsFull,
      `This course has ${course.sessions} sessions; this would schedule ${scheduled}`,
      { sessions: course.sessions, scheduled },
    );
  }
}

/** The course's enrolments that hold a place (not refunded, not transferred), oldest first. */
export async function enrolmentsOf(ctx: ActorContext, courseId: string) {
  return ctx.db.wholeOrganisation
    .select({ id: entitlements.id, memberId: entitlements.memberId })
    .from(entitlements)
    .innerJoin(entitlementState, eq(entitlementState.entitlementId, entitlements.id))
    .where(
      and(
        eq(entitlements.kind, 'short_course'),
        eq(entitlements.itemId, courseId),
        notInArray(entitlementState.phase, GONE_PHASES),
      ),
    )
    .orderBy(asc(entitlements.createdAt), asc(entitlements.id));
}

/**
 * A sale of the course to a member: refused (`course_full` on `path`) when its enrolments already
 * fill its capacity. Called with the course locked, before the new enrolment is written.
 */
export async function assertCoursePlace(
  ctx: ActorContext,
  { courseId, path }: { courseId: string; path: string },
): Promise<void> {
  const course = await lockCourse(ctx, { courseId, path });
  const enrolled = (await enrolmentsOf(ctx, courseId)).length;
  if (enrolled >= course.capacity) {
    throw rule(path, COURSE_FULL, `This course is full (${course.capacity} enrolled)`, {
      capacity: course.capacity,
      enrolled,
    });
  }
}

/**
 * Books the members of `enrolments` into the course's sessions `classIds` that have not started:
 * one booking each (skipped when the member holds one), paid by one credit of their course (a
 * `use` ledger row). A session whose places are all taken (its capacity lowered below the course's)
 * puts the member on its waitlist, paying when a place frees. Answers the bookings made.
 */
export async function bookEnrolments(
  ctx: ActorContext,
  { enrolments, classIds }: { enrolments: readonly { id: string; memberId: string }[]; classIds: readonly string[] },
): Promise<number> {
  if (enrolments.length === 0 || classIds.length === 0) return 0;
  // The course's sessions and their members wherever the seller works (the hooks run in a sale).
  const db = ctx.db.wholeOrganisation;
  const sessions = await db
    .select()
    .from(classes)
    .where(
      and(inArray(classes.id, [...classIds]), eq(classes.status, 'scheduled'), gt(classes.startsAt, ctx.clock.now())),
    )
    .orderBy(asc(classes.startsAt), asc(classes.id))
    .for('update');
  if (sessions.length === 0) return 0;
  const held = await db
    .select({
      classId: bookings.classId,
      memberId: bookings.memberId,
      status: bookings.status,
      position: bookings.waitlistPosition,
    })
    .from(bookings)
    .where(
      inArray(
        bookings.classId,
        sessions.map((s) => s.id),
      ),
    );
  const has = new Set(
    held
      .filter((b) => ['booked', 'waitlisted', 'attended'].includes(b.status))
      .map((b) => `${b.classId}|${b.memberId}`),
  );
  const taken = new Map<string, number>();
  const lastPosition = new Map<string, number>();
  for (const b of held) {
    if (b.status === 'booked' || b.status === 'attended') taken.set(b.classId, (taken.get(b.classId) ?? 0) + 1);
    if (b.position !== null) lastPosition.set(b.classId, Math.max(lastPosition.get(b.classId) ?? 0, b.position));
  }

  let made = 0;
  for (const enrolment of enrolments) {
    let state = await lockState(ctx, { entitlementId: enrolment.id });
    if (!state || GONE_PHASES.includes(state.phase)) continue;
    for (const s of sessions) {
      if (has.has(`${s.id}|${enrolment.memberId}`)) continue;
      const full = (taken.get(s.id) ?? 0) >= s.capacity;
      const pays = !full && s.credits > 0;
      if (pays && (state.creditsLeft ?? 0) < s.credits) continue;
      const [booking] = await ctx.db.insert(bookings, {
        classId: s.id,
        memberId: enrolment.memberId,
        status: full ? 'waitlisted' : 'booked',
        paidBy: full ? null : 'package',
        entitlementId: enrolment.id,
        creditsUsed: pays ? s.credits : 0,
        waitlistPosition: full ? (lastPosition.get(s.id) ?? 0) + 1 : null,
        bookedAt: ctx.clock.now(),
        bookedBy: ctx.auth.userId,
        trial: false,
      });
      if (full) lastPosition.set(s.id, (lastPosition.get(s.id) ?? 0) + 1);
      else taken.set(s.id, (taken.get(s.id) ?? 0) + 1);
      if (pays) {
        state = await appendLedger(ctx, {
          entitlementId: enrolment.id,
          memberId: enrolment.memberId,
          rows: [
            {
              kind: 'use',
              creditsDelta: -s.credits,
              refType: 'booking',
              refId: booking!.id,
              effectiveOn: s.businessDate,
            },
          ],
          locked: state,
        });
      }
      has.add(`${s.id}|${enrolment.memberId}`);
      made += 1;
      ctx.emit({
        type: CLASS_EVENTS.bookingCreated,
        organisationId: ctx.auth.organisationId,
        centerId: s.centerId,
        payload: {
          bookingId: booking!.id,
          classId: s.id,
          memberId: enrolment.memberId,
          status: full ? 'waitlisted' : 'booked',
          trial: false,
          shortCourseId: s.shortCourseId,
        },
      });
    }
  }
  return made;
}

/** Books every enrolled member of `course` into its sessions `classIds` (newly planned). */
export async function bookEnrolledInto(
  ctx: ActorContext,
  { courseId, classIds }: { courseId: string; classIds: readonly string[] },
) {
  return bookEnrolments(ctx, { enrolments: await enrolmentsOf(ctx, courseId), classIds });
}

/** Books a new enrolment into every session of its course that has not started. */
export async function enrol(
  ctx: ActorContext,
  { enrolment, courseId }: { enrolment: { id: string; memberId: string }; courseId: string },
) {
  const sessions = await ctx.db.wholeOrganisation
    .select({ id: classes.id })
    .from(classes)
    .where(
      and(eq(classes.shortCourseId, courseId), eq(classes.status, 'scheduled'), gt(classes.startsAt, ctx.clock.now())),
    );
  return bookEnrolments(ctx, { enrolments: [enrolment], classIds: sessions.map((s) => s.id) });
}

/**
 * An enrolment refunded or voided: its bookings in sessions that have not started are cancelled and
 * their credits given back first, so that what is refunded counts the sessions not taken. Answers
 * the bookings cancelled. The freed places need no promotion: a course's sessions are for its
 * enrolled members, who each hold a booking.
 */
export async function releaseSessions(
  ctx: ActorContext,
  { entitlementId, reason }: { entitlementId: string; reason: string },
): Promise<number> {
  // The enrolment's sessions wherever the refund is made.
  const db = ctx.db.wholeOrganisation;
  const rows = await db
    .select({ booking: bookings, startsAt: classes.startsAt, businessDate: classes.businessDate })
    .from(bookings)
    .innerJoin(classes, eq(classes.id, bookings.classId))
    .where(
      and(
        eq(bookings.entitlementId, entitlementId),
        inArray(bookings.status, ['booked', 'waitlisted']),
        gt(classes.startsAt, ctx.clock.now()),
      ),
    )
    .orderBy(asc(classes.startsAt), asc(classes.id));
  if (rows.length === 0) return 0;
  // Classes before the entitlement, as a booking takes them.
  await db
    .select({ id: classes.id })
    .from(classes)
    .where(
      inArray(
        classes.id,
        rows.map((r) => r.booking.classId),
      ),
    )
    .orderBy(asc(classes.id))
    .for('update');
  const now = ctx.clock.now();
  for (const { booking, businessDate } of rows) {
    const returned = await returnCredits(ctx, { booking, effectiveOn: businessDate, reason });
    await db
      .update(bookings)
      .set({
        status: 'cancelled',
        waitlistPosition: null,
        cancelledAt: now,
        cancelReason: reason,
        creditReturned: booking.creditReturned || returned,
        updatedAt: now,
      })
      .where(eq(bookings.id, booking.id));
  }
  return rows.length;
}
