import type { Card } from '@gym/contract/members';
import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cards, members, users } from '../../db/schema/index.ts';
import { audit } from '../../lib/audit.ts';
import { cardInUse, insertCard } from '../../lib/card-numbers.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { cardView, lockMember, type MemberRow } from './member-detail.ts';
import { refreshSearchText } from './search-text.ts';

export const memberErased = () => new AppError(422, 'business_rule', 'This member’s data was erased');

/** The cards of one member, always inside the member's organisation. */
const ofMember = (member: Pick<MemberRow, 'id' | 'organisationId'>) =>
  and(eq(cards.organisationId, member.organisationId), eq(cards.memberId, member.id));
const memberRow = (member: Pick<MemberRow, 'id' | 'organisationId'>) =>
  and(eq(members.organisationId, member.organisationId), eq(members.id, member.id));

export interface AttachResult {
  card: Card;
  /** The member already held this card: nothing changed. */
  already: boolean;
}

/**
 * Gives a member a card. A member holds one active card: a new one replaces the active one, which
 * is detached (kept as history). A number is one person's while its card is active or lost, whether
 * a member's or a staff member's; the member's own lost card, found again, becomes active again.
 * The unique index `cards_org_number_in_use` is the final word when two desks race for a number.
 * The member row must be locked by the caller (`lockMember`).
 */
export async function attachCardToMember(
  tx: DbOrTx,
  member: MemberRow,
  number: string,
  attachedBy: string | null,
  conflictPath = 'number',
): Promise<AttachResult> {
  if (member.erasedAt) throw memberErased();
  const [holder] = await tx
    .select()
    .from(cards)
    .where(
      and(eq(cards.organisationId, member.organisationId), eq(cards.number, number), ne(cards.status, 'detached')),
    );
  if (holder && holder.memberId !== member.id) throw cardInUse(conflictPath);
  if (holder?.status === 'active') return { card: await withAttachedBy(tx, holder), already: true };

  const now = new Date();
  await tx
    .update(cards)
    .set({ status: 'detached', detachedAt: now })
    .where(and(ofMember(member), eq(cards.status, 'active')));
  let card: typeof cards.$inferSelect;
  if (holder) {
    [card] = (await tx
      .update(cards)
      .set({ status: 'active', lostAt: null })
      .where(and(ofMember(member), eq(cards.id, holder.id)))
      .returning()) as [typeof cards.$inferSelect];
  } else {
    card = await insertCard(
      tx,
      { organisationId: member.organisationId, memberId: member.id, number, attachedBy, attachedAt: now },
      conflictPath,
    );
  }
  await tx.update(members).set({ updatedAt: now }).where(memberRow(member));
  await refreshSearchText(tx, member.id);
  return { card: await withAttachedBy(tx, card), already: false };
}

async function withAttachedBy(tx: DbOrTx, card: typeof cards.$inferSelect): Promise<Card> {
  if (!card.attachedBy) return cardView(card);
  const [user] = await tx.select({ name: users.fullName }).from(users).where(eq(users.id, card.attachedBy));
  return cardView(card, user?.name ?? null);
}

/** `POST pro/students/{id}/cards`. */
export async function attachCard(ctx: UseCaseContext, input: { memberId: string; number: string }) {
  const member = await lockMember(ctx.db, input.memberId);
  const result = await attachCardToMember(ctx.tx, member, input.number, ctx.auth.userId);
  if (!result.already)
    await audit(ctx.tx, ctx.auth, null, {
      action: 'member.card_attached',
      entityType: 'member',
      entityId: member.id,
      centerId: member.homeCenterId,
      summary: `Card ${input.number} attached to member ${member.code}`,
      after: { cardNumber: input.number },
    });
  return result;
}

async function lockCard(tx: DbOrTx, member: MemberRow, cardId: string) {
  const [card] = await tx
    .select()
    .from(cards)
    .where(and(ofMember(member), eq(cards.id, cardId)))
    .for('update');
  if (!card) throw notFound('card');
  return card;
}

/** Reports a card lost: it stops opening doors but its number stays blocked until it is detached. */
export async function markCardLost(ctx: UseCaseContext, input: { memberId: string; cardId: string }): Promise<Card> {
  const { memberId, cardId } = input;
  const { tx, auth } = ctx;
  const member = await lockMember(ctx.db, memberId);
  if (member.erasedAt) throw memberErased();
  const card = await lockCard(tx, member, cardId);
  if (card.status === 'lost') return withAttachedBy(tx, card);
  if (card.status === 'detached') throw new AppError(422, 'business_rule', 'This card is no longer attached');
  const [lost] = await tx
    .update(cards)
    .set({ status: 'lost', lostAt: ctx.clock.now() })
    .where(and(ofMember(member), eq(cards.id, card.id)))
    .returning();
  await tx.update(members).set({ updatedAt: ctx.clock.now() }).where(memberRow(member));
  await audit(tx, auth, null, {
    action: 'member.card_lost',
    entityType: 'member',
    entityId: member.id,
    centerId: member.homeCenterId,
    summary: `Card ${card.number} of member ${member.code} reported lost`,
    before: { cardNumber: card.number, cardStatus: card.status },
    after: { cardNumber: card.number, cardStatus: 'lost' },
  });
  return withAttachedBy(tx, lost!);
}

/** Detaches a card: the row stays as history and the number is free again. Detaching twice is harmless. */
export async function detachCard(ctx: UseCaseContext, input: { memberId: string; cardId: string }): Promise<void> {
  const { memberId, cardId } = input;
  const { tx, auth } = ctx;
  const member = await lockMember(ctx.db, memberId);
  const card = await lockCard(tx, member, cardId);
  if (card.status === 'detached') return;
  await tx
    .update(cards)
    .set({ status: 'detached', detachedAt: ctx.clock.now() })
    .where(and(ofMember(member), eq(cards.id, card.id)));
  await tx.update(members).set({ updatedAt: ctx.clock.now() }).where(memberRow(member));
  await refreshSearchText(tx, member.id);
  await audit(tx, auth, null, {
    action: 'member.card_detached',
    entityType: 'member',
    entityId: member.id,
    centerId: member.homeCenterId,
    summary: `Card ${card.number} detached from member ${member.code}`,
    before: { cardNumber: card.number, cardStatus: card.status },
    after: { cardNumber: card.number, cardStatus: 'detached' },
  });
}
