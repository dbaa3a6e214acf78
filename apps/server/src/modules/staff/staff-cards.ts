import type { Card } from '@gym/contract/members';
import { and, eq } from 'drizzle-orm';
import { cards } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../lib/access.ts';
import { audit } from '../../lib/audit.ts';
import { insertCard } from '../../lib/card-numbers.ts';
import { notFound } from '../../lib/errors.ts';
import { scoped } from '../../lib/scope.ts';
import { findStaff, staffCards } from './queries.ts';
import { assertMayManage } from './rules.ts';

/**
 * Gives a staff member a card (for clocking in at the readers). A staff member carries one
 * card: a new one replaces the active one, which stays in the history as detached. A number
 * held by any member or staff card not detached is refused; the database's unique index decides,
 * so two desks attaching the same number at once cannot both succeed.
 */
export async function attachStaffCard(
  deps: AppDeps,
  auth: AuthContext,
  staffId: string,
  number: string,
): Promise<Card> {
  return deps.database.db.transaction(async (tx) => {
    const target = await findStaff(tx, auth, staffId, true);
    assertMayManage(auth, target);
    const now = new Date();
    await tx
      .update(cards)
      .set({ status: 'detached', detachedAt: now })
      .where(
        scoped(auth, { organisationId: cards.organisationId }, eq(cards.staffId, staffId), eq(cards.status, 'active')),
      );
    const card = await insertCard(tx, {
      organisationId: auth.organisationId,
      number,
      staffId,
      attachedBy: auth.userId,
      attachedAt: now,
    });
    const history = await staffCards(tx, auth, staffId);
    await audit(tx, auth, null, {
      action: 'staff.card_attached',
      entityType: 'staff',
      entityId: staffId,
      summary: `Card ${number} attached to ${target.fullName}`,
      after: { cardNumber: number },
    });
    return history.find((c) => c.id === card.id)!;
  });
}

/** Detaching keeps the card in the history and frees its number; detaching twice changes nothing. */
export async function detachStaffCard(
  deps: AppDeps,
  auth: AuthContext,
  staffId: string,
  cardId: string,
): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const target = await findStaff(tx, auth, staffId, true);
    assertMayManage(auth, target);
    const where = scoped(
      auth,
      { organisationId: cards.organisationId },
      eq(cards.id, cardId),
      eq(cards.staffId, staffId),
    );
    const [card] = await tx.select({ status: cards.status, number: cards.number }).from(cards).where(where);
    if (!card) throw notFound('card');
    if (card.status !== 'detached') {
      await tx.update(cards).set({ status: 'detached', detachedAt: new Date() }).where(and(where));
      await audit(tx, auth, null, {
        action: 'staff.card_detached',
        entityType: 'staff',
        entityId: staffId,
        summary: `Card ${card.number} detached from ${target.fullName}`,
        before: { cardNumber: card.number, cardStatus: card.status },
        after: { cardNumber: card.number, cardStatus: 'detached' },
      });
    }
  });
}
