import { minor } from '@gym/contract/money';
import type { Coupon } from '@gym/contract/retail';
import { describe, expect, it } from 'vitest';
import { discountRights } from './discount';
import { changeOf, defaultPayment, equalInstallments } from './plan';
import { type CouponState, type PricingInputLine, salePrice } from './salePrice';

const m = minor;
const PLAN = '11111111-1111-4111-8111-111111111111';
const TOWEL = '22222222-2222-4222-8222-222222222222';

const coupon = (over: Partial<Coupon> = {}): Coupon => ({
  id: 'c',
  code: 'WELCOME10',
  description: null,
  kind: 'percent',
  percentBp: 1000,
  amount: 0,
  validFrom: null,
  validUntil: null,
  usageLimit: null,
  perMemberLimit: null,
  minSpend: 0,
  appliesToTypes: [],
  appliesToItems: [],
  active: true,
  uses: 0,
  createdAt: '2026-01-01T00:00:00Z',
  ...over,
});
const usable = (c: Coupon = coupon()): CouponState => ({ status: 'usable', code: c.code, coupon: c });
const membership = (price: number, discount = 0): PricingInputLine => ({
  itemType: 'membership',
  itemId: PLAN,
  unitPriceMinor: m(price),
  quantity: 1,
  discountMinor: m(discount),
});
const towels: PricingInputLine = {
  itemType: 'product',
  itemId: TOWEL,
  unitPriceMinor: m(9_900),
  quantity: 2,
  discountMinor: m(0),
  taxRateBp: 700,
};

describe('the sale screens price a coupon as the server does, before the sale is saved', () => {
  it('takes 10 % off HK$680: total 612, installments, pay now and the change all from 612', () => {
    const price = salePrice([membership(68_000)], usable());
    expect(price).toMatchObject({ totalMinor: 61_200, couponDiscountMinor: 6_800, couponProblem: null });
    // A deposit of 200 and two installments: 206 each (not 240).
    const rows = equalInstallments(price.totalMinor, m(20_000), 2, '2026-11-23', 1);
    expect(rows.map((r) => r.amountMinor)).toEqual([20_600, 20_600]);
    // Paid in full now: 612 (the server's balance), and the change from HK$920 is 308.
    const payNow = defaultPayment({ planMode: 'full' }, price.totalMinor);
    expect(payNow).toBe(61_200);
    expect(changeOf(92_000, payNow)).toBe(30_800);
  });

  it('spreads the coupon over the lines it applies to, after their own discounts', () => {
    const onlyMemberships = usable(coupon({ appliesToTypes: ['membership'] }));
    expect(salePrice([membership(68_000, 8_000), towels], onlyMemberships)).toMatchObject({
      subtotalMinor: 87_800,
      couponDiscountMinor: 6_000,
      totalMinor: 60_000 - 6_000 + 19_800,
    });
    const amountOff = usable(coupon({ kind: 'amount', percentBp: 0, amount: 50_000 }));
    expect(salePrice([towels], amountOff).totalMinor).toBe(0);
  });

  it('leaves out a coupon that is being checked, refused, or not for this cart, and says why', () => {
    expect(salePrice([membership(68_000)], { status: 'checking', code: 'WELC' })).toMatchObject({
      totalMinor: 68_000,
      couponProblem: null,
    });
    expect(salePrice([membership(68_000)], { status: 'refused', code: 'OLD', reason: 'expired' })).toMatchObject({
      totalMinor: 68_000,
      couponProblem: 'expired',
    });
    const forOtherPlan = usable(coupon({ appliesToItems: [{ type: 'membership', id: TOWEL, name: null }] }));
    expect(salePrice([membership(68_000)], forOtherPlan)).toMatchObject({
      totalMinor: 68_000,
      couponDiscountMinor: 0,
      couponProblem: 'not_applicable',
    });
    // The minimum spend is judged on the cart after its manual discounts, as the sale judges it.
    const minSpend = usable(coupon({ minSpend: 60_000 }));
    expect(salePrice([membership(68_000, 8_000)], minSpend).couponProblem).toBeNull();
    expect(salePrice([membership(68_000, 8_001)], minSpend)).toMatchObject({
      totalMinor: 59_999,
      couponProblem: 'min_spend',
    });
  });

  it('names a line whose discount is more than the line, and still shows a total', () => {
    const price = salePrice([membership(1_000, 2_000), towels], usable());
    expect(price.lineProblem).toMatchObject({ path: 'lines.0.discountMinor', code: 'discount_too_large' });
    expect(price.totalMinor).toBe(19_800);
  });
});

describe('manual discounts', () => {
  it('without the price-override permission: none at a cap of 0, at most the cap otherwise (rounded down)', () => {
    expect(discountRights(false, 0).canDiscount).toBe(false);
    const desk = discountRights(false, 1_050);
    expect(desk).toMatchObject({ canDiscount: true, beyondCap: false, capText: '10.5' });
    expect(desk.largest(9_999)).toBe(1_049);
    const manager = discountRights(true, 0);
    expect(manager).toMatchObject({ canDiscount: true, beyondCap: true });
    expect(manager.largest(9_999)).toBe(9_999);
  });
});
