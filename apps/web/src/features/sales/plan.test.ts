import { minor } from '@gym/contract/money';
import { describe, expect, it } from 'vitest';
import { changeOf, equalInstallments, looksLikeScan, planProblem, planRequest, rateText } from './plan';

const m = minor;

describe('installment preview', () => {
  it('splits what the deposit leaves equally, the remainder on the last, a month apart', () => {
    expect(equalInstallments(m(120_000), m(20_000), 2, '2026-11-23', 1)).toEqual([
      { dueOn: '2026-12-23', amountMinor: 50_000 },
      { dueOn: '2027-01-23', amountMinor: 50_000 },
    ]);
    const rows = equalInstallments(m(100_00), m(0), 3, '2026-01-31', 1);
    expect(rows.map((r) => r.amountMinor)).toEqual([3333, 3333, 3334]);
    // Month ends are clamped, not rolled into the next month.
    expect(rows.map((r) => r.dueOn)).toEqual(['2026-02-28', '2026-03-31', '2026-04-30']);
  });

  it('spaces installments by the interval and refuses nonsense counts', () => {
    expect(equalInstallments(m(900), m(0), 3, '2026-01-15', 3).map((r) => r.dueOn)).toEqual([
      '2026-04-15',
      '2026-07-15',
      '2026-10-15',
    ]);
    expect(equalInstallments(m(900), m(0), 0, '2026-01-15', 1)).toEqual([]);
    expect(equalInstallments(m(900), m(900), 2, '2026-01-15', 1)).toEqual([]);
  });

  it('accepts a plan that adds up and names what the server would refuse', () => {
    const today = '2026-11-23';
    const rows = equalInstallments(m(1000), m(100), 3, today, 1);
    expect(planProblem(m(1000), m(100), rows, today)).toBeNull();
    expect(planProblem(m(1000), m(1000), rows, today)).toEqual({ code: 'deposit_too_large' });
    const short = rows.map((r, i) => (i === 2 ? { ...r, amountMinor: m(r.amountMinor - 1) } : r));
    expect(planProblem(m(1000), m(100), short, today)).toEqual({ code: 'installments_sum', differenceMinor: 1 });
    expect(planProblem(m(1000), m(100), [{ dueOn: '2026-11-01', amountMinor: 900 }], today)).toEqual({
      code: 'due_in_past',
      index: 0,
    });
    expect(
      planProblem(
        m(1000),
        m(0),
        [
          { dueOn: '2027-01-01', amountMinor: 500 },
          { dueOn: '2026-12-01', amountMinor: 500 },
        ],
        today,
      ),
    ).toEqual({ code: 'due_out_of_order', index: 1 });
    expect(planProblem(m(1000), m(0), [{ dueOn: '2027-01-01', amountMinor: null }], today)).toEqual({
      code: 'installment_amount',
      index: 0,
    });
  });
});

describe('cash change', () => {
  it('is what was tendered beyond the amount, none when short', () => {
    expect(changeOf(50_000, 20_000)).toBe(30_000);
    expect(changeOf(20_000, 20_000)).toBe(0);
    expect(changeOf(10_000, 20_000)).toBeNull();
    expect(changeOf(null, 20_000)).toBeNull();
  });
});

describe('sale request', () => {
  it('sends installments without amounts unless edited by hand, and cash with what was tendered', () => {
    const body = planRequest(
      {
        planMode: 'installments',
        depositMinor: 20_000,
        count: 2,
        intervalMonths: 1,
        payNow: true,
        method: 'cash',
        amountMinor: 20_000,
        tenderedMinor: 50_000,
      },
      '2026-11-23',
    );
    expect(body).toEqual({
      depositMinor: 20_000,
      installments: [{ dueOn: '2026-12-23' }, { dueOn: '2027-01-23' }],
      payment: { method: 'cash', amountMinor: 20_000, tenderedMinor: 50_000 },
    });
    const byHand = planRequest(
      {
        planMode: 'installments',
        customised: true,
        rows: [{ dueOn: '2027-02-01', amountMinor: 700 }],
        payNow: true,
        method: 'card',
        amountMinor: 300,
        tenderedMinor: 500,
      },
      '2026-11-23',
    );
    expect(byHand).toEqual({
      installments: [{ dueOn: '2027-02-01', amountMinor: 700 }],
      payment: { method: 'card', amountMinor: 300 },
    });
    expect(planRequest({ planMode: 'full', payNow: false }, '2026-11-23')).toEqual({ installments: [] });
  });
});

describe('barcode scan', () => {
  it('is a fast burst of digits, not a person typing', () => {
    expect(looksLikeScan('4006381333931', 120)).toBe(true);
    expect(looksLikeScan('4006381333931', 3000)).toBe(false);
    expect(looksLikeScan('towel', 10)).toBe(false);
    expect(looksLikeScan('123', 10)).toBe(false);
  });
});

describe('cart', async () => {
  const { addToCart, cartTotal, lineTotal } = await import('./cart');
  it('adds a product twice as quantity 2, an entitlement always as its own line, and totals after discounts', () => {
    let lines = addToCart([], { itemType: 'product', itemId: 'p', name: 'Towel', priceMinor: 990 }, 'a');
    lines = addToCart(lines, { itemType: 'product', itemId: 'p', name: 'Towel', priceMinor: 990 }, 'b');
    lines = addToCart(lines, { itemType: 'package', itemId: 'k', name: '10 classes', priceMinor: 80_000 }, 'c');
    lines = addToCart(lines, { itemType: 'package', itemId: 'k', name: '10 classes', priceMinor: 80_000 }, 'd');
    expect(lines.map((l) => [l.itemId, l.quantity])).toEqual([
      ['p', 2],
      ['k', 1],
      ['k', 1],
    ]);
    lines = lines.map((l, i) => (i === 0 ? { ...l, discountMinor: m(80) } : l));
    expect(lineTotal(lines[0]!)).toBe(1900);
    expect(cartTotal(lines)).toBe(1900 + 160_000);
  });
});

describe('tax rate text', () => {
  it('writes basis points as a percentage without a float', () => {
    expect(rateText(0)).toBe('0');
    expect(rateText(1900)).toBe('19');
    expect(rateText(770)).toBe('7.7');
    expect(rateText(825)).toBe('8.25');
    expect(rateText(5)).toBe('0.05');
  });
});
