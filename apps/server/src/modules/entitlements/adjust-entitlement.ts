import type { EntitlementAction } from '@gym/contract/sales';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { creditsAvailable, type EntitlementState } from './entitlement-state.ts';
import { appendLedger } from './ledger.ts';
import { openEntitlement, refuse } from './open-entitlement.ts';

type Adjust = Extract<EntitlementAction, { action: 'adjust' }>;

/** Adds or takes credits and days (managers): never below zero credits, days only once started. */
export async function adjustEntitlement(
  ctx: UseCaseContext,
  input: Adjust & { memberId: string; entitlementId: string },
): Promise<EntitlementState> {
  const { ent, state, today } = await openEntitlement(ctx, { ...input, extendsEnded: true });
  if (input.credits === 0 && input.days === 0)
    throw refuse('credits', 'nothing_to_adjust', 'Change the credits or the days');
  if (input.credits !== 0 && state.creditsLeft === null)
    throw refuse('credits', 'no_credits', 'A membership has no credits');
  if (creditsAvailable(state) + input.credits < 0) {
    throw refuse('credits', 'credits_below_zero', 'Fewer credits than that are left');
  }
  if (input.days !== 0 && !state.validUntil) throw refuse('days', 'not_started', 'It has not started');
  return appendLedger(ctx, {
    entitlementId: ent.id,
    memberId: ent.memberId,
    rows: [
      { kind: 'adjust', creditsDelta: input.credits, daysDelta: input.days, effectiveOn: today, reason: input.reason },
    ],
    locked: state,
  });
}
