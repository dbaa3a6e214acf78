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
    const query = (req: { auth: AuthContext | null }) => queryContext(deps, req.auth!);
    app.get(
      '/pt-sessions',
      {
        config: { access: can('read', 'PersonalTraining') },
        schema: { tags, querystring: ptSessionListQuerySchema, response: { 200: ptSessionListResponseSchema } },
      },
      (req) => listSessions(query(req), req.query),
    );
    app.get(
      '/pt-sessions/:id',
      {
        config: { access: can('read', 'PersonalTraining') },
        schema: { tags, params: ptSessionIdParamsSchema, response: { 200: ptSessionSchema } },
      },
      (req) => getSession(query(req), { id: req.params.id }),
    );
    app.post(
      '/pt-sessions',
      {
        config: { access: can('create', 'PersonalTraining'), idempotent: true },
        schema: { tags, body: bookPtSessionRequestSchema, response: { 201: ptSessionSchema } },
      },
      async (req, reply) => reply.code(201).send(await runCommand(deps, req.auth!, bookPtSession, req.body)),
    );
    app.post(
      '/pt-sessions/:id/complete',
      {
        config: { access: can('update', 'PersonalTraining'), idempotent: true },
        schema: { tags, params: ptSessionIdParamsSchema, response: { 200: ptSessionSchema } },
      },
      (req) => runCommand(deps, req.auth!, completePtSession, { id: req.params.id }),
    );
    app.post(
      '/pt-sessions/:id/cancel',
      {
        config: { access: can('update', 'PersonalTraining'), idempotent: true },
        schema: {
          tags,
          params: ptSessionIdParamsSchema,
          body: cancelPtSessionRequestSchema,
          response: { 200: ptSessionSchema },
        },
      },
      (req) => runCommand(deps, req.auth!, cancelPtSession, { id: req.params.id, reason: req.body.reason }),
    );
    app.post(
      '/pt-sessions/:id/no-show',
      {
        config: { access: can('update', 'PersonalTraining'), idempotent: true },
        schema: { tags, params: ptSessionIdParamsSchema, response: { 200: ptSessionSchema } },
      },
      (req) => runCommand(deps, req.auth!, markPtNoShow, { id: req.params.id }),
    );
    app.get(
      '/pt-packages/:entitlementId',
      {
        config: { access: can('read', 'PersonalTraining') },
        schema: { tags, params: ptPackageParamsSchema, response: { 200: ptPackageSchema } },
      },
      (req) => getPtPackage(query(req), { entitlementId: req.params.entitlementId }),
    );
    app.get(
      '/trainers/:id/hours',
      {
        config: { access: can('read', 'PersonalTraining') },
        schema: { tags, params: trainerIdParamsSchema, response: { 200: trainerHoursResponseSchema } },
      },
      (req) => getTrainerHours(query(req), { trainerId: req.params.id }),
    );
    app.put(
      '/trainers/:id/hours',
      {
        config: { access: can('update', 'Staff') },
        schema: {
          tags,
          params: trainerIdParamsSchema,
          body: putTrainerHoursRequestSchema,
          response: { 200: trainerHoursResponseSchema },
        },
      },
      (req) => runCommand(deps, req.auth!, setTrainerHours, { ...req.body, trainerId: req.params.id }),
    );
    app.get(
      '/trainers/:id/days-off',
      {
        config: { access: can('read', 'PersonalTraining') },
        schema: {
          tags,
          params: trainerIdParamsSchema,
          querystring: dayOffListQuerySchema,
          response: { 200: dayOffListResponseSchema },
        },
      },
      (req) => listDaysOff(query(req), { trainerId: req.params.id, from: req.query.from }),
    );
    app.post(
      '/trainers/:id/days-off',
      {
        config: { access: can('update', 'Staff') },
        schema: { tags, params: trainerIdParamsSchema, body: dayOffRequestSchema, response: { 201: dayOffSchema } },
      },
      async (req, reply) =>
        reply.code(201).send(await runCommand(deps, req.auth!, addDayOff, { ...req.body, trainerId: req.params.id })),
    );
    app.patch(
      '/trainers/:id/days-off/:dayOffId',
      {
        config: { access: can('update', 'Staff') },
        schema: { tags, params: dayOffParamsSchema, body: dayOffRequestSchema, response: { 200: dayOffSchema } },
      },
      (req) =>
        runCommand(deps, req.auth!, updateDayOff, {
          ...req.body,
          trainerId: req.params.id,
          dayOffId: req.params.dayOffId,
        }),
    );
    app.delete(
      '/trainers/:id/days-off/:dayOffId',
      {
        config: { access: can('update', 'Staff') },
        schema: { tags, params: dayOffParamsSchema },
      },
      async (req, reply) => {
        await runCommand(deps, req.auth!, deleteDayOff, { trainerId: req.params.id, dayOffId: req.params.dayOffId });
        return reply.code(204).send();
      },
    );
  };
}
