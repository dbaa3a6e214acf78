import { formatMemberName } from '@gym/contract/names';
import { recordAudit } from '../../lib/audit.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { attachCardToMember } from './cards.ts';
import { lockMember } from './member-detail.ts';

/** A card scanned at the desk's reader, attached to the member; answers whether they held it already, and their name. */
export async function attachScannedCard(
  ctx: UseCaseContext,
  input: { memberId: string; card: string },
): Promise<{ already: boolean; name: string }> {
  const { card } = input;
  const member = await lockMember(ctx.db, input.memberId);
  const attached = await attachCardToMember(ctx, { member, number: card, attachedBy: ctx.auth.userId });
  if (!attached.already)
    await recordAudit(ctx, {
      action: 'member.card_attached',
      entityType: 'member',
      entityId: member.id,
      centerId: member.homeCenterId,
      summary: `Card ${card} attached to member ${member.code} (scanned)`,
      after: { cardNumber: card },
    });
  return { already: attached.already, name: formatMemberName(member) };
}
