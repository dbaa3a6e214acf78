import type { Member } from '@gym/contract/members';
import { and, eq, ne } from 'drizzle-orm';
import { cardLinkTokens, cards, memberGroupMembers, members } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { memberErased } from './cards.ts';
import { getMember, lockMember } from './member-detail.ts';
import { erasedSearchText } from './search-text.ts';

/** What an erased member is called wherever their row still shows (old invoices, entries). */
export const ERASED_NAME = { firstName: 'Erased', lastName: 'Member' } as const;

/**
 * Erases a member's personal data on their request. The row stays, under its code, because
 * entries, invoices and payments point to it; every personal field is emptied, cards are
 * detached, group memberships and open card links removed. Staff type the member code to confirm.
 */
export async function eraseMember(ctx: UseCaseContext, input: { id: string; confirmCode: string }): Promise<Member> {
  const { id, confirmCode } = input;
  const member = await lockMember(ctx.db, id);
  if (member.erasedAt) throw memberErased();
  if (confirmCode.trim().toUpperCase() !== member.code.toUpperCase()) {
    throw new AppError(400, 'validation_failed', 'The confirmation does not match the member code', [
      { path: 'confirmCode', code: 'confirm_code_mismatch', message: 'Type the member code to confirm' },
    ]);
  }
  const now = ctx.clock.now();
  await ctx.db.update(
    cards,
    { status: 'detached', detachedAt: now },
    and(eq(cards.memberId, id), ne(cards.status, 'detached'))!,
  );
  await ctx.db.delete(memberGroupMembers, eq(memberGroupMembers.memberId, id));
  // Every link of the member, whichever centre it was issued at.
  await ctx.db.wholeOrganisation.delete(cardLinkTokens, eq(cardLinkTokens.memberId, id));
  await ctx.db.update(
    members,
    {
      ...ERASED_NAME,
      chineseName: null,
      gender: null,
      birthday: null,
      phone: null,
      phoneDigits: null,
      email: null,
      address: null,
      emergencyContactName: null,
      emergencyContactPhone: null,
      guardian: null,
      photo: null,
      notes: null,
      marketingConsent: false,
      status: 'left',
      isNew: false,
      searchText: erasedSearchText(member.code),
      erasedAt: now,
      updatedAt: now,
    },
    eq(members.id, id),
  );
  await recordAudit(ctx, {
    action: 'member.erased',
    entityType: 'member',
    entityId: id,
    centerId: member.homeCenterId,
    summary: `Member ${member.code} erased (personal data removed)`,
    before: { status: member.status },
    after: { status: 'left', erased: true },
  });
  return getMember(ctx.db, id);
}
