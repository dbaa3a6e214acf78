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
import { queryContext, runCommand } from '../../lib/use-case.ts';
import { addGroupMembers } from './add-group-members.ts';
import { createGroup } from './create-group.ts';
import { deleteGroup } from './delete-group.ts';
import { listGroups } from './queries.ts';
import { removeGroupMember } from './remove-group-member.ts';
import { updateGroup } from './update-group.ts';

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
      (req) => listGroups(queryContext(deps, req.auth!).db, req.query),
    );
    app.post(
      '/groups',
      { config: { access: WRITE }, schema: { tags, body: groupInputSchema, response: { 201: groupSchema } } },
      async (req, reply) => reply.code(201).send(await runCommand(deps, req.auth!, createGroup, req.body)),
    );
    app.patch(
      '/groups/:id',
      {
        config: { access: WRITE },
        schema: { tags, params: memberIdParamsSchema, body: groupUpdateSchema, response: { 200: groupSchema } },
      },
      (req) => runCommand(deps, req.auth!, updateGroup, { ...req.body, id: req.params.id }),
    );
    app.delete(
      '/groups/:id',
      { config: { access: WRITE }, schema: { tags, params: memberIdParamsSchema, response: { 204: z.null() } } },
      async (req, reply) => {
        await runCommand(deps, req.auth!, deleteGroup, { id: req.params.id });
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
      (req) => runCommand(deps, req.auth!, addGroupMembers, { id: req.params.id, memberIds: req.body.memberIds }),
    );
    app.delete(
      '/groups/:id/members/:memberId',
      { config: { access: WRITE }, schema: { tags, params: groupMemberParamsSchema, response: { 204: z.null() } } },
      async (req, reply) => {
        await runCommand(deps, req.auth!, removeGroupMember, { id: req.params.id, memberId: req.params.memberId });
        return reply.code(204).send(null);
      },
    );
  };
}
