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
import { callerTimeZone } from '../../lib/business-date.ts';
import { type ExportColumn, sendExport } from '../../lib/table-export.ts';
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
    const { db } = deps.database;
    const query = (req: { auth: AuthContext | null }) => queryContext(deps, req.auth!);
    app.get(
      '/class-types',
      {
        config: { access: can('read', 'Class') },
        schema: { tags, querystring: classTypeListQuerySchema, response: { 200: classTypeListResponseSchema } },
      },
      (req) => listClassTypes(query(req), req.query),
    );
    app.get(
      '/class-types/:id',
      {
        config: { access: can('read', 'Class') },
        schema: { tags, params: classIdParamsSchema, response: { 200: classTypeSchema } },
      },
      (req) => getClassType(query(req), { id: req.params.id }),
    );
    app.post(
      '/class-types',
      {
        config: { access: can('create', 'Class') },
        schema: { tags, body: createClassTypeRequestSchema, response: { 201: classTypeSchema } },
      },
      async (req, reply) => reply.code(201).send(await runCommand(deps, req.auth!, createClassType, req.body)),
    );
    app.patch(
      '/class-types/:id',
      {
        config: { access: can('update', 'Class') },
        schema: {
          tags,
          params: classIdParamsSchema,
          body: updateClassTypeRequestSchema,
          response: { 200: classTypeSchema },
        },
      },
      (req) => runCommand(deps, req.auth!, updateClassType, { ...req.body, id: req.params.id }),
    );
    app.get(
      '/classes',
      {
        config: { access: can('read', 'Class') },
        schema: { tags, querystring: classListQuerySchema, response: { 200: classListResponseSchema } },
      },
      (req) => listClasses(query(req), req.query),
    );
    app.get(
      '/classes/export',
      { config: { access: can('read', 'Class') }, schema: { tags, querystring: classExportQuerySchema } },
      async (req, reply) =>
        sendExport(reply, deps.longReads, req.auth!, {
          fileName: 'classes',
          timeZone: await callerTimeZone(db, req.auth!, req.query.center),
          format: req.query.format,
          columns: EXPORT_COLUMNS,
          rows: await listClassesForExport(query(req), req.query),
        }),
    );
    app.get(
      '/classes/:id',
      {
        config: { access: can('read', 'Class') },
        schema: { tags, params: classIdParamsSchema, response: { 200: classSchema } },
      },
      (req) => getClass(query(req), { id: req.params.id }),
    );
    app.post(
      '/classes',
      {
        config: { access: can('create', 'Class') },
        schema: { tags, body: createClassRequestSchema, response: { 201: createClassResponseSchema } },
      },
      async (req, reply) => reply.code(201).send(await runCommand(deps, req.auth!, createClass, req.body)),
    );
    app.patch(
      '/classes/:id',
      {
        config: { access: can('update', 'Class') },
        schema: {
          tags,
          params: classIdParamsSchema,
          body: updateClassRequestSchema,
          response: { 200: updateClassResponseSchema },
        },
      },
      (req) => runCommand(deps, req.auth!, updateClass, { ...req.body, id: req.params.id }),
    );
    app.post(
      '/classes/:id/cancel',
      {
        config: { access: can('update', 'Class'), idempotent: true },
        schema: {
          tags,
          params: classIdParamsSchema,
          body: cancelClassRequestSchema,
          response: { 200: cancelClassResponseSchema },
        },
      },
      (req) => runCommand(deps, req.auth!, cancelClass, { ...req.body, id: req.params.id }),
    );
  };
}
