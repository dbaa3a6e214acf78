import { describe, expect, it } from 'vitest';
import { parsePercent, percentShort, percentTwoDecimals } from './PercentInput';

describe('percent in text ↔ basis points', () => {
  it('reads percentages with up to two decimals exactly', () => {
    expect(parsePercent('7.7')).toBe(770);
    expect(parsePercent('7.70')).toBe(770);
    expect(parsePercent('0.07')).toBe(7);
    expect(parsePercent('19')).toBe(1900);
    expect(parsePercent('5,5')).toBe(550);
    expect(parsePercent(' 23 % ')).toBe(2300);
    expect(parsePercent(' 0.05 % ')).toBe(5);
    expect(parsePercent('100')).toBe(10_000);
    // 0.1 + 0.2 style float errors cannot appear: 8.85 is 885, not 884.9999.
    expect(parsePercent('8.85')).toBe(885);
    expect(parsePercent('0.29')).toBe(29);
  });

  it('refuses what is not a rate from 0 to 100 %', () => {
    for (const bad of ['', '.', '.5', '7.777', '-1', '100.01', '101', 'abc', 'ten', '1e2', '7..7']) {
      expect([bad, parsePercent(bad)]).toEqual([bad, null]);
    }
  });

  it('writes basis points back with two decimals, or without trailing zeros, and round-trips', () => {
    expect(percentTwoDecimals(770)).toBe('7.70');
    expect(percentTwoDecimals(7)).toBe('0.07');
    expect(percentTwoDecimals(0)).toBe('0.00');
    expect(percentTwoDecimals(10_000)).toBe('100.00');
    expect(percentShort(770)).toBe('7.7');
    expect(percentShort(1000)).toBe('10');
    expect(percentShort(5)).toBe('0.05');
    for (let bp = 0; bp <= 10_000; bp += 7) {
      expect(parsePercent(percentTwoDecimals(bp))).toBe(bp);
      expect(parsePercent(percentShort(bp))).toBe(bp);
    }
  });
});
