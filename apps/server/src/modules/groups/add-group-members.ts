import { inArray, sql } from 'drizzle-orm';
import { memberGroupMembers, members } from '../../db/schema/index.ts';
import { AppError, notFoundAt } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { lockGroup } from './group-rules.ts';
import { getGroup } from './queries.ts';

/**
 * Adds members the caller can see to a group; those already in it stay as they are. All or
 * nothing: an id the caller cannot see (404) or an erased member (422) adds no one.
 */
export async function addGroupMembers(ctx: UseCaseContext, input: { id: string; memberIds: string[] }) {
  const { id } = input;
  const { db } = ctx;
  const unique = [...new Set(input.memberIds)];
  await lockGroup(db, id);
  const found = await db
    .select({ id: members.id, erased: sql<boolean>`${members.erasedAt} is not null` })
    .from(members)
    .where(inArray(members.id, unique));
  if (found.length !== unique.length) {
    throw notFoundAt('memberIds', 'Member');
  }
  if (found.some((m) => m.erased)) {
    throw new AppError(422, 'business_rule', 'An erased member cannot join a group', [
      { path: 'memberIds', code: 'member_erased', message: 'An erased member cannot join a group' },
    ]);
  }
  const added = await db
    .insert(memberGroupMembers)
    .values(unique.map((memberId) => ({ groupId: id, memberId, organisationId: ctx.auth.organisationId })))
    .onConflictDoNothing()
    .returning({ memberId: memberGroupMembers.memberId });
  const group = await getGroup(db, id);
  return { added: added.length, memberCount: group.memberCount };
}
