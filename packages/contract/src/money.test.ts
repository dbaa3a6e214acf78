import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  add,
  allocate,
  amountSchema,
  BASIS,
  basisPointsSchema,
  basisPointsText,
  formatMoney,
  includedTax,
  MONEY_MAX,
  type MoneyFormat,
  max,
  min,
  minor,
  neg,
  parseBasisPoints,
  parseMoney,
  percent,
  positiveAmountSchema,
  share,
  splitEqually,
  sub,
  sum,
  times,
  ZERO,
} from './money.ts';
import { checkProperty } from './testing/property.ts';

const m = minor;
const BRL: MoneyFormat = { symbol: 'R$ ', exponent: 2, decimal: '.', thousands: ',' };
const JPY: MoneyFormat = { symbol: '¥', exponent: 0, decimal: '.', thousands: ',' };
const BHD: MoneyFormat = { symbol: 'BD ', exponent: 3, decimal: '.', thousands: ',' };
const EUR_DE: MoneyFormat = { symbol: '€ ', exponent: 2, decimal: ',', thousands: '.' };

/** Any amount the money range allows, negative ones (refunds, reversals) included. */
const amount = fc.integer({ min: -MONEY_MAX, max: MONEY_MAX }).map(m);
const rateBp = fc.integer({ min: 0, max: BASIS });

/**
 * Any way an organisation may write money: the three exponents, both decimal marks, the usual group
 * marks, any symbol without a digit or a minus sign (`4` as a symbol makes `41` mean 41 or 4 + 1).
 */
const moneyFormat: fc.Arbitrary<MoneyFormat> = fc
  .record({
    symbol: fc.oneof(
      fc.constantFrom('R$ ', 'HK$', '€', '€ ', '¥', 'BD ', 'CHF ', 'US$', 'kr ', 'Rs.', 'zł ', '', ' '),
      fc.string({ maxLength: 8 }).filter((symbol) => !/[0-9-]/.test(symbol)),
    ),
    exponent: fc.constantFrom(0 as const, 2 as const, 3 as const),
    marks: fc.constantFrom(
      ...(['.', ','] as const).flatMap((decimal) =>
        [',', '.', ' ', '\u00a0', '\u202f', "'", '']
          .filter((thousands) => thousands !== decimal)
          .map((thousands) => ({ decimal, thousands })),
      ),
    ),
  })
  .map(({ symbol, exponent, marks }) => ({ symbol, exponent, ...marks }));

