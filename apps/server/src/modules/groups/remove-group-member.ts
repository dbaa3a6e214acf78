import { and, eq } from 'drizzle-orm';
import { memberGroupMembers, members } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { lockGroup } from './group-rules.ts';

/** Takes a member out of a group; taking out someone who is not in it is harmless. */
export async function removeGroupMember(ctx: UseCaseContext, input: { id: string; memberId: string }) {
  const { id, memberId } = input;
  await lockGroup(ctx.db, id);
  if (!(await ctx.db.first(members, eq(members.id, memberId)))) throw notFound('member');
  await ctx.db.delete(
    memberGroupMembers,
    and(eq(memberGroupMembers.groupId, id), eq(memberGroupMembers.memberId, memberId))!,
  );
}
