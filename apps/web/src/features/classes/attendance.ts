/**
 * When attendance may be recorded, shared by the class's bookings drawer and a short course's
 * attendance matrix: from an hour before a scheduled class starts (members arrive early), on a
 * booking that holds a place or was marked already (a mark can be turned round).
 */
import type { BookingStatus, ClassStatus } from '@gym/contract/classes';

/** How soon before its start a class's attendance may be taken. */
export const ATTENDANCE_OPENS_MS = 60 * 60_000;

/** Whether attendance may be taken on this class at `now`. */
export function attendanceOpen(item: { status: ClassStatus; startsAt: string }, now: number = Date.now()): boolean {
  return item.status === 'scheduled' && Date.parse(item.startsAt) - ATTENDANCE_OPENS_MS <= now;
}

/** The booking statuses a teacher may mark (or mark again): booked, attended, no-show. */
export function markableStatus(status: BookingStatus): boolean {
  return status === 'booked' || status === 'attended' || status === 'no_show';
}
