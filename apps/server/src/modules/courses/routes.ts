import { catalogueIdParamsSchema } from '@gym/contract/catalogue';
import { courseRosterSchema } from '@gym/contract/classes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { can } from '../../lib/access.ts';
import { routeTable } from '../../lib/routes.ts';
import { queryContext } from '../../lib/use-case.ts';
import { getCourseRoster } from './roster.ts';

/** `/pro/short-courses/:id/sessions`: a course's sessions and its members' attendance. */
export function courseRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { get } = routeTable(app, ['classes']);
    get(
      '/short-courses/:id/sessions',
      can('read', 'Class'),
      { params: catalogueIdParamsSchema, reply: courseRosterSchema },
      (req) => getCourseRoster(queryContext(deps, req.auth!), { courseId: req.params.id }),
    );
  };
}
