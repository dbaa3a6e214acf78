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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { can } from '../../lib/access.ts';
import { callerTimeZone } from '../../lib/business-date.ts';
import { type ExportColumn, sendExport } from '../../lib/table-export.ts';
import { queryContext, runCommand } from '../../lib/use-case.ts';
import { attachStaffCard } from './attach-staff-card.ts';
import { STAFF_COMMAND } from './command.ts';
import { createStaff } from './create-staff.ts';
import { detachStaffCard } from './detach-staff-card.ts';
import { getStaff, listStaff, listStaffForExport, type StaffListItem } from './queries.ts';
import { resendInvitation } from './resend-invitation.ts';
import { sendPasswordReset } from './send-password-reset.ts';
import { setStaffActive } from './set-staff-active.ts';
import { signOutStaff } from './sign-out-staff.ts';
import { updateStaff } from './update-staff.ts';

const tags = ['staff'];

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
      (req) => listStaff(queryContext(deps, req.auth!).db, req.query),
    );
    app.get(
      '/staff/export',
      { config: { access: can('read', 'Staff') }, schema: { tags, querystring: staffExportQuerySchema } },
      async (req, reply) =>
        sendExport(reply, deps.longReads, req.auth!, {
          fileName: 'staff',
          timeZone: await callerTimeZone(db, req.auth!, (req.query as { centerId?: string }).centerId),
          format: req.query.format,
          columns: EXPORT_COLUMNS,
          rows: await listStaffForExport(queryContext(deps, req.auth!).db, req.query),
        }),
    );
    app.get(
      '/staff/:id',
      {
        config: { access: can('read', 'Staff') },
        schema: { tags, params: staffIdParamsSchema, response: { 200: staffSchema } },
      },
      (req) => getStaff(queryContext(deps, req.auth!).db, req.params.id),
    );
    app.post(
      '/staff',
      {
        config: { access: can('create', 'Staff') },
        schema: { tags, body: createStaffRequestSchema, response: { 201: staffSchema } },
      },
      async (req, reply) =>
        reply.code(201).send(await runCommand(deps, req.auth!, createStaff, req.body, STAFF_COMMAND)),
    );
    app.patch(
      '/staff/:id',
      {
        config: { access: can('update', 'Staff') },
        schema: { tags, params: staffIdParamsSchema, body: updateStaffRequestSchema, response: { 200: staffSchema } },
      },
      (req) => runCommand(deps, req.auth!, updateStaff, { ...req.body, id: req.params.id }, STAFF_COMMAND),
    );
    app.post(
      '/staff/:id/invite',
      {
        config: { access: can('update', 'Staff') },
        schema: { tags, params: staffIdParamsSchema, response: noContent },
      },
      async (req, reply) => {
        await runCommand(deps, req.auth!, resendInvitation, { id: req.params.id }, STAFF_COMMAND);
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
        await runCommand(deps, req.auth!, sendPasswordReset, { id: req.params.id }, STAFF_COMMAND);
        return reply.code(204).send(null);
      },
    );
    app.post(
      '/staff/:id/sign-out',
      {
        config: { access: can('update', 'Staff') },
        schema: { tags, params: staffIdParamsSchema, response: { 200: z.object({ ended: z.number().int() }) } },
      },
      (req) => runCommand(deps, req.auth!, signOutStaff, { id: req.params.id }, STAFF_COMMAND),
    );
    app.post(
      '/staff/:id/deactivate',
      {
        config: { access: can('update', 'Staff') },
        schema: { tags, params: staffIdParamsSchema, response: { 200: staffSchema } },
      },
      (req) => runCommand(deps, req.auth!, setStaffActive, { id: req.params.id, active: false }, STAFF_COMMAND),
    );
    app.post(
      '/staff/:id/activate',
      {
        config: { access: can('update', 'Staff') },
        schema: { tags, params: staffIdParamsSchema, response: { 200: staffSchema } },
      },
      (req) => runCommand(deps, req.auth!, setStaffActive, { id: req.params.id, active: true }, STAFF_COMMAND),
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
        reply.code(201).send(
          await runCommand(
            deps,
            req.auth!,
            attachStaffCard,
            {
              staffId: req.params.id,
              number: req.body.number,
            },
            STAFF_COMMAND,
          ),
        ),
    );
    app.delete(
      '/staff/:id/cards/:cardId',
      {
        config: { access: can('update', 'Staff') },
        schema: { tags, params: staffCardParamsSchema, response: noContent },
      },
      async (req, reply) => {
        await runCommand(
          deps,
          req.auth!,
          detachStaffCard,
          { staffId: req.params.id, cardId: req.params.cardId },
          STAFF_COMMAND,
        );
        return reply.code(204).send(null);
      },
    );
  };
}
