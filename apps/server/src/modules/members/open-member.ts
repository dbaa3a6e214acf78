import type { Member } from '@gym/contract/members';
import { and, eq } from 'drizzle-orm';
import { members } from '../../db/schema/index.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { getMember } from './member-detail.ts';

/**
 * Staff open a member's page. Opening an online registration is staff seeing it: it leaves the
 * "new" filter. The answer still says new, so the screen can point it out once.
 */
export async function openMember(ctx: UseCaseContext, input: { id: string }): Promise<Member> {
  const member = await getMember(ctx.db, input.id);
  if (member.isNew) {
    await ctx.db.update(members, { isNew: false }, and(eq(members.id, member.id), eq(members.isNew, true))!);
  }
  return member;
}
