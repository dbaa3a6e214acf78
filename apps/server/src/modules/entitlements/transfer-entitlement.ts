import type { EntitlementAction } from '@gym/contract/sales';
import { eq } from 'drizzle-orm';
import { entitlements, members } from '../../db/schema/index.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { type EntitlementState, whatIsLeft } from './entitlement-state.ts';
import { hooksOf } from './hooks.ts';
import { appendLedger, lockState } from './ledger.ts';
import { findEntitlement, openEntitlement, refuse } from './open-entitlement.ts';

type Transfer = Extract<EntitlementAction, { action: 'transfer' }>;

/**
 * Gives what is left of an entitlement to another member (managers): the holder's ends
 * (`transfer_out`), a copy starts for the other (`transfer_in`) with the credits and days left. What
 * the kind's module keeps for it (a course's sessions not started) is given up first, then taken up
 * by the new holder.
 */
export async function transferEntitlement(
  ctx: UseCaseContext,
  input: Transfer & { memberId: string; entitlementId: string },
): Promise<EntitlementState> {
  const found = await findEntitlement(ctx, input);
  // What the kind keeps is freed before the entitlement is locked (its module locks its rows first).
  await hooksOf(found.ent.kind).released(ctx, {
    entitlementId: found.ent.id,
    reason: 'Course transferred to another member',
  });
  const { member, ent, state, today } = await openEntitlement(ctx, input);
  const target = await ctx.db.first(members, eq(members.id, input.toMemberId));
  if (!target || target.erasedAt || target.mergedInto) throw refuse('toMemberId', 'member_unknown', 'No such member');
  if (target.id === member.id) throw refuse('toMemberId', 'same_member', 'Transfer to another member');
  const [copy] = await ctx.db.insert(entitlements, {
    memberId: target.id,
    kind: ent.kind,
    itemId: ent.itemId,
    name: ent.name,
    usage: ent.usage,
    allCenters: ent.allCenters,
    centerIds: ent.centerIds,
    centerId: ent.centerId,
    invoiceLineId: null,
    durationValue: ent.durationValue,
    durationUnit: ent.durationUnit,
    startRule: ent.startRule,
    maxFreezes: ent.maxFreezes,
    maxFreezeDays: ent.maxFreezeDays,
  });
  const base = { effectiveOn: today, reason: input.reason, refType: 'entitlement' };
  await appendLedger(ctx, {
    entitlementId: ent.id,
    memberId: ent.memberId,
    rows: [
      {
        ...base,
        kind: 'transfer_out',
        ...whatIsLeft(state),
        refId: copy!.id,
      },
    ],
    locked: state,
  });
  await appendLedger(ctx, {
    entitlementId: copy!.id,
    memberId: target.id,
    rows: [
      {
        ...base,
        kind: 'transfer_in',
        creditsDelta: state.creditsLeft ?? 0,
        validFrom: state.phase === 'active' ? (state.validFrom! < today ? today : state.validFrom) : null,
        validUntil: state.phase === 'active' ? state.validUntil : null,
        refId: ent.id,
      },
    ],
  });
  await hooksOf(ent.kind).granted(ctx, { entitlementId: copy!.id, memberId: target.id, itemId: ent.itemId });
  return (await lockState(ctx, { entitlementId: copy!.id }))!;
}
