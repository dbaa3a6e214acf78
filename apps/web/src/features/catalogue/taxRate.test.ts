import { describe, expect, it } from 'vitest';
import { basisPointsToPercent, percentToBasisPoints } from './taxRate';

describe('tax rate in percent ↔ basis points', () => {
  it('reads percentages with up to two decimals exactly', () => {
    expect(percentToBasisPoints('7.7')).toBe(770);
    expect(percentToBasisPoints('7.70')).toBe(770);
    expect(percentToBasisPoints('0.07')).toBe(7);
    expect(percentToBasisPoints('19')).toBe(1900);
    expect(percentToBasisPoints('5,5')).toBe(550);
    expect(percentToBasisPoints(' 23 % ')).toBe(2300);
    expect(percentToBasisPoints('100')).toBe(10_000);
    // 0.1 + 0.2 style float errors cannot appear: 8.85 is 885, not 884.9999.
    expect(percentToBasisPoints('8.85')).toBe(885);
  });

  it('refuses what is not a rate from 0 to 100 %', () => {
    for (const bad of ['', '.', '7.777', '-1', '100.01', '101', 'abc', '1e2', '7..7']) {
      expect([bad, percentToBasisPoints(bad)]).toEqual([bad, null]);
    }
  });

  it('writes basis points back with two decimals', () => {
    expect(basisPointsToPercent(770)).toBe('7.70');
    expect(basisPointsToPercent(7)).toBe('0.07');
    expect(basisPointsToPercent(0)).toBe('0.00');
    expect(basisPointsToPercent(10_000)).toBe('100.00');
    for (let bp = 0; bp <= 10_000; bp += 37) expect(percentToBasisPoints(basisPointsToPercent(bp))).toBe(bp);
  });
});
