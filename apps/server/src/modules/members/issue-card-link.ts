import { CARD_LINK_TTL_HOURS } from '@gym/contract/members';
import { and, eq, isNull } from 'drizzle-orm';
import { cardLinkTokens } from '../../db/schema/index.ts';
import { hashToken, newOpaqueToken } from '../../lib/tokens.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { memberErased } from './cards.ts';
import { lockMember } from './member-detail.ts';

/**
 * A single-use link for the member to link a card from their own phone, valid CARD_LINK_TTL_HOURS.
 * Only the hash is stored. A new link replaces the member's earlier unused ones (of any centre), so
 * only the last link handed out works.
 */
export async function issueCardLink(
  ctx: UseCaseContext,
  input: { memberId: string },
): Promise<{ url: string; expiresAt: string }> {
  const token = newOpaqueToken();
  const expiresAt = new Date(ctx.clock.now().getTime() + CARD_LINK_TTL_HOURS * 3_600_000);
  const member = await lockMember(ctx.db, input.memberId);
  if (member.erasedAt) throw memberErased();
  await ctx.db.wholeOrganisation.delete(
    cardLinkTokens,
    and(eq(cardLinkTokens.memberId, member.id), isNull(cardLinkTokens.usedAt))!,
  );
  await ctx.db.insert(cardLinkTokens, {
    centerId: member.homeCenterId,
    memberId: member.id,
    tokenHash: hashToken(token),
    expiresAt,
    createdBy: ctx.auth.userId,
  });
  return {
    url: `${ctx.config.publicUrl}/card_link/${member.homeCenterId}/${token}/`,
    expiresAt: expiresAt.toISOString(),
  };
}
