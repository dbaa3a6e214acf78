import { minor, percent, share } from '@gym/contract/money';
import { PT_CODES, PT_EVENTS, PT_LIMITS, type PtSession } from '@gym/contract/pt';
import { eq } from 'drizzle-orm';
import {
  commissionEntries,
  commissionRules,
  entitlements,
  invoiceLines,
  ptSessions,
  users,
} from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { ruleFor } from '../sales/index.ts';
import { getSession } from './queries.ts';
import { emitSessionEvent, lockSession, ptRule, useSessionCredit } from './session-rules.ts';

/**
 * The trainer's commission on a completed session, by the selling rules (`ruleFor`: the trainer's
 * own rule for `pt_session`, else their own for `any`, else their role's): a percentage of what
 * one session of the package cost the member (the package line's total over its credits), or the
 * rule's fixed amount per session.
 */
async function creditTrainer(
  ctx: UseCaseContext,
  { session: s, creditsGranted }: { session: typeof ptSessions.$inferSelect; creditsGranted: number },
) {
  const [rules, trainer] = await Promise.all([
    ctx.db.rows(commissionRules),
    ctx.db.first(users, eq(users.id, s.trainerId)),
  ]);
  const rule = trainer && ruleFor(rules, trainer, 'pt_session');
  if (!rule) return 0;
  let amount = 0;
  if (rule.kind === 'fixed') amount = rule.amountMinor;
  else {
    const [line] = await ctx.db
      .select({ total: invoiceLines.totalMinor, quantity: invoiceLines.quantity })
      .from(entitlements)
      .innerJoin(invoiceLines, eq(invoiceLines.id, entitlements.invoiceLineId))
      .where(eq(entitlements.id, s.entitlementId));
    if (line && creditsGranted > 0) {
      amount = percent(share(minor(line.total), 1, line.quantity * creditsGranted), rule.percentBp);
    }
  }
  if (amount === 0) return 0;
  await ctx.db.insert(commissionEntries, {
    staffId: trainer.id,
    ptSessionId: s.id,
    amountMinor: amount,
    earnedOn: s.businessDate,
  });
  return amount;
}

/** The first instant a session may be marked done (ms): its start less the small grace. */
export const completableFrom = (startsAt: Date) => startsAt.getTime() - PT_LIMITS.completeEarlyMinutes * 60_000;

/**
 * Completes a booked session: one credit of its package is used (a `use` ledger row) and the trainer
 * is credited their commission. Completing a completed session answers it as it is (nothing moves
 * twice: the session row is locked first). Completion opens `PT_LIMITS.completeEarlyMinutes` before
 * the session's start (a session of an earlier day left booked may still be completed).
 */
export async function completePtSession(ctx: UseCaseContext, { id }: { id: string }): Promise<PtSession> {
  const { s } = await lockSession(ctx, { id });
  if (s.status === 'completed') return getSession(ctx, { id });
  if (s.status !== 'booked') throw ptRule('id', PT_CODES.notBooked, 'Only a booked session can be completed');
  if (ctx.clock.now().getTime() < completableFrom(s.startsAt)) {
    throw ptRule(
      'id',
      PT_CODES.notStarted,
      `A session can be completed from ${PT_LIMITS.completeEarlyMinutes} minutes before its start`,
    );
  }
  const { ledgerId, creditsGranted } = await useSessionCredit(ctx, { session: s, reason: 'PT session completed' });
  const now = ctx.clock.now();
  await ctx.db
    .update(ptSessions)
    .set({
      status: 'completed',
      creditLedgerId: ledgerId,
      completedAt: now,
      completedBy: ctx.auth.userId,
      updatedAt: now,
    })
    .where(eq(ptSessions.id, id));
  const commission = await creditTrainer(ctx, { session: s, creditsGranted });
  await recordAudit(ctx, {
    action: 'pt_session.completed',
    entityType: 'pt_session',
    entityId: id,
    centerId: s.centerId,
    summary: `PT session of ${s.businessDate} ${s.startTime} completed: one credit used`,
    before: { status: s.status },
    after: { status: 'completed', ledgerId, commissionMinor: commission },
  });
  emitSessionEvent(ctx, { type: PT_EVENTS.sessionCompleted, session: s, more: { entitlementId: s.entitlementId } });
  return getSession(ctx, { id });
}