describe('minor', () => {
  it('brands integers and refuses fractions, NaN, infinities and unsafe integers', () => {
    expect(m(0)).toBe(0);
    expect(m(-125)).toBe(-125);
    expect(m(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
    for (const bad of [0.5, -1.25, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1]) {
      expect(() => m(bad), String(bad)).toThrow(RangeError);
    }
  });

  it('never yields a negative zero (it would print, compare and serialise unlike 0)', () => {
    expect(Object.is(m(-0), 0)).toBe(true);
    expect(Object.is(neg(ZERO), 0)).toBe(true);
    expect(Object.is(times(m(-5), 0), 0)).toBe(true);
    expect(splitEqually(m(-1), 3).map((p) => Object.is(p, -0))).toEqual([false, false, false]);
  });
});

describe('add, sub, neg, sum, min, max, times', () => {
  it('adds and subtracts, negative amounts included', () => {
    expect(add()).toBe(0);
    expect(add(m(150), m(-200), m(25))).toBe(-25);
    expect(sub(m(100), m(250))).toBe(-150);
    expect(neg(m(-7))).toBe(7);
    expect(sum([m(1), m(2), m(3)])).toBe(6);
    expect(min(m(-1), m(1))).toBe(-1);
    expect(max(m(-1), m(1))).toBe(1);
  });

  it('refuses a result past the safe integers rather than rounding it', () => {
    expect(() => add(m(Number.MAX_SAFE_INTEGER), m(1))).toThrow(RangeError);
    expect(() => times(m(Number.MAX_SAFE_INTEGER), 2)).toThrow(RangeError);
  });

  it('multiplies by an integer quantity only', () => {
    expect(times(m(1999), 3)).toBe(5997);
    expect(times(m(-1999), 3)).toBe(-5997);
    expect(times(m(1999), -1)).toBe(-1999);
    expect(() => times(m(100), 1.5)).toThrow(RangeError);
  });

  it('keeps exact products that a float multiplication would round (BigInt)', () => {
    // 94,906,267² is past 2^53: refused, not rounded to the nearest float.
    expect(() => times(m(94_906_267), 94_906_267)).toThrow(RangeError);
    expect(times(m(3_002_399_751_580_330), 3)).toBe(9_007_199_254_740_990);
  });
});

describe('percent and share (rounded half away from zero)', () => {
  it('rounds the half away from zero, for negative amounts too', () => {
    expect(percent(m(1005), 1000)).toBe(101); // 100.5 → 101
    expect(percent(m(-1005), 1000)).toBe(-101);
    expect(percent(m(1004), 1000)).toBe(100); // 100.4 → 100
    expect(percent(m(999), 770)).toBe(77); // 76.923 → 77
    expect(percent(m(5), 1000)).toBe(1); // 0.5 → 1
    expect(percent(m(4), 1000)).toBe(0);
    expect(percent(m(-4), 1000)).toBe(0);
  });

  it('in a 0-exponent currency (JPY) and a 3-exponent one (BHD) the rule is the same on minor units', () => {
    expect(percent(m(1_250), 800)).toBe(100); // ¥1,250 × 8 % = ¥100
    expect(percent(m(1_255), 1000)).toBe(126); // ¥125.5 → ¥126
    expect(percent(m(12_345), 1000)).toBe(1_235); // BD 12.345 × 10 % = 1.2345 → BD 1.235
  });

  it('refuses a fractional rate', () => {
    expect(() => percent(m(100), 7.5)).toThrow(RangeError);
  });

  it('shares in proportion', () => {
    expect(share(m(1000), 1, 3)).toBe(333);
    expect(share(m(1000), 2, 3)).toBe(667);
    expect(share(m(-1000), 2, 3)).toBe(-667);
    expect(share(m(1000), 5, 0)).toBe(0);
    expect(share(m(1), 1, 2)).toBe(1);
  });

  it('percent(a, 0) = 0 and percent(a, 100 %) = a, for any amount', async () => {
    await checkProperty(
      'percent identities',
      fc.property(amount, (a) => Object.is(percent(a, 0), 0) && percent(a, BASIS) === a),
    );
  });

  it('percent is the exact product rounded: within half a minor unit, and symmetric in the sign', async () => {
    await checkProperty(
      'percent rounding',
      fc.property(amount, rateBp, (a, bp) => {
        const p = percent(a, bp);
        const exactTimesBasis = BigInt(a) * BigInt(bp);
        const error = BigInt(p) * BigInt(BASIS) - exactTimesBasis;
        const within = 2n * (error < 0n ? -error : error) <= BigInt(BASIS);
        return within && percent(neg(a), bp) === neg(p);
      }),
    );
  });
});

describe('includedTax (prices include tax)', () => {
  it('takes the tax out of a gross price', () => {
    expect(includedTax(m(11_000), 1000)).toBe(1000); // 110.00 at 10 % = 100.00 + 10.00
    expect(includedTax(m(10_000), 2300)).toBe(1870); // 100.00 at 23 % = 81.30 + 18.70
    expect(includedTax(m(-10_000), 2300)).toBe(-1870); // a refund carries the same tax, negative
    expect(includedTax(m(10_000), 0)).toBe(0);
    expect(includedTax(m(0), 2000)).toBe(0);
    expect(includedTax(m(1), 2000)).toBe(0); // 1 / 1.2 = 0.83 → net 1
    expect(includedTax(m(3), 2000)).toBe(0); // 3 / 1.2 = 2.5 → net 3 (half away from zero), tax 0
    expect(includedTax(m(4), 2000)).toBe(1); // 4 / 1.2 = 3.33 → net 3, tax 1
  });

  it('in JPY and BHD', () => {
    expect(includedTax(m(1_100), 1000)).toBe(100); // ¥1,100 at 10 %
    expect(includedTax(m(1_000), 800)).toBe(74); // ¥1,000 at 8 %: net 925.9 → 926, tax 74
    expect(includedTax(m(10_500), 500)).toBe(500); // BD 10.500 at 5 % = BD 10.000 + BD 0.500
  });

  it('never exceeds the gross, net + tax = gross, and the net is the gross ÷ (1 + rate) rounded', async () => {
    await checkProperty(
      'included tax',
      fc.property(amount, rateBp, (gross, bp) => {
        const tax = includedTax(gross, bp);
        const net = sub(gross, tax);
        const magnitude = gross >= 0 ? 0 <= tax && tax <= gross : gross <= tax && tax <= 0;
        // |net × (1 + rate) − gross| ≤ half of (1 + rate), in basis points
        const error = BigInt(net) * BigInt(BASIS + bp) - BigInt(gross) * BigInt(BASIS);
        const rounded = 2n * (error < 0n ? -error : error) <= BigInt(BASIS + bp);
        return magnitude && add(net, tax) === gross && rounded && includedTax(neg(gross), bp) === neg(tax);
      }),
    );
  });
});

describe('splitEqually (installments)', () => {
  it('puts the rounding remainder on the last part', () => {
    expect(splitEqually(m(100), 3)).toEqual([33, 33, 34]);
    expect(splitEqually(m(-100), 3)).toEqual([-33, -33, -34]);
    expect(splitEqually(m(90), 3)).toEqual([30, 30, 30]);
    expect(splitEqually(m(2), 3)).toEqual([0, 0, 2]);
    expect(splitEqually(m(5), 1)).toEqual([5]);
    expect(splitEqually(m(10_000), 3)).toEqual([3_333, 3_333, 3_334]); // ¥10,000 in three
    expect(splitEqually(m(1_000), 6)).toEqual([166, 166, 166, 166, 166, 170]); // BD 1.000 in six
  });

  it('refuses a count that is not a positive integer', () => {
    for (const bad of [0, -1, 1.5]) expect(() => splitEqually(m(100), bad)).toThrow(RangeError);
  });

  it('the parts add up to the total, all equal but the last, which carries the remainder', async () => {
    await checkProperty(
      'split equally',
      fc.property(amount, fc.integer({ min: 1, max: 60 }), (total, count) => {
        const parts = splitEqually(total, count);
        const first = parts[0]!;
        const last = parts[count - 1]!;
        const remainder = last - first;
        return (
          parts.length === count &&
          sum(parts) === total &&
          parts.slice(0, -1).every((p) => p === first) &&
          Math.abs(remainder) < count &&
          (remainder === 0 || Math.sign(remainder) === Math.sign(total))
        );
      }),
    );
  });
});

describe('allocate (largest remainder)', () => {
  it('spreads a total over weights and the parts add up', () => {
    expect(allocate(m(100), [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(m(-100), [1, 1, 1])).toEqual([-34, -33, -33]);
    expect(allocate(m(1000), [5000, 3000, 2000])).toEqual([500, 300, 200]);
    expect(allocate(m(10), [3, 0, 7])).toEqual([3, 0, 7]);
    expect(allocate(m(1), [1, 1])).toEqual([1, 0]);
    expect(allocate(m(100), [0, 0])).toEqual([100, 0]);
    expect(allocate(m(100), [])).toEqual([]);
    // A ¥1,000 discount over lines of ¥3,000, ¥3,000 and ¥1,000.
    expect(allocate(m(1_000), [3_000, 3_000, 1_000])).toEqual([429, 428, 143]);
  });

  it('refuses a negative or fractional weight instead of allocating nonsense', () => {
    expect(() => allocate(m(100), [3, -1])).toThrow(RangeError);
    expect(() => allocate(m(100), [1, -1])).toThrow(RangeError);
    expect(() => allocate(m(100), [1.5, 1])).toThrow(RangeError);
  });

  it('the parts always add up to the total, each within one minor unit of its exact share, zero weight → zero', async () => {
    await checkProperty(
      'allocate',
      fc.property(
        amount,
        fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 0, max: MONEY_MAX })), { minLength: 1, maxLength: 30 }),
        (total, weights) => {
          const parts = allocate(total, weights);
          if (parts.length !== weights.length || sum(parts) !== total) return false;
          const whole = BigInt(weights.reduce((a, b) => a + b, 0));
          if (whole === 0n) return parts[0] === total && parts.slice(1).every((p) => p === 0);
          return parts.every((part, i) => {
            // |part − total × w / whole| < 1  ⇔  |part × whole − total × w| < whole
            const error = BigInt(part) * whole - BigInt(total) * BigInt(weights[i]!);
            return (error < 0n ? -error : error) < whole && (weights[i] !== 0 || part === 0);
          });
        },
      ),
    );
  });
});

