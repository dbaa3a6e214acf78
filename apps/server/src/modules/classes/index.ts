/** What other modules and the app may use of the classes module. */

export { emitClassChanged } from './class-events.ts';
export { checkRoom } from './class-refs.ts';
export { assertSlotFree, lockTimetables, type TimetableSlot } from './conflicts.ts';
export { createClass } from './create-class.ts';
export { expandDates, isoWeekday } from './recurrence.ts';
export { classRoutes } from './routes.ts';
