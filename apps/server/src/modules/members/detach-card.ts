import { and, eq } from 'drizzle-orm';
import { cards } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { lockCard, ofMember, touchMember } from './cards.ts';
import { lockMember } from './member-detail.ts';
import { refreshSearchText } from './search-text.ts';

/** Detaches a card: the row stays as history and the number is free again. Detaching twice is harmless. */
export async function detachCard(ctx: UseCaseContext, input: { memberId: string; cardId: string }): Promise<void> {
  const { memberId, cardId } = input;
  const member = await lockMember(ctx.db, memberId);
  const card = await lockCard(ctx.db, { member, cardId });
  if (card.status === 'detached') return;
  await ctx.db.wholeOrganisation.update(
    cards,
    { status: 'detached', detachedAt: ctx.clock.now() },
    and(ofMember(member), eq(cards.id, card.id))!,
  );
  await touchMember(ctx, member);
  await refreshSearchText(ctx.db, member.id);
  await recordAudit(ctx, {
    action: 'member.card_detached',
    entityType: 'member',
    entityId: member.id,
    centerId: member.homeCenterId,
    summary: `Card ${card.number} detached from member ${member.code}`,
    before: { cardNumber: card.number, cardStatus: card.status },
    after: { cardNumber: card.number, cardStatus: 'detached' },
  });
}
