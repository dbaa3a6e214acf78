import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkProperty } from '../../test/property.ts';
import { type CouponRuleFacts, couponRefusal } from './coupon-rules.ts';

const coupon = (over: Partial<CouponRuleFacts> = {}): CouponRuleFacts => ({
  active: true,
  validFrom: '2026-01-01',
  validUntil: '2026-01-31',
  usageLimit: 10,
  perMemberLimit: 1,
  minSpendMinor: 5000,
  ...over,
});
const now = { today: '2026-01-15', usesTotal: 0, usesByMember: 0, eligibleSubtotal: 5000 };

describe('couponRefusal', () => {
  it('answers null for a usable coupon, and each reason at its boundary', () => {
    expect(couponRefusal(coupon(), now)).toBeNull();
    expect(couponRefusal(null, now)).toBe('unknown');
    expect(couponRefusal(coupon({ active: false }), now)).toBe('inactive');
    // Both ends of the window are valid days.
    expect(couponRefusal(coupon(), { ...now, today: '2026-01-01' })).toBeNull();
    expect(couponRefusal(coupon(), { ...now, today: '2026-01-31' })).toBeNull();
    expect(couponRefusal(coupon(), { ...now, today: '2025-12-31' })).toBe('not_yet_valid');
    expect(couponRefusal(coupon(), { ...now, today: '2026-02-01' })).toBe('expired');
    expect(couponRefusal(coupon(), { ...now, usesTotal: 9 })).toBeNull();
    expect(couponRefusal(coupon(), { ...now, usesTotal: 10 })).toBe('used_up');
    expect(couponRefusal(coupon(), { ...now, usesByMember: 1 })).toBe('member_limit');
    expect(couponRefusal(coupon(), { ...now, eligibleSubtotal: 4999 })).toBe('min_spend');
    // Not known yet: the minimum spend is not judged.
    expect(couponRefusal(coupon(), { ...now, eligibleSubtotal: null })).toBeNull();
    // No limits, no window: always usable while active.
    const open = coupon({
      validFrom: null,
      validUntil: null,
      usageLimit: null,
      perMemberLimit: null,
      minSpendMinor: 0,
    });
    expect(
      couponRefusal(open, { today: '1999-01-01', usesTotal: 1e6, usesByMember: 1e6, eligibleSubtotal: 0 }),
    ).toBeNull();
  });

  it('reports the first reason in the documented order', () => {
    expect(couponRefusal(coupon({ active: false }), { ...now, today: '2027-01-01', usesTotal: 99 })).toBe('inactive');
    expect(couponRefusal(coupon(), { ...now, today: '2027-01-01', usesTotal: 99 })).toBe('expired');
    expect(couponRefusal(coupon(), { ...now, usesTotal: 99, usesByMember: 5 })).toBe('used_up');
  });

  it('property: null exactly when every condition holds, and fewer uses or a larger cart never make a usable coupon unusable', async () => {
    const day = fc
      .integer({ min: 0, max: 60 })
      .map((d) => `2026-${String(1 + Math.floor(d / 28)).padStart(2, '0')}-${String(1 + (d % 28)).padStart(2, '0')}`);
    const limit = fc.option(fc.integer({ min: 1, max: 5 }), { nil: null });
    const facts = fc.record({
      active: fc.boolean(),
      validFrom: fc.option(day, { nil: null }),
      validUntil: fc.option(day, { nil: null }),
      usageLimit: limit,
      perMemberLimit: limit,
      minSpendMinor: fc.integer({ min: 0, max: 1000 }),
    });
    const situation = fc.record({
      today: day,
      usesTotal: fc.integer({ min: 0, max: 6 }),
      usesByMember: fc.integer({ min: 0, max: 6 }),
      eligibleSubtotal: fc.option(fc.integer({ min: 0, max: 1000 }), { nil: null }),
    });
    await checkProperty(
      'coupon rule',
      fc.property(facts, situation, (c, s) => {
        const usable =
          c.active &&
          (c.validFrom === null || c.validFrom <= s.today) &&
          (c.validUntil === null || s.today <= c.validUntil) &&
          (c.usageLimit === null || s.usesTotal < c.usageLimit) &&
          (c.perMemberLimit === null || s.usesByMember < c.perMemberLimit) &&
          (s.eligibleSubtotal === null || s.eligibleSubtotal >= c.minSpendMinor);
        const reason = couponRefusal(c, s);
        if ((reason === null) !== usable) return false;
        if (reason === null) {
          const fewer = {
            ...s,
            usesTotal: Math.max(0, s.usesTotal - 1),
            usesByMember: Math.max(0, s.usesByMember - 1),
          };
          const larger = { ...s, eligibleSubtotal: s.eligibleSubtotal === null ? null : s.eligibleSubtotal + 1 };
          return couponRefusal(c, fewer) === null && couponRefusal(c, larger) === null;
        }
        return true;
      }),
      { numRuns: 2000 },
    );
  });
});
