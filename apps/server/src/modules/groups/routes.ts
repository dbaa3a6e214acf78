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
import type { AppDeps } from '../../deps.ts';
import { can } from '../../lib/access.ts';
import { routeTable } from '../../lib/routes.ts';
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
    const { get, post, patch, delete: del } = routeTable(app, tags);
    const byId = { params: memberIdParamsSchema };
    get('/groups', READ, { query: groupListQuerySchema, reply: groupListResponseSchema }, (req) =>
      listGroups(queryContext(deps, req.auth!).db, req.query),
    );
    post('/groups', WRITE, { body: groupInputSchema, reply: groupSchema, status: 201 }, (req) =>
      runCommand(deps, req.auth!, createGroup, req.body),
    );
    patch('/groups/:id', WRITE, { ...byId, body: groupUpdateSchema, reply: groupSchema }, (req) =>
      runCommand(deps, req.auth!, updateGroup, { ...req.body, id: req.params.id }),
    );
    del('/groups/:id', WRITE, { ...byId, status: 204 }, (req) =>
      runCommand(deps, req.auth!, deleteGroup, { id: req.params.id }),
    );
    post(
      '/groups/:id/members',
      WRITE,
      { ...byId, body: groupMembersRequestSchema, reply: groupMembersAddedSchema },
      (req) => runCommand(deps, req.auth!, addGroupMembers, { id: req.params.id, memberIds: req.body.memberIds }),
    );
    del('/groups/:id/members/:memberId', WRITE, { params: groupMemberParamsSchema, status: 204 }, (req) =>
      runCommand(deps, req.auth!, removeGroupMember, { id: req.params.id, memberId: req.params.memberId }),
    );
  };
}
