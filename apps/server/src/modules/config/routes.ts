import { publicConfigSchema, systemConfigSchema, updateSystemConfigRequestSchema } from '@gym/contract/config';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { AUTHENTICATED, type AuthContext, can } from '../../lib/access.ts';
import { routeTable } from '../../lib/routes.ts';
import { readSystemConfig } from '../../lib/settings.ts';
import { queryContext, runCommand } from '../../lib/use-case.ts';
import { nextMemberCodeSchema, nextMemberSeq } from './next-code.ts';
import { updateSystemConfig } from './update-system-config.ts';

const tags = ['config'];

/** `/pro/config`: the organisation's system configuration (`/system-config`). */
export function configRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { get, patch } = routeTable(app, tags);
    const stored = (req: { auth: AuthContext | null }) => readSystemConfig(deps.database.db, req.auth!.organisationId);
    get('/config', can('read', 'Setting'), { reply: systemConfigSchema }, stored);
    patch(
      '/config',
      can('update', 'Setting'),
      { body: updateSystemConfigRequestSchema, reply: systemConfigSchema },
      (req) => runCommand(deps, req.auth!, updateSystemConfig, req.body),
    );
    get('/config/next-member-code', can('read', 'Setting'), { reply: nextMemberCodeSchema }, (req) =>
      nextMemberSeq(queryContext(deps, req.auth!)),
    );
    // Every signed-in staff member needs the currency symbol for money inputs and the maintenance switch.
    get('/config/public', AUTHENTICATED, { reply: publicConfigSchema }, async (req) =>
      publicConfigSchema.parse(await stored(req)),
    );
  };
}
