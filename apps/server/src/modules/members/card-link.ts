import { CARD_LINK_TTL_HOURS } from '@gym/contract/members';
import { and, eq, isNull } from 'drizzle-orm';
import { cardLinkTokens, centers, members, organisations } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { tenantDb } from '../../lib/tenant-db.ts';
import { hashToken, newOpaqueToken } from '../../lib/tokens.ts';
import { type PublicCaller, publicCaller } from '../../lib/use-case.ts';
import { memberErased } from './cards.ts';
import { lockMember } from './member-detail.ts';

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
  const expiresAt = new Date(deps.clock.now().getTime() + CARD_LINK_TTL_HOURS * 3_600_000);
  const member = await deps.database.db.transaction(async (tx) => {
    const m = await lockMember(tenantDb(tx, auth), memberId);
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

export const invalid = () => new AppError(404, 'token_invalid', 'This link is not valid');

/** The link as found: unknown, of another centre or of an erased member is 404; used or expired is 410. */
export function checkCardLink(
  row: { centerId: string; usedAt: Date | null; expiresAt: Date; erasedAt: Date | null } | undefined,
  { centerId, now }: { centerId: string; now: Date },
) {
  if (!row || row.centerId !== centerId || row.erasedAt) throw invalid();
  if (row.usedAt) throw new AppError(410, 'token_used', 'This link has already been used');
  if (row.expiresAt.getTime() <= now.getTime()) throw new AppError(410, 'token_expired', 'This link has expired');
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
  checkCardLink(row, { centerId, now: deps.clock.now() });
  return {
    centerName: row!.centerName,
    organisationName: row!.organisationName,
    memberFirstName: row!.memberFirstName,
    expiresAt: row!.expiresAt.toISOString(),
  };
}

/**
 * The caller a card link's page acts for: the organisation and centre of the link found by its
 * token. This is the page's one unscoped read (it finds the tenant; nobody is signed in); an
 * unknown link, or one of another centre, is 404.
 */
export async function cardLinkCaller(deps: AppDeps, centerId: string, token: string): Promise<PublicCaller> {
  const [link] = await deps.database.db
    .select({ organisationId: cardLinkTokens.organisationId, centerId: cardLinkTokens.centerId })
    .from(cardLinkTokens)
    .where(eq(cardLinkTokens.tokenHash, hashToken(token)));
  if (!link || link.centerId !== centerId) throw invalid();
  return publicCaller(link.organisationId, [link.centerId], 'card link page');
}
