import { dashboardQuerySchema, dashboardSchema } from '@gym/contract/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { can } from '../../lib/access.ts';
import { routeTable } from '../../lib/routes.ts';
import { queryContext } from '../../lib/use-case.ts';
import { dashboard } from './queries.ts';

/** `/pro/dashboard` (`/dashboard`): the centre's figures of the day, in one call. */
export function dashboardRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { get } = routeTable(app, ['dashboard']);
    get('/dashboard', can('read', 'Dashboard'), { query: dashboardQuerySchema, reply: dashboardSchema }, (req) =>
      dashboard(queryContext(deps, req.auth!), req.query),
    );
  };
}
