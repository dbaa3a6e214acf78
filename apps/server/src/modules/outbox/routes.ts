import { outboxPageSchema } from '@gym/contract/outbox';
import { listQuerySchema } from '@gym/contract/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { can } from '../../lib/access.ts';
import { routeTable } from '../../lib/routes.ts';
import { queryContext } from '../../lib/use-case.ts';
import { listOutbox } from './queries.ts';

/** The e-mail outbox of the caller's organisation (in development, the only place mail goes). */
export function outboxRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    routeTable(app, ['outbox']).get(
      '/outbox',
      can('read', 'Outbox'),
      { query: listQuerySchema.pick({ page: true, pageSize: true }), reply: outboxPageSchema },
      (req) => listOutbox(queryContext(deps, req.auth!), req.query),
    );
  };
}
