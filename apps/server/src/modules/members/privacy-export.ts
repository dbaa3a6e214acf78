import type { MemberPrivacyExport } from '@gym/contract/members';
import { asc, eq } from 'drizzle-orm';
import { cardLinkTokens, centers, members, organisations, paymentOrders, users } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { cardsOf, getMember, groupsOf } from './member-detail.ts';

/**
 * Everything stored about one member, for a subject access request; the export is audited. Token
 * hashes are not personal data and stay out.
 */
export async function privacyExport(ctx: UseCaseContext, input: { id: string }): Promise<MemberPrivacyExport> {
  const { id } = input;
  const { db } = ctx;
  const { cards: _cards, groups: _groups, ...member } = await getMember(db, id);
  const [[org], [creator], memberCards, groups, links, orders] = await Promise.all([
    db.select({ name: organisations.name, initial: organisations.initial }).from(organisations),
    db
      .select({ name: users.fullName })
      .from(users)
      .innerJoin(members, eq(members.createdBy, users.id))
      .where(eq(members.id, id)),
    cardsOf(db, id),
    groupsOf(db, id),
    // Every link handed to the member, whichever centre it was for.
    db.wholeOrganisation
      .select({
        id: cardLinkTokens.id,
        createdAt: cardLinkTokens.createdAt,
        expiresAt: cardLinkTokens.expiresAt,
        usedAt: cardLinkTokens.usedAt,
        center: { id: centers.id, code: centers.code, name: centers.name },
      })
      .from(cardLinkTokens)
      .innerJoin(centers, eq(centers.id, cardLinkTokens.centerId))
      .where(eq(cardLinkTokens.memberId, id))
      .orderBy(asc(cardLinkTokens.createdAt)),
    // Every online payment attempt of the member, whichever centre it was for.
    db.wholeOrganisation
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.memberId, id))
      .orderBy(asc(paymentOrders.createdAt)),
  ]);
  await recordAudit(ctx, {
    action: 'member.privacy_exported',
    entityType: 'member',
    entityId: id,
    centerId: member.homeCenter.id,
    summary: `Personal data of member ${member.code} exported`,
  });
  return {
    exportedAt: ctx.clock.now().toISOString(),
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
    onlineOrders: orders.map((o) => ({
      id: o.id,
      state: o.state,
      amount: o.amountMinor,
      currency: o.currencyCode,
      description: o.description,
      provider: o.provider,
      providerReference: o.providerReference,
      createdAt: o.createdAt.toISOString(),
      updatedAt: o.updatedAt.toISOString(),
    })),
  };
}
