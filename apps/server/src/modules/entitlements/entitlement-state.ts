/**
 * The one truth of a membership or a credit package: the fold of its ledger rows. Every reader (the
 * door, bookings, the member file, reports) reads the state this fold gives; the stored
 * `entitlement_state` row is this fold applied row by row as rows are appended, and
 * `entitlement-state.test.ts` proves the two always agree.
 */
import type { BusinessDate } from '@gym/contract/time';
import { addDays, addMonths } from '@gym/contract/time';

export const LEDGER_KINDS = [
  'grant',
  'activate',
  'use',
  'return',
  'freeze',
  'unfreeze',
  'extend',
  'transfer_out',
  'transfer_in',
  'expire',
  'penalty',
  'adjust',
  'refund',
  'hold',
  'release',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * One ledger row, as the fold reads it.
 * - `grant`, `transfer_in`: the start. `creditsDelta` the credits (packages; 0 for memberships),
 *   `validFrom`/`validUntil` when it starts at once (else it waits for an `activate`).
 * - `activate`: it starts, valid `validFrom`..`validUntil`.
 * - `use` (−1 credit, or 0 for a membership entry), `return` (+), `penalty` (− credits or − days),
 *   `adjust` (± credits and/or ± days), `extend` (+ days).
 * - `freeze`: frozen from `validFrom` to `validUntil`; the end moves by `daysDelta` (the freeze's length).
 * - `unfreeze`: the freeze ends early on `validUntil`; `daysDelta` (≤ 0) gives back the days not frozen.
 * - `transfer_out`, `expire`, `refund`: it ends; `creditsDelta` takes what was left, `heldDelta` what was held.
 * - `hold` (`heldDelta` +1): a booked PT session holds a credit; `release` (−1) frees it (cancelled in
 *   time, or billed a fee instead); a `use` with `heldDelta` −1 spends the credit it held.
 */
export interface LedgerRow {
  seq: number;
  kind: LedgerKind;
  creditsDelta: number;
  /** Credits held for booked PT sessions: + on a hold, − when released or used. */
  heldDelta: number;
  daysDelta: number;
  validFrom: BusinessDate | null;
  validUntil: BusinessDate | null;
}

export type Phase = 'pending' | 'active' | 'transferred' | 'refunded' | 'expired';
/** The phases an entitlement never leaves: whatever its dates and credits, it lets nobody in again. */
export const ENDED_PHASES = ['transferred', 'refunded', 'expired'] as const satisfies readonly Phase[];
const isEnded = (phase: Phase): phase is (typeof ENDED_PHASES)[number] =>
  (ENDED_PHASES as readonly Phase[]).includes(phase);

export interface EntitlementState {
  phase: Phase;
  validFrom: BusinessDate | null;
  validUntil: BusinessDate | null;
  /** null for memberships (no credits). */
  creditsGranted: number | null;
  creditsLeft: number | null;
  /** Of `creditsLeft`, how many booked PT sessions hold: what nothing else may use (`creditsAvailable`). */
  creditsHeld: number;
  frozen: boolean;
  frozenFrom: BusinessDate | null;
  frozenUntil: BusinessDate | null;
  freezes: number;
  frozenDays: number;
  lastSeq: number;
}

export const EMPTY_STATE: EntitlementState = {
  phase: 'pending',
  validFrom: null,
  validUntil: null,
  creditsGranted: null,
  creditsLeft: null,
  creditsHeld: 0,
  frozen: false,
  frozenFrom: null,
  frozenUntil: null,
  freezes: 0,
  frozenDays: 0,
  lastSeq: 0,
};

const moveEnd = (until: BusinessDate | null, days: number) => (until && days !== 0 ? addDays(until, days) : until);
const credits = (left: number | null, delta: number) => (left === null ? (delta === 0 ? null : delta) : left + delta);

/** The state after `row`. Rows must come in `seq` order (1, 2, 3...). */
export function applyLedgerRow(s: EntitlementState, row: LedgerRow): EntitlementState {
  if (row.seq !== s.lastSeq + 1) throw new Error(`ledger row ${row.seq} after ${s.lastSeq}`);
  const next: EntitlementState = { ...s, lastSeq: row.seq, creditsHeld: s.creditsHeld + row.heldDelta };
  switch (row.kind) {
    case 'grant':
    case 'transfer_in':
      next.creditsGranted =
        row.creditsDelta === 0 && s.creditsGranted === null ? null : (s.creditsGranted ?? 0) + row.creditsDelta;
      next.creditsLeft = credits(s.creditsLeft, row.creditsDelta);
      if (row.validFrom) {
        next.phase = 'active';
        next.validFrom = row.validFrom;
        next.validUntil = row.validUntil;
      }
      return next;
    case 'activate':
      next.phase = 'active';
      next.validFrom = row.validFrom;
      next.validUntil = row.validUntil;
      return next;
    case 'hold':
    case 'release':
      return next;
    case 'use':
    case 'return':
    case 'penalty':
    case 'adjust':
    case 'extend':
      next.creditsLeft = credits(s.creditsLeft, row.creditsDelta);
      next.validUntil = moveEnd(s.validUntil, row.daysDelta);
      return next;
    case 'freeze':
      next.frozen = true;
      next.frozenFrom = row.validFrom;
      next.frozenUntil = row.validUntil;
      next.freezes = s.freezes + 1;
      next.frozenDays = s.frozenDays + row.daysDelta;
      next.validUntil = moveEnd(s.validUntil, row.daysDelta);
      return next;
    case 'unfreeze':
      next.frozen = false;
      next.frozenUntil = row.validUntil ?? s.frozenUntil;
      next.frozenDays = s.frozenDays + row.daysDelta;
      next.validUntil = moveEnd(s.validUntil, row.daysDelta);
      return next;
    case 'transfer_out':
    case 'expire':
    case 'refund':
      next.phase = row.kind === 'transfer_out' ? 'transferred' : row.kind === 'expire' ? 'expired' : 'refunded';
      next.creditsLeft = credits(s.creditsLeft, row.creditsDelta);
      next.frozen = false;
      return next;
  }
}

/** The credits a class, the door or a new PT session may still take: those left less those held for booked sessions. */
export const creditsAvailable = (s: Pick<EntitlementState, 'creditsLeft' | 'creditsHeld'>): number =>
  Math.max(0, (s.creditsLeft ?? 0) - s.creditsHeld);

/** What a row that ends an entitlement (refund, void, transfer away) takes: every credit left and every hold. */
export const whatIsLeft = (s: Pick<EntitlementState, 'creditsLeft' | 'creditsHeld'>) => ({
  creditsDelta: -(s.creditsLeft ?? 0),
  heldDelta: -s.creditsHeld,
});

/** The fold of all rows, in `seq` order. */
export const foldLedger = (rows: readonly LedgerRow[]): EntitlementState =>
  [...rows].sort((a, b) => a.seq - b.seq).reduce(applyLedgerRow, EMPTY_STATE);

export type EntitlementStatus = 'pending' | 'active' | 'frozen' | 'expired' | 'used_up' | 'transferred' | 'refunded';

/** What staff and the door see on `today` (the centre's business date): dates and credits decide it. */
export function statusOn(s: EntitlementState, today: BusinessDate): EntitlementStatus {
  if (isEnded(s.phase)) return s.phase;
  if (s.phase === 'pending') return 'pending';
  if (s.validUntil && s.validUntil < today) return 'expired';
  if (s.creditsLeft !== null && s.creditsLeft <= 0) return 'used_up';
  if (s.frozen && s.frozenFrom && s.frozenFrom <= today && (!s.frozenUntil || today <= s.frozenUntil)) return 'frozen';
  if (s.validFrom && today < s.validFrom) return 'pending';
  return 'active';
}

/** The last day of an entitlement that starts on `from` and lasts `value` `unit`s. */
export function endOf(from: BusinessDate, value: number, unit: 'day' | 'month' | 'year'): BusinessDate {
  if (unit === 'day') return addDays(from, value - 1);
  return addDays(addMonths(from, unit === 'year' ? value * 12 : value), -1);
}
