import { minor, percent, share } from '@gym/contract/money';
import { PT_CODES, PT_EVENTS, PT_LIMITS, type PtSession } from '@gym/contract/pt';
import { and, eq } from 'drizzle-orm';
import {
  centers,
  commissionEntries,
  commissionRules,
  entitlementLedger,
  entitlements,
  invoiceLines,
  ptSessions,
  users,
} from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { ActorContext, UseCaseContext } from '../../lib/use-case.ts';
import { appendLedger, lockState } from '../entitlements/index.ts';
import { ruleFor } from '../sales/index.ts';
import { notYours, ptRule } from './book-session.ts';
import { getSession, notFoundAt } from './queries.ts';

/**
 * A session of the caller's organisation and centres, its row locked until the command ends (every
 * command on a session takes this lock first, then the package's state), with its centre's time zone.
 * A trainer may act only on their own sessions (403 `not_your_session`).
 */
export async function lockSession(ctx: UseCaseContext, id: string) {
  const [row] = await ctx.tx
    .select({ s: ptSessions, timeZone: centers.timeZone })
    .from(ptSessions)
    .innerJoin(centers, eq(centers.id, ptSessions.centerId))
    .where(ctx.db.where(ptSessions, eq(ptSessions.id, id)))
    .for('update', { of: ptSessions });
  if (!row) throw notFoundAt('id', 'PT session');
  if (ctx.auth.role === 'trainer' && row.s.trainerId !== ctx.auth.userId) throw notYours();
  return row;
}

/** The name of the session's package (what a fee line names). */
export async function packageName(ctx: UseCaseContext, entitlementId: string): Promise<string> {
  const [row] = await ctx.tx
    .select({ name: entitlements.name })
    .from(entitlements)
    .where(ctx.db.whereOrganisation(entitlements, eq(entitlements.id, entitlementId)));
  return row?.name ?? '';
}

/**
 * Spends the credit the booked session holds (a `use` row taking one credit and its hold,
 * `refType 'pt_session'`); answers the row's id. A session whose package no longer holds a credit
 * for it (the package ended) cannot spend one.
 */
export async function useSessionCredit(ctx: UseCaseContext, s: typeof ptSessions.$inferSelect, reason: string) {
  const state = await lockState(ctx, { entitlementId: s.entitlementId });
  if (!state || state.creditsHeld < 1 || (state.creditsLeft ?? 0) < 1) {
    throw ptRule('id', PT_CODES.noCreditLeft, 'This package has no credit left to use');
  }
  const after = await appendLedger(ctx, {
    entitlementId: s.entitlementId,
    memberId: s.memberId,
    rows: [
      {
        kind: 'use',
        creditsDelta: -1,
        heldDelta: -1,
        refType: 'pt_session',
        refId: s.id,
        reason,
        effectiveOn: s.businessDate,
      },
    ],
    locked: state,
  });
  const [row] = await ctx.tx
    .select({ id: entitlementLedger.id })
    .from(entitlementLedger)
    .where(and(eq(entitlementLedger.entitlementId, s.entitlementId), eq(entitlementLedger.seq, after.lastSeq)));
  return { ledgerId: row!.id, creditsGranted: after.creditsGranted ?? state.creditsGranted ?? 0 };
}

/**
 * Frees the credit a booked session holds (a `release` row) when it ends without using it: cancelled
 * in time, or billed a fee instead. Nothing to free once its package has ended (its end freed every hold).
 */
export async function releaseSessionCredit(
  ctx: ActorContext,
  { session: s, reason, effectiveOn }: { session: typeof ptSessions.$inferSelect; reason: string; effectiveOn: string },
): Promise<void> {
  const state = await lockState(ctx, { entitlementId: s.entitlementId });
  if (!state || state.creditsHeld < 1) return;
  await appendLedger(ctx, {
    entitlementId: s.entitlementId,
    memberId: s.memberId,
    rows: [{ kind: 'release', heldDelta: -1, refType: 'pt_session', refId: s.id, reason, effectiveOn }],
    locked: state,
  });
}

/**
 * The trainer's commission on a completed session, by the selling rules (`ruleFor`: the trainer's
 * own rule for `pt_session`, else their own for `any`, else their role's): a percentage of what
 * one session of the package cost the member (the package line's total over its credits), or the
 * rule's fixed amount per session.
 */
async function creditTrainer(ctx: UseCaseContext, s: typeof ptSessions.$inferSelect, creditsGranted: number) {
  const [rules, [trainer]] = await Promise.all([
    ctx.db.rows(commissionRules),
    ctx.tx.select().from(users).where(eq(users.id, s.trainerId)),
  ]);
  const rule = trainer && ruleFor(rules, trainer, 'pt_session');
  if (!rule) return 0;
  let amount = 0;
  if (rule.kind === 'fixed') amount = rule.amountMinor;
  else {
    const [line] = await ctx.tx
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
export async function completePtSession(ctx: UseCaseContext, id: string): Promise<PtSession> {
  const { s } = await lockSession(ctx, id);
  if (s.status === 'completed') return getSession(ctx.tx, ctx.auth, id);
  if (s.status !== 'booked') throw ptRule('id', PT_CODES.notBooked, 'Only a booked session can be completed');
  if (ctx.clock.now().getTime() < completableFrom(s.startsAt)) {
    throw ptRule(
      'id',
      PT_CODES.notStarted,
      `A session can be completed from ${PT_LIMITS.completeEarlyMinutes} minutes before its start`,
    );
  }
  const { ledgerId, creditsGranted } = await useSessionCredit(ctx, s, 'PT session completed');
  const now = ctx.clock.now();
  await ctx.tx
    .update(ptSessions)
    .set({
      status: 'completed',
      creditLedgerId: ledgerId,
      completedAt: now,
      completedBy: ctx.auth.userId,
      updatedAt: now,
    })
    .where(eq(ptSessions.id, id));
  const commission = await creditTrainer(ctx, s, creditsGranted);
  await recordAudit(ctx, {
    action: 'pt_session.completed',
    entityType: 'pt_session',
    entityId: id,
    centerId: s.centerId,
    summary: `PT session of ${s.businessDate} ${s.startTime} completed: one credit used`,
    before: { status: s.status },
    after: { status: 'completed', ledgerId, commissionMinor: commission },
  });
  ctx.emit({
    type: PT_EVENTS.sessionCompleted,
    organisationId: ctx.auth.organisationId,
    centerId: s.centerId,
    payload: { sessionId: id, memberId: s.memberId, trainerId: s.trainerId, entitlementId: s.entitlementId },
  });
  return getSession(ctx.tx, ctx.auth, id);
}
