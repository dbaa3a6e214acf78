import { and, eq } from 'drizzle-orm';
import { cards } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { findStaff } from './queries.ts';
import { assertMayManage } from './rules.ts';

/** Detaching keeps the card in the history and frees its number; detaching twice changes nothing. */
export async function detachStaffCard(ctx: UseCaseContext, input: { staffId: string; cardId: string }): Promise<void> {
  const { auth } = ctx;
  const { staffId, cardId } = input;
  const target = await findStaff(ctx.db, { id: staffId, lock: true });
  assertMayManage(auth, target);
  const ofStaff = and(eq(cards.id, cardId), eq(cards.staffId, staffId))!;
  const card = await ctx.db.first(cards, ofStaff);
  if (!card) throw notFound('card');
  if (card.status !== 'detached') {
    await ctx.db.update(cards, { status: 'detached', detachedAt: ctx.clock.now() }, ofStaff);
    await recordAudit(ctx, {
      action: 'staff.card_detached',
      entityType: 'staff',
      entityId: staffId,
      summary: `Card ${card.number} detached from ${target.fullName}`,
      before: { cardNumber: card.number, cardStatus: card.status },
      after: { cardNumber: card.number, cardStatus: 'detached' },
    });
  }
}
