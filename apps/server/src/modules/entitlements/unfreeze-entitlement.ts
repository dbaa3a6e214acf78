import type { EntitlementAction } from '@gym/contract/sales';
import { addDays, daysBetween } from '@gym/contract/time';
import type { UseCaseContext } from '../../lib/use-case.ts';
import type { EntitlementState } from './entitlement-state.ts';
import { appendLedger } from './ledger.ts';
import { openEntitlement, refuse } from './open-entitlement.ts';

type Unfreeze = Extract<EntitlementAction, { action: 'unfreeze' }>;

/** Ends a freeze on `on` (today by default): the freeze ends the day before, the days not frozen are given back. */
export async function unfreezeEntitlement(
  ctx: UseCaseContext,
  input: Unfreeze & { memberId: string; entitlementId: string },
): Promise<EntitlementState> {
  const { ent, state, today } = await openEntitlement(ctx, input);
  if (!state.frozen || !state.frozenFrom || !state.frozenUntil)
    throw refuse('action', 'not_frozen', 'It is not frozen');
  const on = input.on ?? today;
  const lastFrozen = addDays(on, -1) < state.frozenFrom ? addDays(state.frozenFrom, -1) : addDays(on, -1);
  const unused = Math.max(0, daysBetween(lastFrozen, state.frozenUntil));
  return appendLedger(ctx, {
    entitlementId: ent.id,
    memberId: ent.memberId,
    rows: [
      {
        kind: 'unfreeze',
        validUntil: lastFrozen,
        daysDelta: -unused,
        effectiveOn: today,
        reason: input.reason ?? null,
      },
    ],
    locked: state,
  });
}
