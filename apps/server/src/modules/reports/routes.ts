import {
  REPORT_PATHS,
  reportCodeParamsSchema,
  reportDrillQuerySchema,
  reportDrillResultSchema,
  reportExportQuerySchema,
  reportListSchema,
  reportQuerySchema,
  reportResultSchema,
} from '@gym/contract/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, can } from '../../lib/access.ts';
import { callerTimeZone } from '../../lib/business-date.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { exportRoutes, routeTable } from '../../lib/routes.ts';
import { readSystemConfig } from '../../lib/settings.ts';
import { queryContext } from '../../lib/use-case.ts';
import { type ReportSpec, type ResolvedFilters, reportRows, resolveRange, runReport, titleKey } from './engine.ts';
import { exportColumns, fileLanguage } from './export-columns.ts';
import { REPORTS, reportOf } from './registry.ts';
import { readDrill } from './sources.ts';

const tags = ['reports'];

/** Whether the caller may run the report (beside `read Report`, which every report route needs). */
const mayRun = (auth: AuthContext, spec: ReportSpec) =>
  !('action' in spec.access) || auth.ability.can(spec.access.action, spec.access.subject);

/** `/pro/reports`: the reports' list, a report's page, its file, and the rows behind a figure. */
export function reportRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { get } = routeTable(app, tags);
    const exported = exportRoutes(get, deps);
    const read = can('read', 'Report');
    const byCode = { params: reportCodeParamsSchema };

    /** The report of the address, if the caller may run it (404 for a code the product does not have). */
    const specFor = (auth: AuthContext, code: string): ReportSpec => {
      const spec = reportOf(code);
      if (!spec) throw notFound('report');
      if (!mayRun(auth, spec)) throw forbidden();
      return spec;
    };
    /** The filters with the range filled in from the chosen centre's (or the caller's first centre's) today. */
    const resolve = async <F extends Parameters<typeof resolveRange>[0]>(auth: AuthContext, f: F) => {
      const zone = await callerTimeZone(deps.database.db, auth, f.centerId);
      const today = deps.clock.today(zone);
      return { ...f, ...resolveRange(f, today), today } as F & ResolvedFilters;
    };

    get('/reports', read, { reply: reportListSchema }, (req) => ({
      items: [...REPORTS.values()]
        .filter((spec) => mayRun(req.auth!, spec))
        .map((spec) => ({
          code: spec.code,
          title: spec.title.en,
          titleKey: titleKey(spec.code),
          path: REPORT_PATHS[spec.code],
        })),
    }));

    get('/reports/:code', read, { ...byCode, query: reportQuerySchema, reply: reportResultSchema }, async (req) => {
      const spec = specFor(req.auth!, req.params.code);
      const { page, pageSize, sort, ...filters } = req.query;
      const f = await resolve(req.auth!, filters);
      return runReport(queryContext(deps, req.auth!).db, spec, f, { page, pageSize, sort });
    });

    get(
      '/reports/:code/rows',
      read,
      {
        ...byCode,
        query: reportDrillQuerySchema,
        reply: reportDrillResultSchema,
        description:
          'The rows behind one figure of a report: `column` its column, `row` its row key (none: the total).',
      },
      async (req) => {
        const spec = specFor(req.auth!, req.params.code);
        const { page, pageSize, sort: _, column, row, ...filters } = req.query;
        const f = await resolve(req.auth!, filters);
        const { db } = queryContext(deps, req.auth!);
        const target = spec.columns(f).find((c) => c.key === column)?.drill ? spec.drill?.(f, column, row, db) : null;
        if (!target) {
          throw new AppError(400, 'validation_failed', 'This figure has no rows to show', [
            { path: 'column', code: 'invalid_value', message: 'This figure has no rows to show' },
          ]);
        }
        return readDrill(db, target, { page, pageSize });
      },
    );

    exported('/reports/:code/export', read, { ...byCode, query: reportExportQuerySchema }, async (req) => {
      const spec = specFor(req.auth!, req.params.code);
      const { format: _, sort: __, ...filters } = req.query;
      const f = await resolve(req.auth!, filters);
      const { db } = queryContext(deps, req.auth!);
      const config = await readSystemConfig(
        db.unscoped('the organisation’s own row: its currency and language'),
        req.auth!.organisationId,
      );
      const language = fileLanguage(req.headers['accept-language'], req.auth!.language, config.defaultLanguage);
      return {
        fileName: `report-${spec.code.replace(/[^A-Za-z0-9_-]/g, '-')}`,
        columns: exportColumns(spec.columns(f), language, config.currencyCode),
        rows: reportRows(db, spec, f),
      };
    });
  };
}
