/**
 * What pays a booking: a membership that covers the class (no credit used), or a credit package
 * whose credits pay for it (the class's credits taken by a `use` ledger row). The class type says
 * which plans and packages cover it; the entitlement must hold at the class's centre and be
 * active on the class's date (not frozen, not expired, enough credits left).
 */
import { BOOKING_CODES, type BookingPaymentChoice } from '@gym/contract/classes';
import { eq } from 'drizzle-orm';
import { type classes, type classTypes, entitlementState, entitlements } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { ActorContext, UseCaseContext } from '../../lib/use-case.ts';
import { appendLedger, creditsAvailable, lockState, stateOf, statusOn } from '../entitlements/index.ts';

export type ClassRow = typeof classes.$inferSelect;
type TypeRow = typeof classTypes.$inferSelect;

export interface Payment {
  paidBy: 'package' | 'membership' | null;
  entitlementId: string | null;
  entitlementName: string | null;
}

const CLASS_USAGES = ['class', 'any'];

export const bookingRule = (path: string, code: string, message: string) =>
  new AppError(422, 'business_rule', message, [{ path, code, message }]);

/** What a booking asks to be paid by: the class, the member and their choice (an entitlement named, or the best). */
export interface PaymentAsked {
  cls: ClassRow;
  type: TypeRow;
  memberId: string;
  choice: BookingPaymentChoice;
  entitlementId?: string | null;
}

/** The entitlements of `memberId` that may pay for `cls`, best first: memberships, then packages ending first. */
export async function usableEntitlements(
  ctx: UseCaseContext,
  { cls, type, memberId, choice, entitlementId }: PaymentAsked,
) {
  const rows = await ctx.db.wholeOrganisation
    .select({ ent: entitlements, state: entitlementState })
    .from(entitlements)
    .innerJoin(entitlementState, eq(entitlementState.entitlementId, entitlements.id))
    .where(eq(entitlements.memberId, memberId));
  const usable = rows
    .map(({ ent, state }) => ({ ent, state: stateOf(state) }))
    .filter(({ ent, state }) => {
      if (entitlementId && ent.id !== entitlementId) return false;
      if (!(ent.allCenters || ent.centerIds.includes(cls.centerId))) return false;
      // A short course's session is paid by the member's enrolment on that course, and by nothing else.
      if (cls.shortCourseId || ent.kind === 'short_course') {
        if (!(ent.kind === 'short_course' && ent.itemId === cls.shortCourseId)) return false;
        if (choice === 'membership' || (state.creditsLeft ?? 0) < cls.credits) return false;
      } else if (ent.kind === 'membership') {
        if (choice === 'package') return false;
        if (!(type.allMemberships || type.membershipPlanIds.includes(ent.itemId))) return false;
      } else if (ent.kind === 'package') {
        if (choice === 'membership') return false;
        const covers =
          (type.anyClassPackage && CLASS_USAGES.includes(ent.usage ?? '')) ||
          type.creditPackageIds.includes(ent.itemId);
        if (!covers || creditsAvailable(state) < cls.credits) return false;
      } else return false;
      return statusOn(state, cls.businessDate) === 'active';
    });
  const end = (until: string | null) => until ?? '9999-12-31';
  return usable.sort((a, b) => {
    if (a.ent.kind !== b.ent.kind) return a.ent.kind === 'membership' ? -1 : 1;
    return end(a.state.validUntil).localeCompare(end(b.state.validUntil)) || a.ent.id.localeCompare(b.ent.id);
  });
}

/**
 * A rental class (an outside teacher rents the room): its members pay the teacher, not the centre,
 * so a booking in it takes no credit and no membership and records no payment.
 */
export const paidToRentalTeacher = (cls: Pick<ClassRow, 'mode'>): Payment | null =>
  cls.mode === 'rental' ? { paidBy: null, entitlementId: null, entitlementName: null } : null;

/**
 * Pays a booking (`bookingId`) for `cls`: a covering membership, or `cls.credits` off a package
 * (its state locked, then a `use` row). Refuses with `no_credit` / `entitlement_not_usable` when
 * nothing pays. `dryRun` only checks (a waitlisted booking pays when it is given a place).
 */
export async function payBooking(
  ctx: UseCaseContext,
  asked: PaymentAsked & { bookingId: string; dryRun?: boolean },
): Promise<Payment> {
  const { cls, memberId, bookingId, choice, entitlementId, dryRun = false } = asked;
  const rental = paidToRentalTeacher(cls);
  if (rental) return rental;
  const candidates = await usableEntitlements(ctx, asked);
  for (const { ent } of candidates) {
    if (ent.kind === 'membership') return { paidBy: 'membership', entitlementId: ent.id, entitlementName: ent.name };
    if (dryRun) return { paidBy: 'package', entitlementId: ent.id, entitlementName: ent.name };
    // The state read above may be stale: lock it and check again (another booking may have used the last credit).
    const locked = await lockState(ctx, { entitlementId: ent.id });
    if (!locked || statusOn(locked, cls.businessDate) !== 'active' || creditsAvailable(locked) < cls.credits) continue;
    if (cls.credits > 0) {
      await appendLedger(ctx, {
        entitlementId: ent.id,
        memberId,
        rows: [
          {
            kind: 'use',
            creditsDelta: -cls.credits,
            refType: 'booking',
            refId: bookingId,
            effectiveOn: cls.businessDate,
          },
        ],
        locked,
      });
    }
    return { paidBy: 'package', entitlementId: ent.id, entitlementName: ent.name };
  }
  if (cls.shortCourseId) {
    throw bookingRule(
      'memberId',
      BOOKING_CODES.notEnrolled,
      'This class is a session of a short course: only members enrolled on the course book it',
    );
  }
  // A free class (no credits) needs nothing to pay it.
  if (cls.credits === 0 && !entitlementId && choice === 'auto') {
    return { paidBy: null, entitlementId: null, entitlementName: null };
  }
  if (entitlementId) {
    throw bookingRule(
      'entitlementId',
      BOOKING_CODES.entitlementNotUsable,
      'This membership or package cannot pay for this class',
    );
  }
  throw bookingRule(
    'memberId',
    BOOKING_CODES.noCredit,
    'This member has no membership covering this class and no package credit for it',
  );
}

/** What a booking says of the credits it took (enough to give them back or take them again). */
export interface CreditHolder {
  id: string;
  memberId: string;
  paidBy: string | null;
  entitlementId: string | null;
  creditsUsed: number;
  creditReturned: boolean;
}

/** Gives back the credits a booking took (a `return` row), once. Answers whether credits came back. */
export async function returnCredits(
  ctx: ActorContext,
  { booking, effectiveOn, reason }: { booking: CreditHolder; effectiveOn: string; reason: string },
): Promise<boolean> {
  if (booking.paidBy !== 'package' || !booking.entitlementId || booking.creditsUsed <= 0 || booking.creditReturned) {
    return false;
  }
  const locked = await lockState(ctx, { entitlementId: booking.entitlementId });
  await appendLedger(ctx, {
    entitlementId: booking.entitlementId,
    memberId: booking.memberId,
    rows: [
      { kind: 'return', creditsDelta: booking.creditsUsed, refType: 'booking', refId: booking.id, reason, effectiveOn },
    ],
    locked,
  });
  return true;
}
