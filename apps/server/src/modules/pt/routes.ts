import {
  bookPtSessionRequestSchema,
  cancelPtSessionRequestSchema,
  dayOffListQuerySchema,
  dayOffListResponseSchema,
  dayOffParamsSchema,
  dayOffRequestSchema,
  dayOffSchema,
  ptPackageParamsSchema,
  ptPackageSchema,
  ptSessionIdParamsSchema,
  ptSessionListQuerySchema,
  ptSessionListResponseSchema,
  ptSessionSchema,
  putTrainerHoursRequestSchema,
  trainerHoursResponseSchema,
  trainerIdParamsSchema,
} from '@gym/contract/pt';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, can } from '../../lib/access.ts';
import { routeTable } from '../../lib/routes.ts';
import { queryContext, runCommand } from '../../lib/use-case.ts';
import { addDayOff } from './add-day-off.ts';
import { bookPtSession } from './book-pt-session.ts';
import { cancelPtSession } from './cancel-pt-session.ts';
import { completePtSession } from './complete-pt-session.ts';
import { deleteDayOff } from './delete-day-off.ts';
import { markPtNoShow } from './mark-pt-no-show.ts';
import { getPtPackage, getSession, getTrainerHours, listDaysOff, listSessions } from './queries.ts';
import { setTrainerHours } from './set-trainer-hours.ts';
import { updateDayOff } from './update-day-off.ts';

const tags = ['personal training'];

/**
 * `/pro/pt-sessions`, `/pro/pt-packages/{entitlementId}` (`/pt-detail/{id}`) and a trainer's
 * `/pro/trainers/{id}/hours` and `/days-off`. Sessions are `PersonalTraining` (a trainer only on
 * their own, checked in the use cases); working hours and days off are the rota, `update` on `Staff`.
 */
export function ptRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { get, post, put, patch, delete: del } = routeTable(app, tags);
    const query = (req: { auth: AuthContext | null }) => queryContext(deps, req.auth!);
    const READ = can('read', 'PersonalTraining');
    const UPDATE = can('update', 'PersonalTraining');
    const ROTA = can('update', 'Staff');
    const session = { params: ptSessionIdParamsSchema, reply: ptSessionSchema };
    const trainer = { params: trainerIdParamsSchema };
    const dayOff = { params: dayOffParamsSchema };

    get('/pt-sessions', READ, { query: ptSessionListQuerySchema, reply: ptSessionListResponseSchema }, (req) =>
      listSessions(query(req), req.query),
    );
    get('/pt-sessions/:id', READ, session, (req) => getSession(query(req), { id: req.params.id }));
    post(
      '/pt-sessions',
      can('create', 'PersonalTraining'),
      { body: bookPtSessionRequestSchema, reply: ptSessionSchema, status: 201, idempotent: true },
      (req) => runCommand(deps, req.auth!, bookPtSession, req.body),
    );
    post('/pt-sessions/:id/complete', UPDATE, { ...session, idempotent: true }, (req) =>
      runCommand(deps, req.auth!, completePtSession, { id: req.params.id }),
    );
    post(
      '/pt-sessions/:id/cancel',
      UPDATE,
      { ...session, body: cancelPtSessionRequestSchema, idempotent: true },
      (req) => runCommand(deps, req.auth!, cancelPtSession, { id: req.params.id, reason: req.body.reason }),
    );
    post('/pt-sessions/:id/no-show', UPDATE, { ...session, idempotent: true }, (req) =>
      runCommand(deps, req.auth!, markPtNoShow, { id: req.params.id }),
    );
    get('/pt-packages/:entitlementId', READ, { params: ptPackageParamsSchema, reply: ptPackageSchema }, (req) =>
      getPtPackage(query(req), { entitlementId: req.params.entitlementId }),
    );
    get('/trainers/:id/hours', READ, { ...trainer, reply: trainerHoursResponseSchema }, (req) =>
      getTrainerHours(query(req), { trainerId: req.params.id }),
    );
    put(
      '/trainers/:id/hours',
      ROTA,
      { ...trainer, body: putTrainerHoursRequestSchema, reply: trainerHoursResponseSchema },
      (req) => runCommand(deps, req.auth!, setTrainerHours, { ...req.body, trainerId: req.params.id }),
    );
    get(
      '/trainers/:id/days-off',
      READ,
      { ...trainer, query: dayOffListQuerySchema, reply: dayOffListResponseSchema },
      (req) => listDaysOff(query(req), { trainerId: req.params.id, from: req.query.from }),
    );
    post(
      '/trainers/:id/days-off',
      ROTA,
      { ...trainer, body: dayOffRequestSchema, reply: dayOffSchema, status: 201 },
      (req) => runCommand(deps, req.auth!, addDayOff, { ...req.body, trainerId: req.params.id }),
    );
    patch(
      '/trainers/:id/days-off/:dayOffId',
      ROTA,
      { ...dayOff, body: dayOffRequestSchema, reply: dayOffSchema },
      (req) =>
        runCommand(deps, req.auth!, updateDayOff, {
          ...req.body,
          trainerId: req.params.id,
          dayOffId: req.params.dayOffId,
        }),
    );
    del('/trainers/:id/days-off/:dayOffId', ROTA, dayOff, async (req, reply) => {
      await runCommand(deps, req.auth!, deleteDayOff, { trainerId: req.params.id, dayOffId: req.params.dayOffId });
      return reply.code(204).send();
    });
  };
}
