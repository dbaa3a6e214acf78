import { centerSwitcherResponseSchema } from '@gym/contract/centers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { can } from '../../lib/access.ts';
import { listCentersForSwitcher } from './queries.ts';

export function centerRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/centers/switcher',
      {
        config: { access: can('read', 'Centre') },
        schema: { tags: ['centres'], response: { 200: centerSwitcherResponseSchema } },
      },
      async (req) => ({ items: await listCentersForSwitcher(deps.database.db, req.auth!) }),
    );
  };
}
