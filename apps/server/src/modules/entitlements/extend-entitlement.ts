import type { EntitlementAction } from '@gym/contract/sales';
import type { UseCaseContext } from '../../lib/use-case.ts';
import type { EntitlementState } from './entitlement-state.ts';
import { appendLedger } from './ledger.ts';
import { openEntitlement, refuse } from './open-entitlement.ts';

type Extend = Extract<EntitlementAction, { action: 'extend' }>;

/** Moves a started entitlement's end `days` later (managers), an expired one too. */
export async function extendEntitlement(
  ctx: UseCaseContext,
  input: Extend & { memberId: string; entitlementId: string },
): Promise<EntitlementState> {
  const { ent, state, today } = await openEntitlement(ctx, { ...input, extendsEnded: true });
  if (!state.validUntil) throw refuse('action', 'not_started', 'It has not started');
  return appendLedger(ctx, {
    entitlementId: ent.id,
    memberId: ent.memberId,
    rows: [{ kind: 'extend', daysDelta: input.days, effectiveOn: today, reason: input.reason }],
    locked: state,
  });
}
