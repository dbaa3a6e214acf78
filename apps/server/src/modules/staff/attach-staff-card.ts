import type { Card } from '@gym/contract/members';
import { and, eq } from 'drizzle-orm';
import { cards } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { insertCard } from '../../lib/card-numbers.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { findStaff, staffCards } from './queries.ts';
import { assertMayManage } from './rules.ts';

/**
 * Gives a staff member a card (for clocking in at the readers). A staff member carries one
 * card: a new one replaces the active one, which stays in the history as detached. A number
 * held by any member or staff card not detached is refused; the database's unique index decides,
 * so two desks attaching the same number at once cannot both succeed.
 */
export async function attachStaffCard(ctx: UseCaseContext, input: { staffId: string; number: string }): Promise<Card> {
  const { auth } = ctx;
  const { staffId, number } = input;
  const target = await findStaff(ctx.db, { id: staffId, lock: true });
  assertMayManage(auth, target);
  const now = ctx.clock.now();
  await ctx.db.update(
    cards,
    { status: 'detached', detachedAt: now },
    and(eq(cards.staffId, staffId), eq(cards.status, 'active'))!,
  );
  const card = await insertCard(ctx.db.unscoped('insertCard writes the caller’s organisation id it is given'), {
    organisationId: auth.organisationId,
    number,
    staffId,
    attachedBy: auth.userId,
    attachedAt: now,
  });
  const history = await staffCards(ctx.db, staffId);
  await recordAudit(ctx, {
    action: 'staff.card_attached',
    entityType: 'staff',
    entityId: staffId,
    summary: `Card ${number} attached to ${target.fullName}`,
    after: { cardNumber: number },
  });
  return history.find((c) => c.id === card.id)!;
}
