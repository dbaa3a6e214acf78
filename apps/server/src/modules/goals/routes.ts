import { goalBoardSchema, goalQuerySchema, setGoalsRequestSchema } from '@gym/contract/goals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, can } from '../../lib/access.ts';
import { routeTable } from '../../lib/routes.ts';
import { queryContext, runCommand } from '../../lib/use-case.ts';
import { goalBoard } from './queries.ts';
import { setGoals } from './set-goals.ts';

/** `/pro/goals` (`/goal`): a month's targets, progress and pace at a centre. */
export function goalRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { get, put } = routeTable(app, ['goals']);
    const query = (req: { auth: AuthContext | null }) => queryContext(deps, req.auth!);
    get('/goals', can('read', 'Goal'), { query: goalQuerySchema, reply: goalBoardSchema }, (req) =>
      goalBoard(query(req), req.query),
    );
    put('/goals', can('update', 'Goal'), { body: setGoalsRequestSchema, reply: goalBoardSchema }, async (req) => {
      await runCommand(deps, req.auth!, setGoals, req.body);
      return goalBoard(query(req), req.body);
    });
  };
}
