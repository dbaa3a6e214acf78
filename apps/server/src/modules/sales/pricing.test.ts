/**
 * The money rules for any cart (property-based; the seed is printed and replays the run):
 * lines, discounts, the coupon and tax add up to the total; deposit plus installments equal it;
 * payments spread over installments never exceed what is open; commission follows what is paid.
 */
import { allocate, type Minor, minor, sum } from '@gym/contract/money';
import { addDays } from '@gym/contract/time';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../lib/errors.ts';
import { checkProperty } from '../../test/property.ts';
import { commissionOn } from './commission.ts';
import { spread } from './pay.ts';
import { type CartLine, type CouponTerms, planInstallments, priceCart, taxBreakdown } from './pricing.ts';

const amount = (max = 5_000_000) => fc.integer({ min: 0, max }).map(minor);
const line: fc.Arbitrary<CartLine> = fc
  .record({
    unitPriceMinor: amount(),
    quantity: fc.integer({ min: 1, max: 20 }),
    taxRateBp: fc.constantFrom(0, 500, 700, 770, 1900, 2000, 2300),
    couponEligible: fc.boolean(),
    discountShare: fc.integer({ min: 0, max: 100 }),
  })
  .map(({ discountShare, ...l }) => ({
    ...l,
    // A discount up to the line's gross: the share in percent of it, rounded down.
    discountMinor: minor(Math.floor((l.unitPriceMinor * l.quantity * discountShare) / 100)),
  }));
const coupon: fc.Arbitrary<CouponTerms | null> = fc.option(
  fc.oneof(
    fc
      .integer({ min: 1, max: 10_000 })
      .map((bp) => ({ kind: 'percent' as const, percentBp: bp, amountMinor: minor(0) })),
    amount(1_000_000).map((a) => ({ kind: 'amount' as const, percentBp: 0, amountMinor: a })),
  ),
);

