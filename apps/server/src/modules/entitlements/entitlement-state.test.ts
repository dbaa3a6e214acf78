/**
 * The stored entitlement state is the fold of its ledger rows: for any sequence of changes written
 * through `appendLedger` (in commands, as the routes write them), the stored row equals the fold of
 * the rows read back. Property-based; the seed is printed and replays the run.
 */
import { abilityRulesFor, buildAbility } from '@gym/contract/acl';
import { addDays } from '@gym/contract/time';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitlementLedger, entitlementState, entitlements } from '../../db/schema/index.ts';
import type { AuthContext } from '../../lib/access.ts';
import { isCheckViolation } from '../../lib/pg-errors.ts';
import { runTransaction } from '../../lib/use-case.ts';
import { createTestContext, type TestContext, type TestOrganisation } from '../../test/harness.ts';
import { checkProperty } from '../../test/property.ts';
import { EMPTY_STATE, foldLedger, type LedgerRow, statusOn } from './entitlement-state.ts';
import { appendLedger, type NewLedgerRow, stateOf } from './ledger.ts';

let ctx: TestContext;
let org: TestOrganisation;
let auth: AuthContext;
let memberId = '';

beforeAll(async () => {
  ctx = await createTestContext();
  org = await ctx.newOrganisation();
  const user = await org.newUser({ role: 'manager' });
  auth = {
    userId: user.id,
    organisationId: org.id,
    role: 'manager',
    ability: buildAbility(abilityRulesFor('manager')),
    centerIds: null,
    familyId: '',
  };
  memberId = (await org.newMember()).id;
});
afterAll(() => ctx?.close());

const day0 = '2026-01-01';
/** A ledger row that changes nothing but what it names. */
const row = (seq: number, kind: LedgerRow['kind'], change: Partial<LedgerRow> = {}): LedgerRow => ({
  seq,
  kind,
  creditsDelta: 0,
  heldDelta: 0,
  daysDelta: 0,
  validFrom: null,
  validUntil: null,
  ...change,
});
/** A change staff or the door may make, with the day it happens on (days after day0). */
const change: fc.Arbitrary<NewLedgerRow> = fc.oneof(
  fc.nat(200).map((d) => ({ kind: 'use' as const, creditsDelta: -1, effectiveOn: addDays(day0, d) })),
  fc.nat(200).map((d) => ({ kind: 'return' as const, creditsDelta: 1, effectiveOn: addDays(day0, d) })),
  fc.record({ d: fc.nat(200), len: fc.integer({ min: 1, max: 30 }) }).map(({ d, len }) => ({
    kind: 'freeze' as const,
    validFrom: addDays(day0, d),
    validUntil: addDays(day0, d + len - 1),
    daysDelta: len,
    effectiveOn: addDays(day0, d),
  })),
  fc.record({ d: fc.nat(200), back: fc.nat(10) }).map(({ d, back }) => ({
    kind: 'unfreeze' as const,
    validUntil: addDays(day0, d),
    daysDelta: -back,
    effectiveOn: addDays(day0, d),
  })),
  fc.integer({ min: 1, max: 60 }).map((n) => ({ kind: 'extend' as const, daysDelta: n, effectiveOn: day0 })),
  fc
    .record({ c: fc.integer({ min: -3, max: 5 }), d: fc.integer({ min: -10, max: 10 }) })
    .map(({ c, d }) => ({ kind: 'adjust' as const, creditsDelta: c, daysDelta: d, effectiveOn: day0 })),
  fc.constant({ kind: 'penalty' as const, creditsDelta: -1, effectiveOn: day0 }),
  // A booked PT session holds a credit; cancelled in time it frees it; done, it spends it.
  fc.constant({ kind: 'hold' as const, heldDelta: 1, effectiveOn: day0 }),
  fc.constant({ kind: 'release' as const, heldDelta: -1, effectiveOn: day0 }),
  fc.constant({ kind: 'use' as const, creditsDelta: -1, heldDelta: -1, effectiveOn: day0 }),
);

