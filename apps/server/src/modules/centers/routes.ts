import {
  centerAdminListQuerySchema,
  centerAdminListResponseSchema,
  centerDetailSchema,
  centerExportQuerySchema,
  centerIdParamsSchema,
  centerSwitcherResponseSchema,
  createCenterRequestSchema,
  updateCenterRequestSchema,
} from '@gym/contract/centers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { can } from '../../lib/access.ts';
import { callerTimeZone } from '../../lib/business-date.ts';
import { type ExportColumn, sendExport } from '../../lib/table-export.ts';
import { queryContext, runCommand } from '../../lib/use-case.ts';
import { centerCommandOptions } from './center-rules.ts';
import { createCenter } from './create-center.ts';
import {
  type CenterListItem,
  getCenterDetail,
  listCenters,
  listCentersForExport,
  listCentersForSwitcher,
} from './queries.ts';
import { setCenterActive } from './set-center-active.ts';
import { updateCenter } from './update-center.ts';

const tags = ['centres'];

const EXPORT_COLUMNS: ExportColumn<CenterListItem>[] = [
  { header: 'Code', value: (c) => c.code, width: 10 },
  { header: 'Name', value: (c) => c.name, width: 28 },
  { header: 'Address', value: (c) => c.address, width: 40 },
  { header: 'Phone', value: (c) => c.phone },
  { header: 'E-mail', value: (c) => c.email, width: 28 },
  { header: 'Time zone', value: (c) => c.timeZone },
  { header: 'Currency symbol', value: (c) => c.currencySymbol, width: 10 },
  { header: 'Members', value: (c) => c.memberCount, width: 10 },
  { header: 'Rooms', value: (c) => c.roomCount, width: 10 },
  { header: 'Active', value: (c) => (c.active ? 'yes' : 'no'), width: 8 },
  { header: 'Created', value: (c) => new Date(c.createdAt) },
];

/** `/pro/centers`: the organisation's centres (`/center`, `/center-list`) and the navbar's switcher. */
export function centerRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = deps.database;
    app.get(
      '/centers/switcher',
      {
        config: { access: can('read', 'Centre') },
        schema: { tags, response: { 200: centerSwitcherResponseSchema } },
      },
      async (req) => ({ items: await listCentersForSwitcher(queryContext(deps, req.auth!)) }),
    );
    app.get(
      '/centers',
      {
        config: { access: can('read', 'Centre') },
        schema: { tags, querystring: centerAdminListQuerySchema, response: { 200: centerAdminListResponseSchema } },
      },
      (req) => listCenters(queryContext(deps, req.auth!), req.query),
    );
    app.get(
      '/centers/export',
      { config: { access: can('read', 'Centre') }, schema: { tags, querystring: centerExportQuerySchema } },
      async (req, reply) =>
        sendExport(reply, deps.longReads, req.auth!, {
          fileName: 'centres',
          timeZone: await callerTimeZone(db, req.auth!, (req.query as { centerId?: string }).centerId),
          format: req.query.format,
          columns: EXPORT_COLUMNS,
          rows: await listCentersForExport(queryContext(deps, req.auth!), req.query),
        }),
    );
    app.get(
      '/centers/:id',
      {
        config: { access: can('read', 'Centre') },
        schema: { tags, params: centerIdParamsSchema, response: { 200: centerDetailSchema } },
      },
      (req) => getCenterDetail(queryContext(deps, req.auth!), { id: req.params.id }),
    );
    app.post(
      '/centers',
      {
        config: { access: can('create', 'Centre') },
        schema: { tags, body: createCenterRequestSchema, response: { 201: centerDetailSchema } },
      },
      async (req, reply) =>
        reply.code(201).send(await runCommand(deps, req.auth!, createCenter, req.body, centerCommandOptions)),
    );
    app.patch(
      '/centers/:id',
      {
        config: { access: can('update', 'Centre') },
        schema: {
          tags,
          params: centerIdParamsSchema,
          body: updateCenterRequestSchema,
          response: { 200: centerDetailSchema },
        },
      },
      (req) => runCommand(deps, req.auth!, updateCenter, { ...req.body, id: req.params.id }, centerCommandOptions),
    );
    app.post(
      '/centers/:id/deactivate',
      {
        config: { access: can('update', 'Centre') },
        schema: { tags, params: centerIdParamsSchema, response: { 200: centerDetailSchema } },
      },
      (req) => runCommand(deps, req.auth!, setCenterActive, { id: req.params.id, active: false }, centerCommandOptions),
    );
    app.post(
      '/centers/:id/activate',
      {
        config: { access: can('update', 'Centre') },
        schema: { tags, params: centerIdParamsSchema, response: { 200: centerDetailSchema } },
      },
      (req) => runCommand(deps, req.auth!, setCenterActive, { id: req.params.id, active: true }, centerCommandOptions),
    );
  };
}
