import { recordAudit } from '../../lib/audit.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { attachCardToMember } from './cards.ts';
import { lockMember } from './member-detail.ts';

/** `POST pro/students/{id}/cards`. */
export async function attachCard(ctx: UseCaseContext, input: { memberId: string; number: string }) {
  const member = await lockMember(ctx.db, input.memberId);
  const result = await attachCardToMember(ctx, { member, number: input.number, attachedBy: ctx.auth.userId });
  if (!result.already)
    await recordAudit(ctx, {
      action: 'member.card_attached',
      entityType: 'member',
      entityId: member.id,
      centerId: member.homeCenterId,
      summary: `Card ${input.number} attached to member ${member.code}`,
      after: { cardNumber: input.number },
    });
  return result;
}