describe('the entitlement ledger', () => {
  it('stores, after any sequence of changes, exactly the fold of its rows', async () => {
    await checkProperty(
      'stored state = fold of rows',
      fc.asyncProperty(
        fc.boolean(),
        fc.integer({ min: 5, max: 40 }),
        fc.array(fc.array(change, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 12 }),
        async (isPackage, credits, batches) => {
          const entitlementId = await runTransaction(ctx.deps, auth, async (c) => {
            const [ent] = await c.db.insert(entitlements, {
              memberId,
              kind: isPackage ? 'package' : 'membership',
              itemId: memberId,
              name: 'Property',
              allCenters: true,
              centerId: org.centers[0]!.id,
              durationValue: 90,
              durationUnit: 'day',
            });
            await appendLedger(c, {
              entitlementId: ent!.id,
              memberId,
              rows: [
                {
                  kind: 'grant',
                  creditsDelta: isPackage ? credits : 0,
                  validFrom: day0,
                  validUntil: addDays(day0, 89),
                  effectiveOn: day0,
                },
              ],
            });
            return ent!.id;
          });
          // Each batch is one command, as each request is; a batch that would take credits below
          // zero is refused by the table's check and leaves no row and no state change behind.
          for (const batch of batches) {
            try {
              await runTransaction(ctx.deps, auth, (c) =>
                appendLedger(c, {
                  entitlementId,
                  memberId,
                  rows: batch.map((r) => (isPackage ? r : { ...r, creditsDelta: 0, heldDelta: 0 })),
                }),
              );
            } catch (err) {
              if (
                !isCheckViolation(err, 'entitlement_state_credits') &&
                !isCheckViolation(err, 'entitlement_state_held')
              )
                throw err;
            }
          }
          const { db } = ctx.database;
          const rows = await db
            .select()
            .from(entitlementLedger)
            .where(eq(entitlementLedger.entitlementId, entitlementId));
          const [stored] = await db
            .select()
            .from(entitlementState)
            .where(eq(entitlementState.entitlementId, entitlementId));
          const folded = foldLedger(rows as LedgerRow[]);
          expect(stateOf(stored!)).toEqual(folded);
          // Held credits are never negative and never more than are left.
          expect(folded.creditsHeld).toBeGreaterThanOrEqual(0);
          expect(folded.creditsHeld).toBeLessThanOrEqual(folded.creditsLeft ?? 0);
          expect(rows.map((r) => r.seq).sort((a, b) => a - b)).toEqual(rows.map((_, i) => i + 1));
        },
      ),
      { numRuns: 15 },
    );
  });

  it('derives the status a desk sees from dates and credits', () => {
    const active = foldLedger([
      row(1, 'grant', { creditsDelta: 10, validFrom: '2026-01-01', validUntil: '2026-03-31' }),
      row(2, 'use', { creditsDelta: -3 }),
    ]);
    expect(active.creditsLeft).toBe(7);
    expect(statusOn(active, '2026-02-01')).toBe('active');
    expect(statusOn(active, '2025-12-31')).toBe('pending');
    expect(statusOn(active, '2026-04-01')).toBe('expired');
    const frozen = foldLedger([
      row(1, 'grant', { validFrom: '2026-01-01', validUntil: '2026-01-31' }),
      row(2, 'freeze', { daysDelta: 10, validFrom: '2026-01-10', validUntil: '2026-01-19' }),
    ]);
    expect(frozen.validUntil).toBe('2026-02-10');
    expect(statusOn(frozen, '2026-01-15')).toBe('frozen');
    expect(statusOn(frozen, '2026-01-25')).toBe('active');
    const unfrozen = foldLedger([
      row(1, 'grant', { validFrom: '2026-01-01', validUntil: '2026-01-31' }),
      row(2, 'freeze', { daysDelta: 10, validFrom: '2026-01-10', validUntil: '2026-01-19' }),
      row(3, 'unfreeze', { daysDelta: -5, validUntil: '2026-01-14' }),
    ]);
    expect(unfrozen).toMatchObject({ frozen: false, validUntil: '2026-02-05', frozenDays: 5 });
    const usedUp = foldLedger([
      row(1, 'grant', { creditsDelta: 1, validFrom: '2026-01-01', validUntil: '2026-12-31' }),
      row(2, 'use', { creditsDelta: -1 }),
    ]);
    expect(statusOn(usedUp, '2026-02-01')).toBe('used_up');
    expect(foldLedger([])).toEqual(EMPTY_STATE);
  });
});
