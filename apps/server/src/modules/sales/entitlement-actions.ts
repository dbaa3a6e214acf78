/**
 * Staff changes to a member's entitlement: freeze and unfreeze (front desk), extend, adjust and
 * transfer (managers). Each is checked against the state locked from the ledger and appends rows.
 */
import type { EntitlementAction } from '@gym/contract/sales';
import { addDays, daysBetween } from '@gym/contract/time';
import { and, eq } from 'drizzle-orm';
import { centers, entitlements, members } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { enrol, releaseSessions } from '../courses/index.ts';
import { statusOn } from './entitlement-state.ts';
import { appendLedger, lockState } from './ledger.ts';

const refuse = (path: string, code: string, message: string) =>
  new AppError(422, 'business_rule', message, [{ path, code, message }]);

export async function changeEntitlement(
  ctx: UseCaseContext,
  input: EntitlementAction & { memberId: string; entitlementId: string },
) {
  if (['extend', 'adjust', 'transfer'].includes(input.action) && !ctx.auth.ability.can('manage', 'Sale'))
    throw forbidden();
  const member = await ctx.db.first(members, eq(members.id, input.memberId));
  if (!member) throw notFound('member');
  const [ent] = await ctx.db.rows(
    entitlements,
    and(eq(entitlements.id, input.entitlementId), eq(entitlements.memberId, member.id)),
  );
  if (!ent) throw notFound('entitlement');
  // A course given to another member gives up its sessions not started (classes are locked before the entitlement).
  if (input.action === 'transfer' && ent.kind === 'short_course') {
    await releaseSessions(ctx, ent.id, 'Course transferred to another member');
  }
  const state = await lockState(ctx, ent.id);
  if (!state) throw notFound('entitlement');
  const [center] = await ctx.tx.select().from(centers).where(eq(centers.id, ent.centerId));
  const today = ctx.clock.today(center!.timeZone);
  const status = statusOn(state, today);
  if (
    status === 'refunded' ||
    status === 'transferred' ||
    (status === 'expired' && input.action !== 'extend' && input.action !== 'adjust')
  ) {
    throw refuse('action', 'entitlement_ended', 'This membership or package has ended');
  }
  const base = { effectiveOn: today, reason: 'reason' in input ? (input.reason ?? null) : null };
  switch (input.action) {
    case 'freeze': {
      if (ent.kind !== 'membership') throw refuse('action', 'freeze_membership_only', 'Only memberships are frozen');
      if (state.frozen) throw refuse('action', 'already_frozen', 'It is frozen already');
      if (state.phase !== 'active' || !state.validUntil) throw refuse('action', 'not_started', 'It has not started');
      if (input.until < input.from) throw refuse('until', 'until_before_from', 'The end is before the start');
      if (input.from < today) throw refuse('from', 'start_in_past', 'The start is before today');
      if (input.from > state.validUntil) throw refuse('from', 'after_end', 'The membership ends before that');
      const days = daysBetween(input.from, input.until) + 1;
      if (state.freezes >= ent.maxFreezes) throw refuse('action', 'freeze_limit', 'No freeze left on this plan');
      if (state.frozenDays + days > ent.maxFreezeDays)
        throw refuse('until', 'freeze_days_limit', 'Longer than the plan allows');
      return appendLedger(
        ctx,
        ent.id,
        ent.memberId,
        [{ ...base, kind: 'freeze', validFrom: input.from, validUntil: input.until, daysDelta: days }],
        state,
      );
    }
    case 'unfreeze': {
      if (!state.frozen || !state.frozenFrom || !state.frozenUntil)
        throw refuse('action', 'not_frozen', 'It is not frozen');
      const on = input.on ?? today;
      // The freeze ends the day before `on`; the days not frozen are given back.
      const lastFrozen = addDays(on, -1) < state.frozenFrom ? addDays(state.frozenFrom, -1) : addDays(on, -1);
      const unused = Math.max(0, daysBetween(lastFrozen, state.frozenUntil));
      return appendLedger(
        ctx,
        ent.id,
        ent.memberId,
        [{ ...base, kind: 'unfreeze', validUntil: lastFrozen, daysDelta: -unused }],
        state,
      );
    }
    case 'extend':
      if (!state.validUntil) throw refuse('action', 'not_started', 'It has not started');
      return appendLedger(ctx, ent.id, ent.memberId, [{ ...base, kind: 'extend', daysDelta: input.days }], state);
    case 'adjust': {
      if (input.credits === 0 && input.days === 0)
        throw refuse('credits', 'nothing_to_adjust', 'Change the credits or the days');
      if (input.credits !== 0 && state.creditsLeft === null)
        throw refuse('credits', 'no_credits', 'A membership has no credits');
      if ((state.creditsLeft ?? 0) + input.credits < 0)
        throw refuse('credits', 'credits_below_zero', 'Fewer credits than that are left');
      if (input.days !== 0 && !state.validUntil) throw refuse('days', 'not_started', 'It has not started');
      return appendLedger(
        ctx,
        ent.id,
        ent.memberId,
        [{ ...base, kind: 'adjust', creditsDelta: input.credits, daysDelta: input.days }],
        state,
      );
    }
    case 'transfer': {
      const target = await ctx.db.first(members, eq(members.id, input.toMemberId));
      if (!target || target.erasedAt || target.mergedInto)
        throw refuse('toMemberId', 'member_unknown', 'No such member');
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
      await appendLedger(
        ctx,
        ent.id,
        ent.memberId,
        [
          {
            ...base,
            kind: 'transfer_out',
            creditsDelta: -(state.creditsLeft ?? 0),
            refType: 'entitlement',
            refId: copy!.id,
          },
        ],
        state,
      );
      const moved = await appendLedger(ctx, copy!.id, target.id, [
        {
          ...base,
          kind: 'transfer_in',
          creditsDelta: state.creditsLeft ?? 0,
          validFrom: state.phase === 'active' ? (state.validFrom! < today ? today : state.validFrom) : null,
          validUntil: state.phase === 'active' ? state.validUntil : null,
          refType: 'entitlement',
          refId: ent.id,
        },
      ]);
      // The new holder of a course is booked into its sessions not started.
      if (ent.kind === 'short_course') {
        await enrol(ctx, { id: copy!.id, memberId: target.id }, ent.itemId);
        return (await lockState(ctx, copy!.id))!;
      }
      return moved;
    }
  }
}
