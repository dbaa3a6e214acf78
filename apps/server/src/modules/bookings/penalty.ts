import type { SystemConfig } from '@gym/contract/config';
import { eq } from 'drizzle-orm';
import { members } from '../../db/schema/index.ts';
import type { ActorContext } from '../../lib/use-case.ts';
import { appendLedger, creditsAvailable, lockState, statusOn } from '../entitlements/index.ts';
import { issueFeeInvoice } from '../sales/index.ts';
import { organisationConfig } from './lock.ts';
import { bookingMailWords } from './mail-words.ts';
import { type CreditHolder, returnCredits } from './payment.ts';

/** What a late cancel or a no-show cost the member under the organisation's rule. */
export interface Penalty {
  /** The credit came back (the `fee` rule: the fee is the penalty, not the credit). */
  creditReturned: boolean;
  feeInvoiceId: string | null;
}

export interface PenalisedBooking extends CreditHolder {
  /** A prospect's free trial: no fee. */
  trial: boolean;
}

export interface PenalisedClass {
  centerId: string;
  businessDate: string;
  startTime: string;
  /** The class type's name: the invoice line names the class. */
  name: string;
  /** A rental class's members deal with its teacher: the centre bills them nothing. */
  mode: string;
  /** A short course's session: the member paid for the course; missing a session costs that session only. */
  shortCourseId: string | null;
}

/**
 * Whether cancelling at `now` is late: past `startsAt − windowMinutes` (when `held`: a place or a
 * credit to lose), unless the organisation's rule is `no_penalty`. Past the deadline it answers the
 * organisation's configuration too: its rule says what the late cancel costs.
 */
export async function lateCancel(
  ctx: Pick<ActorContext, 'db' | 'auth'>,
  { startsAt, windowMinutes, now, held = true }: { startsAt: Date; windowMinutes: number; now: Date; held?: boolean },
) {
  const past = held && now > new Date(startsAt.getTime() - windowMinutes * 60_000);
  const config = past ? await organisationConfig(ctx) : null;
  return { late: past && config?.lateCancelRule !== 'no_penalty', config };
}

/** What a cancelled booking or PT session records: late or in time, when, and why. */
export const cancelledFields = (late: boolean, now: Date, reason: string | null | undefined) => ({
  status: late ? 'late_cancelled' : 'cancelled',
  cancelledAt: now,
  cancelReason: reason ?? null,
  updatedAt: now,
});

/** The organisation's rule on late cancels and no-shows. */
type PenaltyRule = Pick<SystemConfig, 'lateCancelRule' | 'lateCancelFeeMinor' | 'currencyCode'>;
type PenaltyKind = 'late_cancel' | 'no_show';

/** The words of a fee's invoice line, in the member's language (the member may be of any centre). */
async function wordsOf(ctx: ActorContext, memberId: string) {
  const [member] = await ctx.db.wholeOrganisation
    .select({ language: members.language })
    .from(members)
    .where(eq(members.id, memberId));
  return bookingMailWords(member?.language);
}

/**
 * Applies the organisation's rule to a late cancel or a no-show, in the caller's transaction:
 * `credit_lost` (and `no_penalty`, which callers turn into a plain cancel before this) keeps the
 * credit used; `fee` returns it and bills the fee on an invoice of its own, described in the
 * member's language, which a waiver voids.
 */
export async function applyPenalty(
  ctx: ActorContext,
  {
    config,
    booking,
    cls,
    kind,
  }: { config: PenaltyRule; booking: PenalisedBooking; cls: PenalisedClass; kind: PenaltyKind },
): Promise<Penalty> {
  if (
    config.lateCancelRule !== 'fee' ||
    !config.lateCancelFeeMinor ||
    booking.trial ||
    cls.mode === 'rental' ||
    cls.shortCourseId
  ) {
    return { creditReturned: false, feeInvoiceId: null };
  }
  const creditReturned = await returnCredits(ctx, {
    booking,
    effectiveOn: cls.businessDate,
    reason: kind === 'no_show' ? 'No-show: a fee is billed instead' : 'Late cancel: a fee is billed instead',
  });
  const words = await wordsOf(ctx, booking.memberId);
  const feeInvoiceId = await issueFeeInvoice(ctx, {
    centerId: cls.centerId,
    memberId: booking.memberId,
    itemId: booking.id,
    description: words.fee(kind, cls.name, `${cls.businessDate} ${cls.startTime}`),
    amountMinor: config.lateCancelFeeMinor,
  });
  return { creditReturned, feeInvoiceId };
}

/**
 * The `fee` rule on a personal-training session cancelled late or missed: the fee is billed (the
 * line names the session's package) and the session's credit is not used. Answers the invoice id,
 * or null when the organisation's rule is not `fee` (the caller then uses the credit).
 */
export async function billPtFee(
  ctx: ActorContext,
  {
    config,
    session,
    packageName,
    kind,
  }: {
    config: PenaltyRule;
    session: { id: string; memberId: string; centerId: string; businessDate: string; startTime: string };
    packageName: string;
    kind: PenaltyKind;
  },
): Promise<string | null> {
  if (config.lateCancelRule !== 'fee' || !config.lateCancelFeeMinor) return null;
  const words = await wordsOf(ctx, session.memberId);
  return issueFeeInvoice(ctx, {
    centerId: session.centerId,
    memberId: session.memberId,
    itemId: session.id,
    description: words.fee(kind, packageName, `${session.businessDate} ${session.startTime}`),
    amountMinor: config.lateCancelFeeMinor,
  });
}

/**
 * A no-show corrected to attended after its fee gave the credit back: the credit is taken again
 * from the same package when it still has it (a `use` row); answers whether it was. A package
 * emptied or ended meanwhile keeps the class free, and the booking says the credit was returned.
 */
export async function retakeCredits(
  ctx: ActorContext,
  { booking, effectiveOn }: { booking: PenalisedBooking; effectiveOn: string },
): Promise<boolean> {
  if (booking.paidBy !== 'package' || !booking.entitlementId || booking.creditsUsed <= 0 || !booking.creditReturned) {
    return false;
  }
  const locked = await lockState(ctx, { entitlementId: booking.entitlementId });
  if (!locked || statusOn(locked, effectiveOn) !== 'active' || creditsAvailable(locked) < booking.creditsUsed) {
    return false;
  }
  await appendLedger(ctx, {
    entitlementId: booking.entitlementId,
    memberId: booking.memberId,
    rows: [
      {
        kind: 'use',
        creditsDelta: -booking.creditsUsed,
        refType: 'booking',
        refId: booking.id,
        reason: 'Attended after all: the no-show fee is voided',
        effectiveOn,
      },
    ],
    locked,
  });
  return true;
}