describe('pricing a cart', () => {
  it('adds lines, discounts, the coupon and tax up to the total, for any cart', async () => {
    await checkProperty(
      'cart totals',
      fc.property(fc.array(line, { minLength: 1, maxLength: 12 }), coupon, (lines, terms) => {
        const p = priceCart(lines, terms);
        expect(p.subtotalMinor).toBe(sum(lines.map((l) => minor(l.unitPriceMinor * l.quantity))));
        expect(p.totalMinor).toBe(p.subtotalMinor - p.discountMinor);
        expect(p.totalMinor).toBe(sum(p.lines.map((l) => l.totalMinor)));
        expect(sum(p.lines.map((l) => l.couponDiscountMinor))).toBe(p.couponDiscountMinor);
        expect(p.couponDiscountMinor).toBeLessThanOrEqual(p.eligibleMinor);
        for (const [i, l] of p.lines.entries()) {
          expect(l.totalMinor).toBeGreaterThanOrEqual(0);
          expect(l.taxMinor).toBeGreaterThanOrEqual(0);
          expect(l.taxMinor).toBeLessThanOrEqual(l.totalMinor);
          if (!lines[i]!.couponEligible) expect(l.couponDiscountMinor).toBe(0);
        }
        const taxes = taxBreakdown(p.lines);
        expect(sum(taxes.map((t) => minor(t.grossMinor)))).toBe(p.totalMinor);
        expect(sum(taxes.map((t) => minor(t.taxMinor)))).toBe(p.taxMinor);
        for (const t of taxes) expect(t.netMinor + t.taxMinor).toBe(t.grossMinor);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses a line discount larger than the line, naming it', () => {
    const err = (() => {
      try {
        priceCart(
          [
            { unitPriceMinor: minor(100), quantity: 1, discountMinor: minor(0), taxRateBp: 0, couponEligible: false },
            { unitPriceMinor: minor(100), quantity: 2, discountMinor: minor(201), taxRateBp: 0, couponEligible: false },
          ],
          null,
        );
      } catch (e) {
        return e as AppError;
      }
    })();
    expect(err?.fields?.[0]).toMatchObject({ path: 'lines.1.discountMinor', code: 'discount_too_large' });
  });

  it('splits 100.00 into three installments as 33.33, 33.33, 33.34 after no deposit', () => {
    const plan = planInstallments(minor(10_000), '2026-11-23', undefined, [
      { dueOn: '2026-12-23' },
      { dueOn: '2027-01-23' },
      { dueOn: '2027-02-23' },
    ]);
    expect(plan.map((p) => p.amountMinor)).toEqual([3_333, 3_333, 3_334]);
  });
});

describe('installments', () => {
  const today = '2026-11-23';
  it('deposit plus installments equal the total, for any total, deposit and count', async () => {
    await checkProperty(
      'installments add up',
      fc.property(
        fc.integer({ min: 2, max: 10_000_000 }),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 1, max: 24 }),
        (total, depositPercent, count) => {
          const deposit = Math.floor((total * depositPercent) / 100);
          const rest = total - deposit;
          fc.pre(rest >= count);
          const parts = Array.from({ length: count }, (_, i) => ({ dueOn: addDays(today, 30 * (i + 1)) }));
          const plan = planInstallments(minor(total), today, deposit > 0 ? minor(deposit) : undefined, parts);
          expect(sum(plan.map((p) => p.amountMinor))).toBe(total);
          expect(plan.every((p) => p.amountMinor > 0)).toBe(true);
          const equal = plan.filter((p) => p.seq > 0).map((p) => p.amountMinor);
          // Equal parts, the remainder on the last.
          expect(new Set(equal.slice(0, -1)).size).toBeLessThanOrEqual(1);
          expect(equal.at(-1)! - equal[0]!).toBeLessThan(count);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('refuses amounts given by hand that do not add up', () => {
    expect(() =>
      planInstallments(minor(10_000), today, minor(2_000), [
        { dueOn: '2026-12-01', amountMinor: minor(4_000) },
        { dueOn: '2027-01-01', amountMinor: minor(3_000) },
      ]),
    ).toThrow(/do not add up/);
  });

  it('a payment spread over installments never exceeds what each still lacks, nor the payment', async () => {
    await checkProperty(
      'payment spread',
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 1_500_000 }),
        fc.array(fc.nat(11), { maxLength: 4 }),
        (opens, pay, firstIdx) => {
          const due = opens.map((o, i) => ({ id: `i${i}`, open: minor(o) }));
          const total = sum(due.map((d) => d.open));
          fc.pre(pay <= total);
          const out = spread(
            minor(pay),
            due,
            firstIdx.map((i) => `i${i}`),
          );
          expect(sum(out.map((a) => a.amountMinor))).toBe(pay);
          for (const a of out) {
            expect(a.amountMinor).toBeGreaterThan(0);
            expect(a.amountMinor).toBeLessThanOrEqual(due.find((d) => d.id === a.installmentId)!.open);
          }
        },
      ),
    );
  });
});

describe('commission', () => {
  const rule = (kind: 'percent' | 'fixed', percentBp: number, amountMinor: number) =>
    ({ kind, percentBp, amountMinor }) as Parameters<typeof commissionOn>[0];

  it('follows what is paid: paying a line in parts earns what paying it at once earns, within a unit per part', async () => {
    await checkProperty(
      'commission follows payments',
      fc.property(
        fc.integer({ min: 1, max: 2_000_000 }),
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 6 }),
        fc.oneof(
          fc.integer({ min: 0, max: 10_000 }).map((bp) => rule('percent', bp, 0)),
          fc.integer({ min: 0, max: 100_000 }).map((a) => rule('fixed', 0, a)),
        ),
        (lineTotal, quantity, weights, r) => {
          const parts = allocate(minor(lineTotal), weights);
          const once = commissionOn(r, minor(lineTotal), lineTotal, quantity);
          const inParts = sum(parts.map((p: Minor) => commissionOn(r, p, lineTotal, quantity)));
          expect(Math.abs(inParts - once)).toBeLessThanOrEqual(parts.length);
          expect(commissionOn(r, minor(0), lineTotal, quantity)).toBe(0);
          if (r.kind === 'fixed') expect(once).toBe(r.amountMinor * quantity);
        },
      ),
    );
  });
});
