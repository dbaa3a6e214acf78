import { RECEIPT_MAX_BYTES } from '@gym/contract/expenditures';
import { DEFAULT_MONEY_FORMAT, MONEY_MAX } from '@gym/contract/money';
import { describe, expect, it } from 'vitest';
import { moneyValue, receiptProblem } from './expenditureForm';

const real = DEFAULT_MONEY_FORMAT;
const yen = { ...DEFAULT_MONEY_FORMAT, symbol: '¥', exponent: 0 as const };

describe('amounts typed in the drawer', () => {
  it('reads the organisation’s format into integer minor units', () => {
    expect(moneyValue('1,234.5', real)).toBe(123_450);
    expect(moneyValue('R$ 12', real)).toBe(1_200);
    expect(moneyValue('0.07', real)).toBe(7);
    expect(moneyValue('1200', yen)).toBe(1_200);
  });

  it('refuses what the API would refuse: empty, negative, too many decimals, words, over the maximum', () => {
    for (const text of ['', '  ', '-5', '1.234', '12,34.5.6', 'abc', '1.5']) {
      const format = text === '1.5' ? yen : real;
      expect(moneyValue(text, format), text).toBeNull();
    }
    expect(moneyValue(String(MONEY_MAX / 100 + 1), real)).toBeNull();
  });
});

describe('a picked receipt', () => {
  it('is a PDF or an image by name or type, at most 10 MB', () => {
    expect(receiptProblem({ name: 'a.PDF', size: 10, type: '' })).toBeNull();
    expect(receiptProblem({ name: 'photo', size: 10, type: 'image/webp' })).toBeNull();
    expect(receiptProblem({ name: 'setup.exe', size: 10, type: 'application/x-msdownload' })).toBe('receipt_type');
    expect(receiptProblem({ name: 'big.jpg', size: RECEIPT_MAX_BYTES + 1, type: 'image/jpeg' })).toBe('file_too_large');
    expect(receiptProblem({ name: 'edge.png', size: RECEIPT_MAX_BYTES, type: 'image/png' })).toBeNull();
  });
});
