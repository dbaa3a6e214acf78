import type { Member, MergeField, mergeMembersRequestSchema } from '@gym/contract/members';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { cardLinkTokens, cards, memberGroupMembers, members } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { getMember, lockMember } from './member-detail.ts';
import { erasedSearchText, phoneDigits, refreshSearchText } from './search-text.ts';

export type MergeMembersInput = z.output<typeof mergeMembersRequestSchema> & { keptId: string };

const refuse = (code: string, message: string) =>
  new AppError(422, 'business_rule', message, [{ path: 'otherId', code, message }]);

/**
 * Merges the member `otherId` into `keptId`, in one transaction: the kept record keeps its code and
 * takes the chosen fields' values from the other; the other's cards (with their history), groups
 * and possible-duplicate links move to the kept one. When both hold an active card, the kept
 * record's stays active and the other's is detached (a member holds one active card). The other
 * record stays as a row marked `merged_into` (what points at it keeps working), is no longer listed
 * or found by name, phone or e-mail, and its file points at the kept member.
 */
export async function mergeMembers(ctx: UseCaseContext, input: MergeMembersInput): Promise<Member> {
  const { keptId } = input;
  if (input.otherId === keptId) throw refuse('same_member', 'A member cannot be merged into themselves');
  // Lock in id order, so two desks merging the same pair both ways cannot deadlock.
  const [a, b] = [keptId, input.otherId].sort();
  const locked = [await lockMember(ctx.db, a!), await lockMember(ctx.db, b!)];
  const kept = locked.find((m) => m.id === keptId)!;
  const other = locked.find((m) => m.id === input.otherId)!;
  for (const m of [kept, other]) {
    if (m.erasedAt) throw refuse('member_erased', 'An erased member cannot be merged');
    if (m.mergedInto) throw refuse('member_merged', 'This member was already merged into another');
  }

  const taken: Partial<Pick<typeof members.$inferInsert, MergeField>> = {};
  for (const field of input.takeFromOther) (taken as Record<string, unknown>)[field] = other[field];
  const now = ctx.clock.now();
  // What belongs to the two members is moved wherever it is (cards, links of any centre, duplicates' links).
  const db = ctx.db.wholeOrganisation;

  const keptHasActive = (await db.count(cards, and(eq(cards.memberId, kept.id), eq(cards.status, 'active')))) > 0;
  if (keptHasActive) {
    await db
      .update(cards)
      .set({ status: 'detached', detachedAt: now })
      .where(and(eq(cards.memberId, other.id), eq(cards.status, 'active')));
  }
  await db.update(cards).set({ memberId: kept.id }).where(eq(cards.memberId, other.id));
  await db.delete(cardLinkTokens).where(eq(cardLinkTokens.memberId, other.id));

  await ctx.db.unscoped('an insert from a select, of the two members the caller locked, in SQL').execute(sql`
      insert into ${memberGroupMembers} (group_id, member_id, organisation_id, added_at)
      select group_id, ${kept.id}, organisation_id, added_at from ${memberGroupMembers} where member_id = ${other.id}
      on conflict do nothing`);
  await db.delete(memberGroupMembers).where(eq(memberGroupMembers.memberId, other.id));

  await db
    .update(members)
    .set({ possibleDuplicateOf: kept.id })
    .where(and(eq(members.possibleDuplicateOf, other.id), sql`${members.id} <> ${kept.id}`));
  await db
    .update(members)
    .set({
      ...taken,
      ...('phone' in taken ? { phoneDigits: phoneDigits(taken.phone) } : {}),
      possibleDuplicateOf:
        kept.possibleDuplicateOf === other.id || kept.possibleDuplicateOf === kept.id ? null : kept.possibleDuplicateOf,
      // Someone staff have now looked at: an online registration is no longer "new".
      isNew: kept.isNew && other.isNew,
      updatedAt: now,
    })
    .where(eq(members.id, kept.id));
  await db
    .update(members)
    .set({
      mergedInto: kept.id,
      possibleDuplicateOf: null,
      isNew: false,
      status: 'left',
      searchText: erasedSearchText(other.code),
      phoneDigits: null,
      updatedAt: now,
    })
    .where(inArray(members.id, [other.id]));
  await refreshSearchText(ctx.db, kept.id);
  return getMember(ctx.db, kept.id);
}
