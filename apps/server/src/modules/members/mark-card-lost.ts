import type { Card } from '@gym/contract/members';
import { and, eq } from 'drizzle-orm';
import { cards } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { lockCard, memberErased, ofMember, touchMember, withAttachedBy } from './cards.ts';
import { lockMember } from './member-detail.ts';

/** Reports a card lost: it stops opening doors but its number stays blocked until it is detached. */
export async function markCardLost(ctx: UseCaseContext, input: { memberId: string; cardId: string }): Promise<Card> {
  const { memberId, cardId } = input;
  const member = await lockMember(ctx.db, memberId);
  if (member.erasedAt) throw memberErased();
  const card = await lockCard(ctx.db, { member, cardId });
  if (card.status === 'lost') return withAttachedBy(ctx.db, card);
  if (card.status === 'detached') throw new AppError(422, 'business_rule', 'This card is no longer attached');
  const [lost] = await ctx.db.wholeOrganisation.update(
    cards,
    { status: 'lost', lostAt: ctx.clock.now() },
    and(ofMember(member), eq(cards.id, card.id))!,
  );
  await touchMember(ctx, member);
  await recordAudit(ctx, {
    action: 'member.card_lost',
    entityType: 'member',
    entityId: member.id,
    centerId: member.homeCenterId,
    summary: `Card ${card.number} of member ${member.code} reported lost`,
    before: { cardNumber: card.number, cardStatus: card.status },
    after: { cardNumber: card.number, cardStatus: 'lost' },
  });
  return withAttachedBy(ctx.db, lost!);
}
