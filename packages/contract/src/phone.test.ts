import { describe, expect, it } from 'vitest';
import { formatPhone, normalisePhone } from './phone.ts';

describe('phone numbers', () => {
  it('stores every way of typing a Hong Kong number as one E.164 form', () => {
    for (const typed of [
      '6123 9876',
      '61239876',
      '+852 6123-9876',
      '00852 61239876',
      '(+852) 6123 9876',
      '(852) 6123 9876',
    ]) {
      expect(normalisePhone(typed, 'HK')).toBe('+85261239876');
    }
  });

  it('drops the trunk prefix of countries that have one', () => {
    expect(normalisePhone('030 1234567', 'DE')).toBe('+49301234567');
    expect(normalisePhone('06 12 34 56 78', 'FR')).toBe('+33612345678');
  });

  it('keeps a number it cannot place as typed digits, and nothing as null', () => {
    expect(normalisePhone('6123 9876', null)).toBe('61239876');
    expect(normalisePhone('  ', 'HK')).toBeNull();
    expect(normalisePhone(undefined, 'HK')).toBeNull();
  });

  it('shows a stored number grouped the way its country writes it', () => {
    expect(formatPhone('+85261239876')).toBe('+852 6123 9876');
    expect(formatPhone('+33612345678')).toBe('+33 6 12 34 56 78');
    expect(formatPhone('+8526123')).toBe('+852 6123');
    expect(formatPhone('61239876')).toBe('61239876');
    expect(formatPhone(null)).toBe('');
  });
});
