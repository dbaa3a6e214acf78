import { outboxPageSchema } from '@gym/contract/outbox';
import { listQuerySchema } from '@gym/contract/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { can } from '../../lib/access.ts';
import { queryContext } from '../../lib/use-case.ts';
import { listOutbox } from './queries.ts';

/** The e-mail outbox of the caller's organisation (in development, the only place mail goes). */
export function outboxRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/outbox',
      {
        config: { access: can('read', 'Outbox') },
        schema: {
          tags: ['outbox'],
          querystring: listQuerySchema.pick({ page: true, pageSize: true }),
          response: { 200: outboxPageSchema },
        },
      },
      (req) => listOutbox(queryContext(deps, req.auth!), req.query),
    );
  };
}