describe('schemas', () => {
  it('accepts integers of minor units only', () => {
    expect(amountSchema.parse(0)).toBe(0);
    expect(amountSchema.parse(MONEY_MAX)).toBe(MONEY_MAX);
    expect(amountSchema.safeParse(1.5).error?.issues[0]?.message).toBe('money_integer');
    expect(amountSchema.safeParse(-1).success).toBe(false);
    expect(amountSchema.safeParse(MONEY_MAX + 1).success).toBe(false);
    expect(amountSchema.safeParse('100').success).toBe(false);
    expect(positiveAmountSchema.safeParse(0).success).toBe(false);
    expect(positiveAmountSchema.parse(1)).toBe(1);
    expect(basisPointsSchema.parse(BASIS)).toBe(BASIS);
    expect(basisPointsSchema.safeParse(BASIS + 1).success).toBe(false);
    expect(basisPointsSchema.safeParse(7.5).success).toBe(false);
  });
});

describe('formatMoney', () => {
  it('writes the Brazilian real: prefix R$ , `.` decimal, `,` thousands', () => {
    expect(formatMoney(m(123_456), BRL)).toBe('R$ 1,234.56');
    expect(formatMoney(m(5), BRL)).toBe('R$ 0.05');
    expect(formatMoney(m(0), BRL)).toBe('R$ 0.00');
    expect(formatMoney(m(100_000_000), BRL)).toBe('R$ 1,000,000.00');
    expect(formatMoney(m(-250), BRL)).toBe('-R$ 2.50');
    expect(formatMoney(m(123_456), BRL, false)).toBe('1,234.56');
  });

  it('in JPY (no decimals), BHD (three) and with European marks', () => {
    expect(formatMoney(m(1_234_567), JPY)).toBe('¥1,234,567');
    expect(formatMoney(m(-5), JPY)).toBe('-¥5');
    expect(formatMoney(m(0), JPY)).toBe('¥0');
    expect(formatMoney(m(1_234_567), BHD)).toBe('BD 1,234.567');
    expect(formatMoney(m(5), BHD)).toBe('BD 0.005');
    expect(formatMoney(m(-1_000), BHD)).toBe('-BD 1.000');
    expect(formatMoney(m(123_456_789), EUR_DE)).toBe('€ 1.234.567,89');
  });
});

