import type { AuditEntry } from '@gym/contract/audit';
import { auditExportQuerySchema, auditListQuerySchema, auditListResponseSchema } from '@gym/contract/audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { can } from '../../lib/access.ts';
import { exportRoutes, routeTable } from '../../lib/routes.ts';
import type { ExportColumn } from '../../lib/table-export.ts';
import { queryContext } from '../../lib/use-case.ts';
import { auditForExport, listAudit } from './queries.ts';

const tags = ['audit'];

const changes = (v: Record<string, unknown> | null) => (v ? JSON.stringify(v) : '');

const EXPORT_COLUMNS: ExportColumn<AuditEntry>[] = [
  { header: 'At', value: (e) => new Date(e.at), width: 22 },
  { header: 'Actor', value: (e) => e.actor?.name ?? '', width: 24 },
  { header: 'Role', value: (e) => e.actorRole ?? '' },
  { header: 'Action', value: (e) => e.action, width: 26 },
  { header: 'Entity type', value: (e) => e.entityType },
  { header: 'Entity id', value: (e) => e.entityId ?? '', width: 38 },
  { header: 'Summary', value: (e) => e.summary, width: 50 },
  { header: 'Before', value: (e) => changes(e.before), width: 40 },
  { header: 'After', value: (e) => changes(e.after), width: 40 },
  { header: 'IP address', value: (e) => e.ipAddress ?? '' },
  { header: 'User agent', value: (e) => e.userAgent ?? '', width: 40 },
];

/** `/pro/audit` (`/system-config/audit`): who did which sensitive thing, when, from where. */
export function auditRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { get } = routeTable(app, tags);
    const read = can('read', 'Audit');
    get('/audit', read, { query: auditListQuerySchema, reply: auditListResponseSchema }, (req) =>
      listAudit(queryContext(deps, req.auth!), req.query),
    );
    exportRoutes(get, deps)('/audit/export', read, { query: auditExportQuerySchema }, async (req) => ({
      fileName: 'audit-log',
      columns: EXPORT_COLUMNS,
      rows: await auditForExport(queryContext(deps, req.auth!), req.query),
    }));
  };
}
