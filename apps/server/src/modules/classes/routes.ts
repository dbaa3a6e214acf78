import {
  type ClassListItem,
  cancelClassRequestSchema,
  cancelClassResponseSchema,
  classExportQuerySchema,
  classIdParamsSchema,
  classListQuerySchema,
  classListResponseSchema,
  classSchema,
  classTypeListQuerySchema,
  classTypeListResponseSchema,
  classTypeSchema,
  createClassRequestSchema,
  createClassResponseSchema,
  createClassTypeRequestSchema,
  updateClassRequestSchema,
  updateClassResponseSchema,
  updateClassTypeRequestSchema,
} from '@gym/contract/classes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, can } from '../../lib/access.ts';
import { exportRoutes, routeTable } from '../../lib/routes.ts';
import type { ExportColumn } from '../../lib/table-export.ts';
import { queryContext, runCommand } from '../../lib/use-case.ts';
import { cancelClass } from './cancel-class.ts';
import { createClass } from './create-class.ts';
import { createClassType } from './create-class-type.ts';
import { getClass, getClassType, listClasses, listClassesForExport, listClassTypes } from './queries.ts';
import { updateClass } from './update-class.ts';
import { updateClassType } from './update-class-type.ts';

const tags = ['classes'];

const EXPORT_COLUMNS: ExportColumn<ClassListItem>[] = [
  { header: 'Date', value: (c) => c.date, width: 12 },
  { header: 'Start', value: (c) => c.startTime, width: 8 },
  { header: 'End', value: (c) => c.endTime, width: 8 },
  { header: 'Centre code', value: (c) => c.center.code, width: 10 },
  { header: 'Centre', value: (c) => c.center.name, width: 24 },
  { header: 'Room', value: (c) => c.room.name, width: 20 },
  { header: 'Class type', value: (c) => c.type.name, width: 24 },
  { header: 'Teacher', value: (c) => c.teacher.name, width: 24 },
  { header: 'Booked', value: (c) => c.booked, width: 8 },
  { header: 'Capacity', value: (c) => c.capacity, width: 8 },
  { header: 'Waitlist', value: (c) => c.waitlisted, width: 8 },
  { header: 'Attended', value: (c) => c.attended, width: 8 },
  { header: 'Credits', value: (c) => c.credits, width: 8 },
  { header: 'Mode', value: (c) => c.mode, width: 10 },
  { header: 'Renter', value: (c) => c.renter?.name ?? '', width: 24 },
  { header: 'Rental hours', value: (c) => c.rentalHours ?? '', width: 8 },
  { header: 'Short course', value: (c) => c.shortCourse?.name ?? '', width: 24 },
  {
    header: 'Session',
    value: (c) => (c.shortCourse ? `${c.shortCourse.number}/${c.shortCourse.sessions}` : ''),
    width: 8,
  },
  { header: 'Status', value: (c) => c.status, width: 10 },
];

/** `/pro/class-types` and `/pro/classes` (`/class-list`). */
export function classRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { get, post, patch } = routeTable(app, tags);
    const query = (req: { auth: AuthContext | null }) => queryContext(deps, req.auth!);
    const byId = { params: classIdParamsSchema };
    const READ = can('read', 'Class');
    const UPDATE = can('update', 'Class');
    get('/class-types', READ, { query: classTypeListQuerySchema, reply: classTypeListResponseSchema }, (req) =>
      listClassTypes(query(req), req.query),
    );
    get('/class-types/:id', READ, { ...byId, reply: classTypeSchema }, (req) =>
      getClassType(query(req), { id: req.params.id }),
    );
    post(
      '/class-types',
      can('create', 'Class'),
      { body: createClassTypeRequestSchema, reply: classTypeSchema, status: 201 },
      (req) => runCommand(deps, req.auth!, createClassType, req.body),
    );
    patch('/class-types/:id', UPDATE, { ...byId, body: updateClassTypeRequestSchema, reply: classTypeSchema }, (req) =>
      runCommand(deps, req.auth!, updateClassType, { ...req.body, id: req.params.id }),
    );
    get('/classes', READ, { query: classListQuerySchema, reply: classListResponseSchema }, (req) =>
      listClasses(query(req), req.query),
    );
    exportRoutes(get, deps)('/classes/export', READ, { query: classExportQuerySchema }, async (req) => ({
      fileName: 'classes',
      centerId: req.query.center,
      columns: EXPORT_COLUMNS,
      rows: await listClassesForExport(query(req), req.query),
    }));
    get('/classes/:id', READ, { ...byId, reply: classSchema }, (req) => getClass(query(req), { id: req.params.id }));
    post(
      '/classes',
      can('create', 'Class'),
      { body: createClassRequestSchema, reply: createClassResponseSchema, status: 201 },
      (req) => runCommand(deps, req.auth!, createClass, req.body),
    );
    patch(
      '/classes/:id',
      UPDATE,
      { ...byId, body: updateClassRequestSchema, reply: updateClassResponseSchema },
      (req) => runCommand(deps, req.auth!, updateClass, { ...req.body, id: req.params.id }),
    );
    post(
      '/classes/:id/cancel',
      UPDATE,
      { ...byId, body: cancelClassRequestSchema, reply: cancelClassResponseSchema, idempotent: true },
      (req) => runCommand(deps, req.auth!, cancelClass, { ...req.body, id: req.params.id }),
    );
  };
}
