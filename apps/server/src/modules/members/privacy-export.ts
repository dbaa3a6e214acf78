import type { MemberPrivacyExport } from '@gym/contract/members';
import { and, asc, eq } from 'drizzle-orm';
import { cardLinkTokens, centers, members, organisations, users } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../lib/access.ts';
import { audit } from '../../lib/audit.ts';
import { queryContext } from '../../lib/use-case.ts';
import { cardsOf, getMember, groupsOf } from './member-detail.ts';

/** Everything stored about one member, for a subject access request. Token hashes are not personal data and stay out. */
export async function privacyExport(deps: AppDeps, auth: AuthContext, id: string): Promise<MemberPrivacyExport> {
  const { db } = deps.database;
  const scoped = queryContext(deps, auth).db;
  const { cards: _cards, groups: _groups, ...member } = await getMember(scoped, id);
  const [[org], [creator], memberCards, groups, links] = await Promise.all([
    db
      .select({ name: organisations.name, initial: organisations.initial })
      .from(organisations)
      .where(eq(organisations.id, auth.organisationId)),
    db
      .select({ name: users.fullName })
      .from(users)
      .innerJoin(members, eq(members.createdBy, users.id))
      .where(and(eq(members.organisationId, auth.organisationId), eq(members.id, id))),
    cardsOf(scoped, id),
    groupsOf(scoped, id),
    db
      .select({
        id: cardLinkTokens.id,
        createdAt: cardLinkTokens.createdAt,
        expiresAt: cardLinkTokens.expiresAt,
        usedAt: cardLinkTokens.usedAt,
        center: { id: centers.id, code: centers.code, name: centers.name },
      })
      .from(cardLinkTokens)
      .innerJoin(centers, eq(centers.id, cardLinkTokens.centerId))
      .where(and(eq(cardLinkTokens.organisationId, auth.organisationId), eq(cardLinkTokens.memberId, id)))
      .orderBy(asc(cardLinkTokens.createdAt)),
  ]);
  await audit(db, auth, null, {
    action: 'member.privacy_exported',
    entityType: 'member',
    entityId: id,
    centerId: member.homeCenter.id,
    summary: `Personal data of member ${member.code} exported`,
  });
  return {
    exportedAt: new Date().toISOString(),
    organisation: org!,
    member: { ...member, createdBy: creator?.name ?? null },
    cards: memberCards,
    groups: groups.map((g) => ({ id: g.id, name: g.name, addedAt: g.addedAt.toISOString() })),
    cardLinks: links.map((l) => ({
      id: l.id,
      center: l.center,
      createdAt: l.createdAt.toISOString(),
      expiresAt: l.expiresAt.toISOString(),
      usedAt: l.usedAt?.toISOString() ?? null,
    })),
  };
}
