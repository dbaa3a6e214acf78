import { publicConfigSchema, systemConfigSchema, updateSystemConfigRequestSchema } from '@gym/contract/config';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { AUTHENTICATED, can } from '../../lib/access.ts';
import { readSystemConfig } from '../../lib/settings.ts';
import { queryContext, runCommand } from '../../lib/use-case.ts';
import { nextMemberCodeSchema, nextMemberSeq } from './next-code.ts';
import { updateSystemConfig } from './update-system-config.ts';

const tags = ['config'];

/** `/pro/config`: the organisation's system configuration (`/system-config`). */
export function configRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/config',
      { config: { access: can('read', 'Setting') }, schema: { tags, response: { 200: systemConfigSchema } } },
      (req) => readSystemConfig(deps.database.db, req.auth!.organisationId),
    );
    app.patch(
      '/config',
      {
        config: { access: can('update', 'Setting') },
        schema: { tags, body: updateSystemConfigRequestSchema, response: { 200: systemConfigSchema } },
      },
      (req) => runCommand(deps, req.auth!, updateSystemConfig, req.body),
    );
    app.get(
      '/config/next-member-code',
      { config: { access: can('read', 'Setting') }, schema: { tags, response: { 200: nextMemberCodeSchema } } },
      (req) => nextMemberSeq(queryContext(deps, req.auth!)),
    );
    // Every signed-in staff member needs the currency symbol for money inputs and the maintenance switch.
    app.get(
      '/config/public',
      { config: { access: AUTHENTICATED }, schema: { tags, response: { 200: publicConfigSchema } } },
      async (req) => {
        const config = await readSystemConfig(deps.database.db, req.auth!.organisationId);
        return publicConfigSchema.parse(config);
      },
    );
  };
}
