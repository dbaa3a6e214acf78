import { describe, expect, it } from 'vitest';
import { formatBasisPoints, parseBasisPoints } from './numbers';

describe('basis points from text', () => {
  it('parses what people type, without floats', () => {
    expect(parseBasisPoints('7.7')).toBe(770);
    expect(parseBasisPoints('10')).toBe(1000);
    expect(parseBasisPoints(' 0.05 % ')).toBe(5);
    expect(parseBasisPoints('12,5')).toBe(1250);
    expect(parseBasisPoints('100')).toBe(10000);
    expect(parseBasisPoints('0.1')).toBe(10);
    // 0.1 + 0.2 style traps do not exist here: 0.29 is exactly 29.
    expect(parseBasisPoints('0.29')).toBe(29);
  });

  it('refuses more than two decimals, more than 100 and text', () => {
    for (const bad of ['100.01', '7.777', '', 'ten', '-1', '1e2', '.5']) expect(parseBasisPoints(bad), bad).toBeNull();
  });

  it('formats back without trailing zeros, and round-trips every value', () => {
    expect(formatBasisPoints(770)).toBe('7.7');
    expect(formatBasisPoints(1000)).toBe('10');
    expect(formatBasisPoints(5)).toBe('0.05');
    for (let bp = 0; bp <= 10000; bp += 7) expect(parseBasisPoints(formatBasisPoints(bp))).toBe(bp);
  });
});
