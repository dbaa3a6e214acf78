import { and, eq } from 'drizzle-orm';
import { cardLinkTokens, centers, members, organisations } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import { type PublicCaller, publicCaller } from '../../lib/use-case.ts';

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
