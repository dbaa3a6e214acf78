import type { createMemberRequestSchema, Member } from '@gym/contract/members';
import { normalisePhone } from '@gym/contract/phone';
import type { z } from 'zod';
import { recordAudit } from '../../lib/audit.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { attachCardToMember } from './cards.ts';
import { refuseDuplicates } from './duplicates.ts';
import { checkGroups, checkGuardian, insertMember, setGroups, usableHomeCenter } from './insert-member.ts';
import { getMember } from './member-detail.ts';
import { phoneDigits } from './search-text.ts';

export type CreateMemberInput = z.output<typeof createMemberRequestSchema>;

/**
 * Adds a member at the desk: home centre the caller works in, groups of the organisation, no
 * unconfirmed duplicate, a generated or chosen code, an optional first card. One transaction: a
 * refusal at any step writes nothing (not even a used code number).
 */
export async function createMember(ctx: UseCaseContext, input: CreateMemberInput): Promise<Member> {
  const { groupIds, cardNumber, confirmDifferentPerson, code, ...typed } = input;
  const { auth } = ctx;
  const center = await usableHomeCenter(ctx.db, typed.homeCenterId);
  checkGuardian(typed, ctx.clock.today(center.timeZone));
  const fields = { ...typed, phone: normalisePhone(typed.phone, center.country) };
  const groups = await checkGroups(ctx.db, groupIds);
  await refuseDuplicates(ctx.db, {
    match: { phoneDigits: phoneDigits(fields.phone), email: fields.email },
    confirmed: confirmDifferentPerson,
  });
  const member = await insertMember(ctx, {
    ...fields,
    organisationId: auth.organisationId,
    centerCode: center.code,
    code,
    createdBy: auth.userId,
    isNew: false,
  });
  await setGroups(ctx.db, { memberId: member.id, groupIds: groups });
  if (cardNumber) {
    await attachCardToMember(ctx, { member, number: cardNumber, attachedBy: auth.userId, conflictPath: 'cardNumber' });
    await recordAudit(ctx, {
      action: 'member.card_attached',
      entityType: 'member',
      entityId: member.id,
      centerId: member.homeCenterId,
      summary: `Card ${cardNumber} attached to new member ${member.code}`,
      after: { cardNumber },
    });
  }
  ctx.emit({
    organisationId: auth.organisationId,
    centerId: member.homeCenterId,
    type: 'member.registered',
    payload: { memberId: member.id, homeCenterId: member.homeCenterId, source: 'desk', by: auth.userId },
    realtime: false,
  });
  return getMember(ctx.db, member.id);
}
