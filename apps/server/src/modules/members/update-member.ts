import type { Member, updateMemberRequestSchema } from '@gym/contract/members';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { members } from '../../db/schema/index.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { memberErased } from './cards.ts';
import { refuseDuplicates } from './duplicates.ts';
import { checkGroups, checkGuardian, homeTimeZone, setGroups, usableHomeCenter } from './insert-member.ts';
import { getMember, lockMember } from './member-detail.ts';
import { storedPhone } from './phone-normal.ts';
import { phoneDigits, refreshSearchText } from './search-text.ts';

export type UpdateMemberInput = z.output<typeof updateMemberRequestSchema>;

/** Edits a member. Erased members are not edited; duplicates are checked only on a changed phone or e-mail. */
export async function updateMember(ctx: UseCaseContext, input: UpdateMemberInput & { id: string }): Promise<Member> {
  const { id, groupIds, confirmDifferentPerson, ...typed } = input;
  const current = await lockMember(ctx.db, id);
  const fields =
    typed.phone !== undefined
      ? {
          ...typed,
          phone: await storedPhone(ctx.db, {
            homeCenterId: typed.homeCenterId ?? current.homeCenterId,
            phone: typed.phone,
          }),
        }
      : typed;
  if (current.erasedAt) throw memberErased();
  const homeZone =
    fields.homeCenterId !== undefined && fields.homeCenterId !== current.homeCenterId
      ? (await usableHomeCenter(ctx.db, fields.homeCenterId)).timeZone
      : await homeTimeZone(ctx.db, current.homeCenterId);
  const merged = {
    birthday: fields.birthday !== undefined ? fields.birthday : current.birthday,
    guardian: fields.guardian !== undefined ? fields.guardian : current.guardian,
  };
  // A minor imported without guardian details (flagged for follow-up) stays editable: the rule refuses a
  // change that leaves a minor without guardian, not an edit that leaves birthday and guardian as they were.
  const unchanged =
    merged.birthday === current.birthday &&
    JSON.stringify(merged.guardian ?? null) === JSON.stringify(current.guardian ?? null);
  if (!unchanged) checkGuardian(merged, ctx.clock.today(homeZone));
  const digits = fields.phone !== undefined ? phoneDigits(fields.phone) : current.phoneDigits;
  const phoneChanged = digits !== current.phoneDigits;
  const emailChanged = fields.email !== undefined && fields.email !== current.email;
  await refuseDuplicates(ctx.db, {
    match: { phoneDigits: phoneChanged ? digits : null, email: emailChanged ? fields.email : null, excludeId: id },
    confirmed: confirmDifferentPerson,
  });
  if (groupIds !== undefined) {
    await setGroups(ctx.db, { memberId: id, groupIds: await checkGroups(ctx.db, groupIds) });
  }
  const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  await ctx.db.update(members, { ...changes, phoneDigits: digits, updatedAt: ctx.clock.now() }, eq(members.id, id));
  await refreshSearchText(ctx.db, id);
  return getMember(ctx.db, id);
}
