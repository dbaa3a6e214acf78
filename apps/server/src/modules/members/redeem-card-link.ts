import { eq } from 'drizzle-orm';
import { cardLinkTokens, members } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { hashToken } from '../../lib/tokens.ts';
import type { PublicContext } from '../../lib/use-case.ts';
import { checkCardLink } from './card-link.ts';
import { attachCardToMember } from './cards.ts';

/**
 * Links the card typed (or scanned) on the public page and spends the link, in one transaction
 * (run for the link's organisation, `cardLinkCaller`): the token row is locked first, so a double
 * submit links once and the second answers 410.
 */
export async function redeemCardLink(
  ctx: PublicContext,
  input: { centerId: string; token: string; cardNumber: string },
): Promise<{ ok: true; cardNumber: string }> {
  const { centerId, cardNumber } = input;
  const [link] = await ctx.db.lock(cardLinkTokens, eq(cardLinkTokens.tokenHash, hashToken(input.token)));
  // The member may have moved to another home centre since the link was handed out.
  const [member] = link ? await ctx.db.wholeOrganisation.lock(members, eq(members.id, link.memberId)) : [];
  checkCardLink(link && member ? { ...link, erasedAt: member.erasedAt } : undefined, {
    centerId,
    now: ctx.clock.now(),
  });
  const { card } = await attachCardToMember(ctx, {
    member: member!,
    number: cardNumber,
    attachedBy: null,
    conflictPath: 'cardNumber',
  });
  await recordAudit(ctx, {
    action: 'member.card_attached',
    entityType: 'member',
    entityId: member!.id,
    centerId: centerId,
    summary: `Card ${card.number} attached to member ${member!.code} by the member through a card link`,
    after: { cardNumber: card.number },
  });
  await ctx.db.update(cardLinkTokens, { usedAt: ctx.clock.now() }, eq(cardLinkTokens.id, link!.id));
  return { ok: true as const, cardNumber: card.number };
}
