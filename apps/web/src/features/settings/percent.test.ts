import { describe, expect, it } from 'vitest';
import { rateText } from '../sales/plan';
import { percentTextToBp } from './percent';

describe('the discount cap typed as a percentage', () => {
  it('reads 0 to 100 with up to two decimals, in basis points, and shows them back', () => {
    expect(['0', '10', '7.5', '7,5', '12.34', '100', ' 5 '].map(percentTextToBp)).toEqual([
      0, 1000, 750, 750, 1234, 10_000, 500,
    ]);
    for (const bp of [0, 750, 1000, 1234, 10_000]) expect(percentTextToBp(rateText(bp))).toBe(bp);
  });

  it('refuses what the configuration would refuse', () => {
    expect(['', '-1', '100.01', '101', '1.234', 'ten', '1e2', undefined].map(percentTextToBp)).toEqual(
      Array(8).fill(null),
    );
  });
});
