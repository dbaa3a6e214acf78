import {
  attendanceRequestSchema,
  bookingIdParamsSchema,
  bookingListQuerySchema,
  bookingListResponseSchema,
  bookingSchema,
  bookRequestSchema,
  cancelBookingRequestSchema,
  cancelBookingResponseSchema,
  trialListQuerySchema,
  trialListResponseSchema,
  waiveBookingRequestSchema,
} from '@gym/contract/classes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, can } from '../../lib/access.ts';
import { routeTable } from '../../lib/routes.ts';
import { queryContext, runCommand } from '../../lib/use-case.ts';
import { bookClass } from './book-class.ts';
import { cancelBooking } from './cancel-booking.ts';
import { markNoShows } from './mark-no-shows.ts';
import { registerBookingMail } from './notify-members.ts';
import { listBookings, listTrials } from './queries.ts';
import { recordAttendance } from './record-attendance.ts';
import { waiveBooking } from './waive-booking.ts';

const tags = ['bookings'];

/** `/pro/bookings`: members' bookings of classes (book, cancel, waive a penalty, attendance). */
export function bookingRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  registerBookingMail(deps);
  return async (app) => {
    const { db } = deps.database;
    // Bookings of classes that ended without their member become no-shows (at start-up, then every minute).
    let sweeper: NodeJS.Timeout | undefined;
    const sweep = () =>
      markNoShows(db, deps.clock.now())
        .then((n) => (n > 0 ? deps.outbox.wake() : undefined))
        .catch((err: unknown) => app.log.error({ err }, 'no-show sweep failed'));
    app.addHook('onReady', async () => {
      await sweep();
      sweeper = setInterval(() => void sweep(), 60_000);
      sweeper.unref();
    });
    app.addHook('onClose', async () => clearInterval(sweeper));
    const { get, post } = routeTable(app, tags);
    const query = (req: { auth: AuthContext | null }) => queryContext(deps, req.auth!);
    get(
      '/bookings',
      can('read', 'Booking'),
      { query: bookingListQuerySchema, reply: bookingListResponseSchema },
      (req) => listBookings(query(req), req.query),
    );
    get(
      '/bookings/trials',
      can('read', 'Booking'),
      { query: trialListQuerySchema, reply: trialListResponseSchema },
      (req) => listTrials(query(req), req.query),
    );
    post(
      '/bookings',
      can('create', 'Booking'),
      { body: bookRequestSchema, reply: bookingSchema, status: 201, idempotent: true },
      (req) => runCommand(deps, req.auth!, bookClass, req.body),
    );
    const byId = { params: bookingIdParamsSchema, idempotent: true };
    post(
      '/bookings/:id/cancel',
      can('update', 'Booking'),
      { ...byId, body: cancelBookingRequestSchema, reply: cancelBookingResponseSchema },
      (req) => runCommand(deps, req.auth!, cancelBooking, { id: req.params.id, reason: req.body.reason }),
    );
    post(
      '/bookings/:id/waive',
      can('create', 'BookingWaiver'),
      { ...byId, body: waiveBookingRequestSchema, reply: bookingSchema },
      (req) => runCommand(deps, req.auth!, waiveBooking, { id: req.params.id, note: req.body.note }),
    );
    post(
      '/bookings/:id/attendance',
      can('create', 'BookingAttendance'),
      { params: bookingIdParamsSchema, body: attendanceRequestSchema, reply: bookingSchema },
      (req) => runCommand(deps, req.auth!, recordAttendance, { id: req.params.id, mark: req.body.mark }),
    );
  };
}