describe('parseMoney', () => {
  it('reads what a person types', () => {
    expect(parseMoney('1,234.56', BRL)).toBe(123_456);
    expect(parseMoney('R$ 1,234.56', BRL)).toBe(123_456);
    expect(parseMoney('R$1234.5', BRL)).toBe(123_450);
    expect(parseMoney('  12. ', BRL)).toBe(1200);
    expect(parseMoney('.5', BRL)).toBe(50);
    expect(parseMoney('0', BRL)).toBe(0);
    expect(parseMoney('-2.50', BRL)).toBe(-250);
    expect(parseMoney('007', BRL)).toBe(700);
  });

  it('reads its own negative output, the minus before the symbol (and after it)', () => {
    expect(parseMoney('-R$ 2.50', BRL)).toBe(-250);
    expect(parseMoney('R$ -2.50', BRL)).toBe(-250);
    expect(parseMoney('-¥5', JPY)).toBe(-5);
    expect(parseMoney('-BD 1.000', BHD)).toBe(-1_000);
  });

  it('reads minus zero as zero', () => {
    expect(Object.is(parseMoney('-0', BRL), 0)).toBe(true);
    expect(Object.is(parseMoney('-0.00', BRL), 0)).toBe(true);
  });

  it('in JPY, BHD and with European marks', () => {
    expect(parseMoney('¥1,234,567', JPY)).toBe(1_234_567);
    expect(parseMoney('12.', JPY)).toBe(12);
    expect(parseMoney('12.5', JPY)).toBeNull();
    expect(parseMoney('BD 1,234.567', BHD)).toBe(1_234_567);
    expect(parseMoney('1.5', BHD)).toBe(1_500);
    expect(parseMoney('1.2345', BHD)).toBeNull();
    expect(parseMoney('€ 1.234.567,89', EUR_DE)).toBe(123_456_789);
    expect(parseMoney('12,5', EUR_DE)).toBe(1_250);
  });

  it('refuses garbage', () => {
    for (const bad of [
      '',
      '   ',
      'R$',
      '-',
      '.',
      'abc',
      '12a',
      '1.2.3',
      '1.234', // three decimals in a two-decimal currency
      '--5',
      '+5',
      '1e5',
      'NaN',
      'Infinity',
      '0x10',
      '١٢٣', // digits of another script
      '１２', // full-width digits
      '12 34',
      '$12', // another symbol
      String(MONEY_MAX + 1).replace(/(\d{2})$/, '.$1'), // past the money range
      '9'.repeat(30),
    ]) {
      expect(parseMoney(bad, BRL), JSON.stringify(bad)).toBeNull();
    }
  });

  it('formatMoney then parseMoney gives the amount back, for any amount in range and every format', async () => {
    await checkProperty(
      'format/parse round trip',
      fc.property(amount, moneyFormat, fc.boolean(), (a, format, withSymbol) =>
        Object.is(parseMoney(formatMoney(a, format, withSymbol), format), a),
      ),
      { numRuns: 2000 },
    );
  });

  it('refuses any text with a letter or sign that is not part of the format', async () => {
    const intruder = fc.constantFrom('a', 'Z', 'e', 'x', '+', '/', '*', '%', '(', '#', '€', '$', '١', '０');
    await checkProperty(
      'garbage refused',
      fc.property(amount, fc.nat(), intruder, (a, at, bad) => {
        const text = formatMoney(a, BRL, false);
        const i = at % (text.length + 1);
        return parseMoney(`${text.slice(0, i)}${bad}${text.slice(i)}`, BRL) === null;
      }),
    );
  });

  it('refuses a second decimal mark and more decimals than the currency has', async () => {
    await checkProperty(
      'structure refused',
      fc.property(
        fc.stringMatching(/^\d{1,6}$/),
        fc.stringMatching(/^\d{0,3}$/),
        fc.stringMatching(/^\d{0,3}$/),
        fc.constantFrom(JPY, BRL, BHD),
        (whole, a, b, format) =>
          parseMoney(`${whole}.${a}.${b}`, format) === null &&
          parseMoney(`${whole}.${'1'.repeat(format.exponent + 1)}`, format) === null,
      ),
    );
  });
});

describe('basis points as text', () => {
  it('writes a rate by its digits, and reads back what it wrote', () => {
    expect([1900, 770, 5, 0, 10_000, 1234].map((bp) => basisPointsText(bp))).toEqual([
      '19',
      '7.7',
      '0.05',
      '0',
      '100',
      '12.34',
    ]);
    expect(basisPointsText(770, { fixed: true })).toBe('7.70');
    expect(basisPointsText(0, { fixed: true })).toBe('0.00');
    for (let bp = 0; bp <= 10_000; bp += 7) {
      expect(parseBasisPoints(basisPointsText(bp))).toBe(bp);
      expect(parseBasisPoints(`${basisPointsText(bp, { fixed: true }).replace('.', ',')} %`)).toBe(bp);
    }
    expect(parseBasisPoints('100.01')).toBeNull();
    expect(parseBasisPoints('7.777')).toBeNull();
    expect(parseBasisPoints('abc')).toBeNull();
  });
});
