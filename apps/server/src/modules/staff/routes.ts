import { cardSchema } from '@gym/contract/members';
import {
  attachStaffCardRequestSchema,
  createStaffRequestSchema,
  staffCardParamsSchema,
  staffExportQuerySchema,
  staffIdParamsSchema,
  staffListQuerySchema,
  staffListResponseSchema,
  staffSchema,
  updateStaffRequestSchema,
} from '@gym/contract/staff';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { can } from '../../lib/access.ts';
import { organisationTimeZone } from '../../lib/business-date.ts';
import { type ExportColumn, sendTable } from '../../lib/table-export.ts';
import { resendInvitation, sendPasswordReset, setStaffActive } from './account-actions.ts';
import { createStaff, updateStaff } from './manage-staff.ts';
import { getStaff, listStaff, listStaffForExport, type StaffListItem } from './queries.ts';
import { attachStaffCard, detachStaffCard } from './staff-cards.ts';

const tags = ['staff'];
const origin = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

const EXPORT_COLUMNS: ExportColumn<StaffListItem>[] = [
  { header: 'Name', value: (s) => s.fullName, width: 28 },
  { header: 'E-mail', value: (s) => s.email, width: 30 },
  { header: 'Phone', value: (s) => s.phone },
  { header: 'Role', value: (s) => s.role, width: 12 },
  { header: 'Trainer', value: (s) => (s.isTrainer ? 'yes' : 'no'), width: 8 },
  { header: 'All centres', value: (s) => (s.allCenters ? 'yes' : 'no'), width: 10 },
  { header: 'Centres', value: (s) => s.centerIds.length, width: 8 },
  { header: 'Card', value: (s) => s.cardNumber, width: 16 },
  { header: 'Account', value: (s) => s.accountStatus, width: 12 },
  { header: 'Last sign-in', value: (s) => (s.lastLoginAt ? new Date(s.lastLoginAt) : null) },
  { header: 'Created', value: (s) => new Date(s.createdAt) },
];

const noContent = { 204: z.null() };

/** `/pro/staff` (`/staff-list`, `/apps/staff/edit/:id`): the people who sign in, their roles, centres and cards. */
export function staffRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = deps.database;
    app.get(
      '/staff',
      {
        config: { access: can('read', 'Staff') },
        schema: { tags, querystring: staffListQuerySchema, response: { 200: staffListResponseSchema } },
      },
      (req) => listStaff(db, req.auth!, req.query),
    );
    app.get(
      '/staff/export',
      { config: { access: can('read', 'Staff') }, schema: { tags, querystring: staffExportQuerySchema } },
      async (req, reply) =>
        sendTable(reply, {
          fileName: 'staff',
          timeZone: await organisationTimeZone(db, req.auth!.organisationId),
          format: req.query.format,
          columns: EXPORT_COLUMNS,
          rows: await listStaffForExport(db, req.auth!, req.query),
        }),
    );
    app.get(
      '/staff/:id',
      {
        config: { access: can('read', 'Staff') },
        schema: { tags, params: staffIdParamsSchema, response: { 200: staffSchema } },
      },
      (req) => getStaff(db, req.auth!, req.params.id),
    );
    app.post(
      '/staff',
      {
        config: { access: can('create', 'Staff') },
        schema: { tags, body: createStaffRequestSchema, response: { 201: staffSchema } },
      },
      async (req, reply) => reply.code(201).send(await createStaff(deps, req.auth!, req.body, origin(req))),
    );
    app.patch(
      '/staff/:id',
      {
        config: { access: can('update', 'Staff') },
        schema: { tags, params: staffIdParamsSchema, body: updateStaffRequestSchema, response: { 200: staffSchema } },
      },
      (req) => updateStaff(deps, req.auth!, req.params.id, req.body),
    );
    app.post(
      '/staff/:id/invite',
      {
        config: { access: can('update', 'Staff') },
        schema: { tags, params: staffIdParamsSchema, response: noContent },
      },
      async (req, reply) => {
        await resendInvitation(deps, req.auth!, req.params.id, origin(req));
        return reply.code(204).send(null);
      },
    );
    app.post(
      '/staff/:id/reset-password',
      {
        config: { access: can('update', 'Staff') },
        schema: { tags, params: staffIdParamsSchema, response: noContent },
      },
      async (req, reply) => {
        await sendPasswordReset(deps, req.auth!, req.params.id, origin(req));
        return reply.code(204).send(null);
      },
    );
    app.post(
      '/staff/:id/deactivate',
      {
        config: { access: can('update', 'Staff') },
        schema: { tags, params: staffIdParamsSchema, response: { 200: staffSchema } },
      },
      (req) => setStaffActive(deps, req.auth!, req.params.id, false),
    );
    app.post(
      '/staff/:id/activate',
      {
        config: { access: can('update', 'Staff') },
        schema: { tags, params: staffIdParamsSchema, response: { 200: staffSchema } },
      },
      (req) => setStaffActive(deps, req.auth!, req.params.id, true),
    );
    app.post(
      '/staff/:id/cards',
      {
        config: { access: can('update', 'Staff'), idempotent: true },
        schema: {
          tags,
          params: staffIdParamsSchema,
          body: attachStaffCardRequestSchema,
          response: { 201: cardSchema },
        },
      },
      async (req, reply) =>
        reply.code(201).send(await attachStaffCard(deps, req.auth!, req.params.id, req.body.number)),
    );
    app.delete(
      '/staff/:id/cards/:cardId',
      {
        config: { access: can('update', 'Staff') },
        schema: { tags, params: staffCardParamsSchema, response: noContent },
      },
      async (req, reply) => {
        await detachStaffCard(deps, req.auth!, req.params.id, req.params.cardId);
        return reply.code(204).send(null);
      },
    );
  };
}
