import {
  groupInputSchema,
  groupListQuerySchema,
  groupListResponseSchema,
  groupMemberParamsSchema,
  groupMembersAddedSchema,
  groupMembersRequestSchema,
  groupSchema,
  groupUpdateSchema,
  memberIdParamsSchema,
} from '@gym/contract/members';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { can } from '../../lib/access.ts';
import { runTransaction } from '../../lib/use-case.ts';
import { addGroupMembers, createGroup, deleteGroup, listGroups, removeGroupMember, updateGroup } from './groups.ts';

const tags = ['groups'];
/** Groups are a way of filing members: whoever may edit members may file them. */
const READ = can('read', 'Member');
const WRITE = can('update', 'Member');

/** `/api/v1/pro/groups…`: member groups (`/group-list`); a group's members are `GET students?groupId=`. */
export function groupRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/groups',
      {
        config: { access: READ },
        schema: { tags, querystring: groupListQuerySchema, response: { 200: groupListResponseSchema } },
      },
      (req) => listGroups(deps.database.db, req.auth!, req.query),
    );
    app.post(
      '/groups',
      { config: { access: WRITE }, schema: { tags, body: groupInputSchema, response: { 201: groupSchema } } },
      async (req, reply) =>
        reply.code(201).send(await runTransaction(deps, req.auth!, (ctx) => createGroup(ctx, req.body))),
    );
    app.patch(
      '/groups/:id',
      {
        config: { access: WRITE },
        schema: { tags, params: memberIdParamsSchema, body: groupUpdateSchema, response: { 200: groupSchema } },
      },
      (req) => runTransaction(deps, req.auth!, (ctx) => updateGroup(ctx, { ...req.body, id: req.params.id })),
    );
    app.delete(
      '/groups/:id',
      { config: { access: WRITE }, schema: { tags, params: memberIdParamsSchema, response: { 204: z.null() } } },
      async (req, reply) => {
        await runTransaction(deps, req.auth!, (ctx) => deleteGroup(ctx, { id: req.params.id }));
        return reply.code(204).send(null);
      },
    );
    app.post(
      '/groups/:id/members',
      {
        config: { access: WRITE },
        schema: {
          tags,
          params: memberIdParamsSchema,
          body: groupMembersRequestSchema,
          response: { 200: groupMembersAddedSchema },
        },
      },
      (req) =>
        runTransaction(deps, req.auth!, (ctx) =>
          addGroupMembers(ctx, { id: req.params.id, memberIds: req.body.memberIds }),
        ),
    );
    app.delete(
      '/groups/:id/members/:memberId',
      { config: { access: WRITE }, schema: { tags, params: groupMemberParamsSchema, response: { 204: z.null() } } },
      async (req, reply) => {
        await runTransaction(deps, req.auth!, (ctx) =>
          removeGroupMember(ctx, { id: req.params.id, memberId: req.params.memberId }),
        );
        return reply.code(204).send(null);
      },
    );
  };
}
