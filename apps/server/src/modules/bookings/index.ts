/** What other modules and the app may use of the bookings module. */
export { cancelClassBookings } from './cancel-class-bookings.ts';
export { type LockedClass, lockClass, placesTaken } from './lock.ts';
export { returnCredits } from './payment.ts';
export { billPtFee } from './penalty.ts';
export { promoteWaitlist } from './promote.ts';
export {
  DOOR_BOOKING_EARLY_MINUTES,
  doorBookingQuery,
  markAttendedAtDoor,
  recordAttendance,
} from './record-attendance.ts';
export { bookingRoutes } from './routes.ts';
