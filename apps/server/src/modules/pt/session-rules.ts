/** What every command on a PT session shares: its refusals, its package, its lock and its credit. */
import { PT_CODES, type PT_EVENTS } from '@gym/contract/pt';
import { and, eq } from 'drizzle-orm';
import { centers, entitlementLedger, entitlements, ptSessions } from '../../db/schema/index.ts';
import { AppError, notFoundAt } from '../../lib/errors.ts';
import type { ActorContext, UseCaseContext } from '../../lib/use-case.ts';
import { billPtFee } from '../bookings/index.ts';
import { appendLedger, lockState } from '../entitlements/index.ts';

export const ptRule = (path: string, code: string, message: string) =>
  new AppError(422, 'business_rule', message, [{ path, code, message }]);
export const notYours = () =>
  new AppError(403, 'forbidden', 'A trainer may only book and complete their own sessions', [
    { path: 'trainerId', code: PT_CODES.notYourSession, message: 'Not your session' },
  ]);

/** The PT package (a `pt` or `any` credit package of the organisation), or 404 / 422. */
export async function ptPackageOf(ctx: UseCaseContext, entitlementId: string) {
  const ent = await ctx.db.first(entitlements, eq(entitlements.id, entitlementId));
  if (!ent) throw notFoundAt('entitlementId', 'PT package');
  if (ent.kind !== 'package' || !['pt', 'any'].includes(ent.usage ?? '')) {
    throw ptRule('entitlementId', PT_CODES.notPtPackage, 'This is not a personal training package');
  }
  return ent;
}

/**
 * A session of the caller's organisation and centres, its row locked until the command ends (every
 * command on a session takes this lock first, then the package's state), with its centre's time zone.
 * A trainer may act only on their own sessions (403 `not_your_session`).
 */
export async function lockSession(ctx: UseCaseContext, { id }: { id: string }) {
  const [row] = await ctx.db
    .select({ s: ptSessions, timeZone: centers.timeZone })
    .from(ptSessions)
    .innerJoin(centers, eq(centers.id, ptSessions.centerId))
    .where(eq(ptSessions.id, id))
    .for('update', { of: ptSessions });
  if (!row) throw notFoundAt('id', 'PT session');
  if (ctx.auth.role === 'trainer' && row.s.trainerId !== ctx.auth.userId) throw notYours();
  return row;
}

/** The name of the session's package (what a fee line names). */
export async function packageName(ctx: UseCaseContext, entitlementId: string): Promise<string> {
  const row = await ctx.db.wholeOrganisation.first(entitlements, eq(entitlements.id, entitlementId));
  return row?.name ?? '';
}

/**
 * Spends the credit the booked session holds (a `use` row taking one credit and its hold,
 * `refType 'pt_session'`); answers the row's id. A session whose package no longer holds a credit
 * for it (the package ended) cannot spend one.
 */
export async function useSessionCredit(
  ctx: UseCaseContext,
  { session: s, reason }: { session: typeof ptSessions.$inferSelect; reason: string },
) {
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
  const [row] = await ctx.db
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
 * What a session cancelled late or missed costs, by the organisation's rule: under `fee` the fee is
 * billed (the line names the session's package) and the credit it held is freed (effective on
 * `effectiveOn`); otherwise its credit is used. Answers the fee's invoice or the ledger row.
 */
export async function chargeMissedSession(
  ctx: UseCaseContext,
  {
    session,
    config,
    kind,
    effectiveOn,
  }: {
    session: typeof ptSessions.$inferSelect;
    config: Parameters<typeof billPtFee>[1]['config'];
    kind: 'late_cancel' | 'no_show';
    effectiveOn: string;
  },
): Promise<{ feeInvoiceId: string | null; ledgerId: string | null }> {
  const name = await packageName(ctx, session.entitlementId);
  const feeInvoiceId = await billPtFee(ctx, { config, session, packageName: name, kind });
  const missed = kind === 'no_show' ? 'PT session: no-show' : 'PT session cancelled late';
  if (!feeInvoiceId)
    return { feeInvoiceId, ledgerId: (await useSessionCredit(ctx, { session, reason: missed })).ledgerId };
  await releaseSessionCredit(ctx, {
    session,
    reason: `${missed}${kind === 'no_show' ? ',' : ':'} a fee is billed`,
    effectiveOn,
  });
  return { feeInvoiceId, ledgerId: null };
}

/**
 * Tells the session's centre (through the outbox, after the commit) what happened to a session:
 * the session, its member and trainer, and `more`, the event's own part.
 */
export function emitSessionEvent(
  ctx: Pick<ActorContext, 'emit' | 'auth'>,
  {
    type,
    session,
    more,
  }: {
    type: (typeof PT_EVENTS)[keyof typeof PT_EVENTS];
    session: { id: string; centerId: string; memberId: string; trainerId: string };
    more: Record<string, unknown>;
  },
): void {
  ctx.emit({
    type,
    organisationId: ctx.auth.organisationId,
    centerId: session.centerId,
    payload: { sessionId: session.id, memberId: session.memberId, trainerId: session.trainerId, ...more },
  });
}
