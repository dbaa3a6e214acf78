import { CARD_LINK_TTL_HOURS } from '@gym/contract/members';
import { and, eq, isNull } from 'drizzle-orm';
import { cardLinkTokens, centers, members, organisations } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../lib/access.ts';
import { audit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken, newOpaqueToken } from '../../lib/tokens.ts';
import { attachCardToMember, memberErased } from './cards.ts';
import { lockMember } from './queries.ts';

/**
 * A single-use link for the member to link a card from their own phone, valid CARD_LINK_TTL_HOURS.
 * Only the hash is stored. A new link replaces the member's earlier unused ones, so only the
 * last link handed out works.
 */
export async function issueCardLink(
  deps: AppDeps,
  auth: AuthContext,
  memberId: string,
): Promise<{ url: string; expiresAt: string }> {
  const token = newOpaqueToken();
  const expiresAt = new Date(Date.now() + CARD_LINK_TTL_HOURS * 3_600_000);
  const member = await deps.database.db.transaction(async (tx) => {
    const m = await lockMember(tx, auth, memberId);
    if (m.erasedAt) throw memberErased();
    await tx
      .delete(cardLinkTokens)
      .where(
        and(
          eq(cardLinkTokens.organisationId, m.organisationId),
          eq(cardLinkTokens.memberId, m.id),
          isNull(cardLinkTokens.usedAt),
        ),
      );
    await tx.insert(cardLinkTokens).values({
      organisationId: m.organisationId,
      centerId: m.homeCenterId,
      memberId: m.id,
      tokenHash: hashToken(token),
      expiresAt,
      createdBy: auth.userId,
    });
    return m;
  });
  const base = deps.config.publicUrl;
  return { url: `${base}/card_link/${member.homeCenterId}/${token}/`, expiresAt: expiresAt.toISOString() };
}

const invalid = () => new AppError(404, 'token_invalid', 'This link is not valid');

/** The link as found: unknown, of another centre or of an erased member is 404; used or expired is 410. */
function check(
  row: { centerId: string; usedAt: Date | null; expiresAt: Date; erasedAt: Date | null } | undefined,
  centerId: string,
) {
  if (!row || row.centerId !== centerId || row.erasedAt) throw invalid();
  if (row.usedAt) throw new AppError(410, 'token_used', 'This link has already been used');
  if (row.expiresAt.getTime() <= Date.now()) throw new AppError(410, 'token_expired', 'This link has expired');
}

/** What the public card-link page shows: the centre and the member's first name only. */
export async function readCardLink(deps: AppDeps, centerId: string, token: string) {
  const [row] = await deps.database.db
    .select({
      centerId: cardLinkTokens.centerId,
      usedAt: cardLinkTokens.usedAt,
      expiresAt: cardLinkTokens.expiresAt,
      erasedAt: members.erasedAt,
      memberFirstName: members.firstName,
      centerName: centers.name,
      organisationName: organisations.name,
    })
    .from(cardLinkTokens)
    .innerJoin(
      members,
      and(eq(members.organisationId, cardLinkTokens.organisationId), eq(members.id, cardLinkTokens.memberId)),
    )
    .innerJoin(
      centers,
      and(eq(centers.organisationId, cardLinkTokens.organisationId), eq(centers.id, cardLinkTokens.centerId)),
    )
    .innerJoin(organisations, eq(organisations.id, cardLinkTokens.organisationId))
    .where(eq(cardLinkTokens.tokenHash, hashToken(token)));
  check(row, centerId);
  return {
    centerName: row!.centerName,
    organisationName: row!.organisationName,
    memberFirstName: row!.memberFirstName,
    expiresAt: row!.expiresAt.toISOString(),
  };
}

/**
 * Links the card typed (or scanned) on the public page and spends the link, in one transaction:
 * the token row is locked first, so a double submit links once and the second answers 410.
 */
export async function redeemCardLink(deps: AppDeps, centerId: string, token: string, cardNumber: string) {
  return deps.database.db.transaction(async (tx) => {
    const [link] = await tx
      .select()
      .from(cardLinkTokens)
      .where(eq(cardLinkTokens.tokenHash, hashToken(token)))
      .for('update');
    // The link's organisation is the tenant here (a public page has no caller).
    const [member] = link
      ? await tx
          .select()
          .from(members)
          .where(and(eq(members.organisationId, link.organisationId), eq(members.id, link.memberId)))
          .for('update')
      : [];
    check(link && member ? { ...link, erasedAt: member.erasedAt } : undefined, centerId);
    const { card } = await attachCardToMember(tx, member!, cardNumber, null, 'cardNumber');
    await audit(tx, { organisationId: member!.organisationId }, null, {
      action: 'member.card_attached',
      entityType: 'member',
      entityId: member!.id,
      centerId: centerId,
      summary: `Card ${card.number} attached to member ${member!.code} by the member through a card link`,
      after: { cardNumber: card.number },
    });
    await tx.update(cardLinkTokens).set({ usedAt: new Date() }).where(eq(cardLinkTokens.id, link!.id));
    return { ok: true as const, cardNumber: card.number };
  });
}
