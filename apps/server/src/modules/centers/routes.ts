import { centerListResponseSchema } from '@gym/contract/centers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { can } from '../../lib/access.ts';
import { listCentersForSwitcher } from './queries.ts';

export function centerRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/centers',
      {
        config: { access: can('read', 'Centre') },
        schema: { tags: ['centres'], response: { 200: centerListResponseSchema } },
      },
      async (req) => ({ items: await listCentersForSwitcher(deps.database.db, req.auth!) }),
    );
  };
}
