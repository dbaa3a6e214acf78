import { catalogueIdParamsSchema } from '@gym/contract/catalogue';
import { courseRosterSchema } from '@gym/contract/classes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { can } from '../../lib/access.ts';
import { queryContext } from '../../lib/use-case.ts';
import { getCourseRoster } from './roster.ts';

/** `/pro/short-courses/:id/sessions`: a course's sessions and its members' attendance. */
export function courseRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/short-courses/:id/sessions',
      {
        config: { access: can('read', 'Class') },
        schema: { tags: ['classes'], params: catalogueIdParamsSchema, response: { 200: courseRosterSchema } },
      },
      (req) => getCourseRoster(queryContext(deps, req.auth!), { courseId: req.params.id }),
    );
  };
}
