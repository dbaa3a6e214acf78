/**
 * A short course's sessions and attendance as its drawer reads them (`GET
 * pro/short-courses/:id/sessions`): the counts of its header, when a session is held in the
 * centre's zone, what one cell of the attendance matrix shows and allows, and where the planning
 * of more sessions starts.
 */
import type { BookingStatus, CourseRoster } from '@gym/contract/classes';
import { businessDate } from '@gym/contract/time';
import { formatTime, formatWeekdayDate } from '../../shared/dates';
import { attendanceOpen, markableStatus } from './attendance';

export type { CourseRoster };
export type CourseSession = CourseRoster['sessions'][number];
export type CourseEnrolment = CourseRoster['enrolments'][number];

/** Enrolments that no longer hold a place on the course (refunded, or moved to another member). */
const NOT_HOLDING = new Set(['refunded', 'transferred']);

/** Sessions scheduled (cancelled ones aside) and members holding a place. */
export function rosterSummary(roster: Pick<CourseRoster, 'sessions' | 'enrolments'>): {
  scheduled: number;
  enrolled: number;
} {
  return {
    scheduled: roster.sessions.filter((s) => s.status === 'scheduled').length,
    enrolled: roster.enrolments.filter((e) => !NOT_HOLDING.has(e.status)).length,
  };
}

/** Sessions a course may still be given (never below 0). */
export const sessionsLeft = (sessions: number, scheduled: number): number => Math.max(0, sessions - scheduled);

/** The first day new sessions are planned on: the course's start when still ahead, else today (both business dates). */
export function firstSessionDate(startsOn: string | null, today: string): string {
  return startsOn !== null && startsOn > today ? startsOn : today;
}

/** When a session is held, on the centre's wall clock, in the screen's language: `Mon, 3 Mar` and `18:00–19:00`. */
export function sessionWhen(
  language: string,
  timeZone: string,
  session: Pick<CourseSession, 'startsAt' | 'endsAt'>,
): { day: string; time: string } {
  const start = new Date(session.startsAt);
  const end = new Date(session.endsAt);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return { day: '', time: '' };
  return {
    day: formatWeekdayDate(language, businessDate(start, timeZone)),
    time: `${formatTime(language, session.startsAt, timeZone)}–${formatTime(language, session.endsAt, timeZone)}`,
  };
}

/** One cell of the matrix: no booking (enrolled after the session, or planned before), or a booking and whether it may be marked now. */
export type AttendanceCell =
  | { kind: 'none' }
  | { kind: 'booking'; bookingId: string; status: BookingStatus; markable: boolean };

/**
 * The cell of `enrolment` in the session at `index`. `mayMark` says whether this person may take
 * attendance on that session (the right, and a trainer's own class).
 */
export function attendanceCell(
  enrolment: Pick<CourseEnrolment, 'attendance'>,
  index: number,
  session: Pick<CourseSession, 'status' | 'startsAt'>,
  mayMark: boolean,
  now: number = Date.now(),
): AttendanceCell {
  const booking = enrolment.attendance[index] ?? null;
  if (!booking) return { kind: 'none' };
  return {
    kind: 'booking',
    bookingId: booking.bookingId,
    status: booking.status,
    markable: mayMark && markableStatus(booking.status) && attendanceOpen(session, now),
  };
}
