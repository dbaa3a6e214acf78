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
import { can } from '../../lib/access.ts';
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
    app.get(
      '/bookings',
      {
        config: { access: can('read', 'Booking') },
        schema: { tags, querystring: bookingListQuerySchema, response: { 200: bookingListResponseSchema } },
      },
      (req) => listBookings(queryContext(deps, req.auth!), req.query),
    );
    app.get(
      '/bookings/trials',
      {
        config: { access: can('read', 'Booking') },
        schema: { tags, querystring: trialListQuerySchema, response: { 200: trialListResponseSchema } },
      },
      (req) => listTrials(queryContext(deps, req.auth!), req.query),
    );
    app.post(
      '/bookings',
      {
        config: { access: can('create', 'Booking'), idempotent: true },
        schema: { tags, body: bookRequestSchema, response: { 201: bookingSchema } },
      },
      async (req, reply) => reply.code(201).send(await runCommand(deps, req.auth!, bookClass, req.body)),
    );
    app.post(
      '/bookings/:id/cancel',
      {
        config: { access: can('update', 'Booking'), idempotent: true },
        schema: {
          tags,
          params: bookingIdParamsSchema,
          body: cancelBookingRequestSchema,
          response: { 200: cancelBookingResponseSchema },
        },
      },
      (req) => runCommand(deps, req.auth!, cancelBooking, { id: req.params.id, reason: req.body.reason }),
    );
    app.post(
      '/bookings/:id/waive',
      {
        config: { access: can('create', 'BookingWaiver'), idempotent: true },
        schema: {
          tags,
          params: bookingIdParamsSchema,
          body: waiveBookingRequestSchema,
          response: { 200: bookingSchema },
        },
      },
      (req) => runCommand(deps, req.auth!, waiveBooking, { id: req.params.id, note: req.body.note }),
    );
    app.post(
      '/bookings/:id/attendance',
      {
        config: { access: can('create', 'BookingAttendance') },
        schema: {
          tags,
          params: bookingIdParamsSchema,
          body: attendanceRequestSchema,
          response: { 200: bookingSchema },
        },
      },
      (req) => runCommand(deps, req.auth!, recordAttendance, { id: req.params.id, mark: req.body.mark }),
    );
  };
}
