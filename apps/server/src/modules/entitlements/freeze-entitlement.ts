import type { EntitlementAction } from '@gym/contract/sales';
import { daysBetween } from '@gym/contract/time';
import type { UseCaseContext } from '../../lib/use-case.ts';
import type { EntitlementState } from './entitlement-state.ts';
import { appendLedger } from './ledger.ts';
import { openEntitlement, refuse } from './open-entitlement.ts';

type Freeze = Extract<EntitlementAction, { action: 'freeze' }>;

/** Freezes a started membership from `from` to `until` (the front desk): within the plan's freezes and days. */
export async function freezeEntitlement(
  ctx: UseCaseContext,
  input: Freeze & { memberId: string; entitlementId: string },
): Promise<EntitlementState> {
  const { ent, state, today } = await openEntitlement(ctx, input);
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
  return appendLedger(ctx, {
    entitlementId: ent.id,
    memberId: ent.memberId,
    rows: [
      {
        kind: 'freeze',
        validFrom: input.from,
        validUntil: input.until,
        daysDelta: days,
        effectiveOn: today,
        reason: input.reason ?? null,
      },
    ],
    locked: state,
  });
}
