/** What other modules and the app may use of the bookings module. */
export { cancelClassBookings } from './cancel-class-bookings.ts';
export { type LockedClass, lockClass, organisationConfig, placesTaken } from './lock.ts';
export { DOOR_BOOKING_EARLY_MINUTES, doorBookingQuery, markAttendedAtDoor } from './mark-attended-at-door.ts';
export { returnCredits } from './payment.ts';
export { billPtFee, cancelledFields, lateCancel } from './penalty.ts';
export { promoteWaitlist } from './promote.ts';
export { recordAttendance } from './record-attendance.ts';
export { bookingRoutes } from './routes.ts';
