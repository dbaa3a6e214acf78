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
import { type AuthContext, can } from '../../lib/access.ts';
import { exportRoutes, routeTable } from '../../lib/routes.ts';
import type { ExportColumn } from '../../lib/table-export.ts';
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
    const { get, post, patch } = routeTable(app, tags);
    const exported = exportRoutes(get, deps);
    const query = (req: { auth: AuthContext | null }) => queryContext(deps, req.auth!);
    const read = can('read', 'Centre');
    const byId = { params: centerIdParamsSchema, reply: centerDetailSchema };

    get('/centers/switcher', read, { reply: centerSwitcherResponseSchema }, async (req) => ({
      items: await listCentersForSwitcher(query(req)),
    }));
    get('/centers', read, { query: centerAdminListQuerySchema, reply: centerAdminListResponseSchema }, (req) =>
      listCenters(query(req), req.query),
    );
    exported('/centers/export', read, { query: centerExportQuerySchema }, async (req) => ({
      fileName: 'centres',
      columns: EXPORT_COLUMNS,
      rows: await listCentersForExport(query(req), req.query),
    }));
    get('/centers/:id', read, byId, (req) => getCenterDetail(query(req), { id: req.params.id }));
    post(
      '/centers',
      can('create', 'Centre'),
      { body: createCenterRequestSchema, reply: centerDetailSchema, status: 201 },
      (req) => runCommand(deps, req.auth!, createCenter, req.body, centerCommandOptions),
    );
    patch('/centers/:id', can('update', 'Centre'), { ...byId, body: updateCenterRequestSchema }, (req) =>
      runCommand(deps, req.auth!, updateCenter, { ...req.body, id: req.params.id }, centerCommandOptions),
    );
    for (const [action, active] of [
      ['deactivate', false],
      ['activate', true],
    ] as const) {
      post(`/centers/:id/${action}`, can('update', 'Centre'), byId, (req) =>
        runCommand(deps, req.auth!, setCenterActive, { id: req.params.id, active }, centerCommandOptions),
      );
    }
  };
}
