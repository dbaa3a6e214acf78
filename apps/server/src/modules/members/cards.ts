import type { Card } from '@gym/contract/members';
import { and, eq, ne } from 'drizzle-orm';
import { cards, members, users } from '../../db/schema/index.ts';
import type { AuthContext } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import { cardInUse, insertCard } from '../../lib/card-numbers.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';
import type { CommandContext, UseCaseContext } from '../../lib/use-case.ts';
import { cardView, lockMember, type MemberRow } from './member-detail.ts';
import { refreshSearchText } from './search-text.ts';

export const memberErased = () => new AppError(422, 'business_rule', 'This member’s data was erased');

type Scope = Pick<AuthContext, 'organisationId' | 'centerIds'>;

/** What changing a member's cards needs of a command's context. */
export type CardsContext = Pick<CommandContext<Scope>, 'db' | 'clock'>;

/** The cards of one member (the scoped database keeps them in the member's organisation). */
const ofMember = (member: Pick<MemberRow, 'id'>) => eq(cards.memberId, member.id);

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
  ctx: CardsContext,
  input: { member: MemberRow; number: string; attachedBy: string | null; conflictPath?: string },
): Promise<AttachResult> {
  const { member, number, attachedBy, conflictPath = 'number' } = input;
  // The member was locked (and reached) by the caller; its cards and row are read by id in the organisation.
  const db = ctx.db.wholeOrganisation;
  if (member.erasedAt) throw memberErased();
  const [holder] = await db
    .select()
    .from(cards)
    .where(and(eq(cards.number, number), ne(cards.status, 'detached')));
  if (holder && holder.memberId !== member.id) throw cardInUse(conflictPath);
  if (holder?.status === 'active') return { card: await withAttachedBy(db, holder), already: true };

  const now = ctx.clock.now();
  await db.update(cards, { status: 'detached', detachedAt: now }, and(ofMember(member), eq(cards.status, 'active'))!);
  let card: typeof cards.$inferSelect;
  if (holder) {
    [card] = (await db.update(
      cards,
      { status: 'active', lostAt: null },
      and(ofMember(member), eq(cards.id, holder.id))!,
    )) as [typeof cards.$inferSelect];
  } else {
    card = await insertCard(
      db.unscoped('insertCard writes the member’s organisation id it is given'),
      { organisationId: member.organisationId, memberId: member.id, number, attachedBy, attachedAt: now },
      conflictPath,
    );
  }
  await db.update(members, { updatedAt: now }, eq(members.id, member.id));
  await refreshSearchText(db, member.id);
  return { card: await withAttachedBy(db, card), already: false };
}

/** The card as a screen shows it, with the name of the staff member who attached it. */
export async function withAttachedBy(db: TenantDb, card: typeof cards.$inferSelect): Promise<Card> {
  if (!card.attachedBy) return cardView(card);
  const [user] = await db.select({ name: users.fullName }).from(users).where(eq(users.id, card.attachedBy));
  return cardView(card, user?.name ?? null);
}

/** One card of a member (already locked), locked until the command ends; 404 when it is not theirs. */
export async function lockCard(db: TenantDb, { member, cardId }: { member: MemberRow; cardId: string }) {
  const [card] = await db.wholeOrganisation.lock(cards, and(ofMember(member), eq(cards.id, cardId))!);
  if (!card) throw notFound('card');
  return card;
}

/** A change of a member's card touches the member's row (lists sort by it). */
export const touchMember = (ctx: CardsContext, member: Pick<MemberRow, 'id'>) =>
  ctx.db.wholeOrganisation.update(members, { updatedAt: ctx.clock.now() }, eq(members.id, member.id));

export { ofMember };

/**
 * The desk gives the member `memberId` the card `number` (typed, or scanned: `how` ends the audit
 * summary); the member row is locked first. Answers the attach result and the member.
 */
export async function attachCardAtDesk(
  ctx: UseCaseContext,
  input: { memberId: string; number: string; how?: string },
): Promise<AttachResult & { member: MemberRow }> {
  const member = await lockMember(ctx.db, input.memberId);
  const result = await attachCardToMember(ctx, { member, number: input.number, attachedBy: ctx.auth.userId });
  if (!result.already)
    await recordAudit(ctx, {
      action: 'member.card_attached',
      entityType: 'member',
      entityId: member.id,
      centerId: member.homeCenterId,
      summary: `Card ${input.number} attached to member ${member.code}${input.how ? ` ${input.how}` : ''}`,
      after: { cardNumber: input.number },
    });
  return { ...result, member };
}
