import { describe, expect, it } from 'vitest';
import { formatMoneyPreview } from './money';

describe('formatMoneyPreview', () => {
  it('writes the masked input form with the symbol as given', () => {
    expect(formatMoneyPreview(123_456, 'R$ ')).toBe('R$ 1,234.56');
    expect(formatMoneyPreview(123_456, '€')).toBe('€1,234.56');
    expect(formatMoneyPreview(5, 'HK$')).toBe('HK$0.05');
    expect(formatMoneyPreview(100_000_000, '$')).toBe('$1,000,000.00');
    expect(formatMoneyPreview(-2_50, 'R$ ')).toBe('-R$ 2.50');
  });
});
