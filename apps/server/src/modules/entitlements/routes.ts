import {
  entitlementActionSchema,
  entitlementListQuerySchema,
  entitlementListResponseSchema,
  entitlementParamsSchema,
  ledgerResponseSchema,
  memberIdParamsSchema,
} from '@gym/contract/sales';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { can } from '../../lib/access.ts';
import { forbidden } from '../../lib/errors.ts';
import { routeTable } from '../../lib/routes.ts';
import { queryContext, runCommand } from '../../lib/use-case.ts';
import { adjustEntitlement } from './adjust-entitlement.ts';
import { extendEntitlement } from './extend-entitlement.ts';
import { freezeEntitlement } from './freeze-entitlement.ts';
import { entitlementHistory, memberEntitlements } from './queries.ts';
import { transferEntitlement } from './transfer-entitlement.ts';
import { unfreezeEntitlement } from './unfreeze-entitlement.ts';

const tags = ['entitlements'];

/** A member's entitlements, their ledgers, and the staff's changes to one (freeze, unfreeze, extend, adjust, transfer). */
export const entitlementRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { get, post } = routeTable(app, tags);
    const READ = can('read', 'Member');
    get(
      '/students/:id/entitlements',
      READ,
      { params: memberIdParamsSchema, query: entitlementListQuerySchema, reply: entitlementListResponseSchema },
      async (req) => ({
        items: await memberEntitlements(queryContext(deps, req.auth!), {
          memberId: req.params.id,
          includeEnded: req.query.includeEnded ?? true,
        }),
      }),
    );
    get(
      '/students/:id/entitlements/:entitlementId/ledger',
      READ,
      { params: entitlementParamsSchema, reply: ledgerResponseSchema },
      (req) =>
        entitlementHistory(queryContext(deps, req.auth!), {
          memberId: req.params.id,
          entitlementId: req.params.entitlementId,
        }),
    );
    // The desk freezes and unfreezes; extending, adjusting and transferring need `manage Sale`.
    post(
      '/students/:id/entitlements/:entitlementId/actions',
      can('create', 'Sale'),
      { params: entitlementParamsSchema, body: entitlementActionSchema, idempotent: true },
      async (req) => {
        const auth = req.auth!;
        const ids = { memberId: req.params.id, entitlementId: req.params.entitlementId };
        const body = req.body;
        if (body.action !== 'freeze' && body.action !== 'unfreeze' && !auth.ability.can('manage', 'Sale')) {
          throw forbidden();
        }
        if (body.action === 'freeze') await runCommand(deps, auth, freezeEntitlement, { ...body, ...ids });
        else if (body.action === 'unfreeze') await runCommand(deps, auth, unfreezeEntitlement, { ...body, ...ids });
        else if (body.action === 'extend') await runCommand(deps, auth, extendEntitlement, { ...body, ...ids });
        else if (body.action === 'adjust') await runCommand(deps, auth, adjustEntitlement, { ...body, ...ids });
        else await runCommand(deps, auth, transferEntitlement, { ...body, ...ids });
        return { items: await memberEntitlements(queryContext(deps, auth), { memberId: req.params.id }) };
      },
    );
  };
