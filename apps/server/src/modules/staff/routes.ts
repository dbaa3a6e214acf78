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
import { type AuthContext, can } from '../../lib/access.ts';
import { exportRoutes, routeTable } from '../../lib/routes.ts';
import type { ExportColumn } from '../../lib/table-export.ts';
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

/** `/pro/staff` (`/staff-list`, `/apps/staff/edit/:id`): the people who sign in, their roles, centres and cards. */
export function staffRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { get, post, patch, delete: del } = routeTable(app, tags);
    const db = (req: { auth: AuthContext | null }) => queryContext(deps, req.auth!).db;
    const byId = { params: staffIdParamsSchema };
    const READ = can('read', 'Staff');
    const UPDATE = can('update', 'Staff');
    get('/staff', READ, { query: staffListQuerySchema, reply: staffListResponseSchema }, (req) =>
      listStaff(db(req), req.query),
    );
    exportRoutes(get, deps)('/staff/export', READ, { query: staffExportQuerySchema }, async (req) => ({
      fileName: 'staff',
      columns: EXPORT_COLUMNS,
      rows: await listStaffForExport(db(req), req.query),
    }));
    get('/staff/:id', READ, { ...byId, reply: staffSchema }, (req) => getStaff(db(req), req.params.id));
    post('/staff', can('create', 'Staff'), { body: createStaffRequestSchema, reply: staffSchema, status: 201 }, (req) =>
      runCommand(deps, req.auth!, createStaff, req.body, STAFF_COMMAND),
    );
    patch('/staff/:id', UPDATE, { ...byId, body: updateStaffRequestSchema, reply: staffSchema }, (req) =>
      runCommand(deps, req.auth!, updateStaff, { ...req.body, id: req.params.id }, STAFF_COMMAND),
    );
    post('/staff/:id/invite', UPDATE, { ...byId, status: 204 }, (req) =>
      runCommand(deps, req.auth!, resendInvitation, { id: req.params.id }, STAFF_COMMAND),
    );
    post('/staff/:id/reset-password', UPDATE, { ...byId, status: 204 }, (req) =>
      runCommand(deps, req.auth!, sendPasswordReset, { id: req.params.id }, STAFF_COMMAND),
    );
    post('/staff/:id/sign-out', UPDATE, { ...byId, reply: z.object({ ended: z.number().int() }) }, (req) =>
      runCommand(deps, req.auth!, signOutStaff, { id: req.params.id }, STAFF_COMMAND),
    );
    post('/staff/:id/deactivate', UPDATE, { ...byId, reply: staffSchema }, (req) =>
      runCommand(deps, req.auth!, setStaffActive, { id: req.params.id, active: false }, STAFF_COMMAND),
    );
    post('/staff/:id/activate', UPDATE, { ...byId, reply: staffSchema }, (req) =>
      runCommand(deps, req.auth!, setStaffActive, { id: req.params.id, active: true }, STAFF_COMMAND),
    );
    post(
      '/staff/:id/cards',
      UPDATE,
      { ...byId, body: attachStaffCardRequestSchema, reply: cardSchema, status: 201, idempotent: true },
      (req) =>
        runCommand(
          deps,
          req.auth!,
          attachStaffCard,
          { staffId: req.params.id, number: req.body.number },
          STAFF_COMMAND,
        ),
    );
    del('/staff/:id/cards/:cardId', UPDATE, { params: staffCardParamsSchema, status: 204 }, (req) =>
      runCommand(
        deps,
        req.auth!,
        detachStaffCard,
        { staffId: req.params.id, cardId: req.params.cardId },
        STAFF_COMMAND,
      ),
    );
  };
}
