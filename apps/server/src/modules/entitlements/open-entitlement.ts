/**
 * The step every staff change of an entitlement starts with: the member and their entitlement (404
 * otherwise), its state locked, the business date at its centre, and the rule that an ended one
 * (refunded, transferred, or expired but for an extension or an adjustment) cannot change.
 */
import { and, eq } from 'drizzle-orm';
import { centers, entitlements, members } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { statusOn } from './entitlement-state.ts';
import { lockState } from './ledger.ts';

export const refuse = (path: string, code: string, message: string) =>
  new AppError(422, 'business_rule', message, [{ path, code, message }]);

/** The member's entitlement, unlocked: a change that must free something first (a course's bookings) reads it before the lock. */
export async function findEntitlement(ctx: UseCaseContext, input: { memberId: string; entitlementId: string }) {
  const member = await ctx.db.first(members, eq(members.id, input.memberId));
  if (!member) throw notFound('member');
  const ent = await ctx.db.first(
    entitlements,
    and(eq(entitlements.id, input.entitlementId), eq(entitlements.memberId, member.id)),
  );
  if (!ent) throw notFound('entitlement');
  return { member, ent };
}

export async function openEntitlement(
  ctx: UseCaseContext,
  input: { memberId: string; entitlementId: string; extendsEnded?: boolean },
) {
  const { member, ent } = await findEntitlement(ctx, input);
  const state = await lockState(ctx, { entitlementId: ent.id });
  if (!state) throw notFound('entitlement');
  const center = await ctx.db.wholeOrganisation.first(centers, eq(centers.id, ent.centerId));
  const today = ctx.clock.today(center!.timeZone);
  const status = statusOn(state, today);
  if (status === 'refunded' || status === 'transferred' || (status === 'expired' && !input.extendsEnded)) {
    throw refuse('action', 'entitlement_ended', 'This membership or package has ended');
  }
  return { member, ent, state, today };
}
