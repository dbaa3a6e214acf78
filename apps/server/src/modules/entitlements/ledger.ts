/**
 * Appending to an entitlement's ledger: the only way an entitlement changes. The state row is
 * locked, the rows are folded onto it (`applyLedgerRow`), and rows and state are written in the
 * caller's transaction, so the stored state is always the fold of the rows.
 */
import type { BusinessDate } from '@gym/contract/time';
import { eq } from 'drizzle-orm';
import { entitlementLedger, entitlementState } from '../../db/schema/index.ts';
import type { ActorContext } from '../../lib/use-case.ts';
import { applyLedgerRow, EMPTY_STATE, type EntitlementState, type LedgerKind } from './entitlement-state.ts';

export interface NewLedgerRow {
  kind: LedgerKind;
  creditsDelta?: number;
  heldDelta?: number;
  daysDelta?: number;
  validFrom?: BusinessDate | null;
  validUntil?: BusinessDate | null;
  refType?: string | null;
  refId?: string | null;
  reason?: string | null;
  effectiveOn: BusinessDate;
}

type StateRow = typeof entitlementState.$inferSelect;

export const stateOf = (row: StateRow): EntitlementState => ({
  phase: row.phase as EntitlementState['phase'],
  validFrom: row.validFrom,
  validUntil: row.validUntil,
  creditsGranted: row.creditsGranted,
  creditsLeft: row.creditsLeft,
  creditsHeld: row.creditsHeld,
  frozen: row.frozen,
  frozenFrom: row.frozenFrom,
  frozenUntil: row.frozenUntil,
  freezes: row.freezes,
  frozenDays: row.frozenDays,
  lastSeq: row.lastSeq,
});

/** The entitlement's state, its row locked until the transaction ends (`undefined` before its first row). */
export async function lockState(
  ctx: ActorContext,
  { entitlementId }: { entitlementId: string },
): Promise<EntitlementState | undefined> {
  const [row] = await ctx.db.lock(entitlementState, eq(entitlementState.entitlementId, entitlementId));
  return row ? stateOf(row) : undefined;
}

/** What `appendLedger` appends: to the ledger of `entitlementId` (of `memberId`), on the state locked first when given. */
export interface AppendLedgerInput {
  entitlementId: string;
  memberId: string;
  rows: NewLedgerRow[];
  locked?: EntitlementState;
}

/**
 * Appends `rows` to the ledger of `entitlementId` (of `memberId`) and writes the folded state.
 * Answers the new state. The caller checks its business rule on the state it locked first.
 */
export async function appendLedger(
  ctx: ActorContext,
  { entitlementId, memberId, rows, locked }: AppendLedgerInput,
): Promise<EntitlementState> {
  const before = locked ?? (await lockState(ctx, { entitlementId })) ?? EMPTY_STATE;
  let state = before;
  const values = rows.map((r) => {
    const row = {
      seq: state.lastSeq + 1,
      kind: r.kind,
      creditsDelta: r.creditsDelta ?? 0,
      heldDelta: r.heldDelta ?? 0,
      daysDelta: r.daysDelta ?? 0,
      validFrom: r.validFrom ?? null,
      validUntil: r.validUntil ?? null,
    };
    state = applyLedgerRow(state, row);
    return {
      ...row,
      entitlementId,
      memberId,
      refType: r.refType ?? null,
      refId: r.refId ?? null,
      reason: r.reason ?? null,
      staffId: ctx.auth.userId,
      effectiveOn: r.effectiveOn,
    };
  });
  await ctx.db.insert(entitlementLedger, values);
  const stored = { ...state, memberId };
  if (before.lastSeq === 0) {
    await ctx.db.insert(entitlementState, { entitlementId, ...stored });
  } else {
    await ctx.db.update(entitlementState).set(stored).where(eq(entitlementState.entitlementId, entitlementId));
  }
  return state;
}
