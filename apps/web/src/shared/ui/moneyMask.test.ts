import { formatMoney, MONEY_MAX, type MoneyFormat, minor } from '@gym/contract/money';
import { checkProperty } from '@gym/contract/testing/property';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { caretAfterMask, caretOverGroupMark, maskMoneyText, moneyProblem, moneyText } from './moneyMask';

const BRL: MoneyFormat = { symbol: 'R$ ', exponent: 2, decimal: '.', thousands: ',' };
const JPY: MoneyFormat = { symbol: '¥', exponent: 0, decimal: '.', thousands: ',' };
const BHD: MoneyFormat = { symbol: 'BD ', exponent: 3, decimal: '.', thousands: ',' };
const EUR: MoneyFormat = { symbol: '€ ', exponent: 2, decimal: ',', thousands: '.' };

/**
 * Types keys into a box as the input does (insert at the caret, mask, put the caret back).
 * `⌫` is Backspace, `⌦` Delete, `←` and `→` move the caret.
 */
function typeKeys(keys: string, f: MoneyFormat = BRL, allowNegative = false, start = '') {
  let text = start;
  let caret = start.length;
  let value: number | null = null;
  for (const key of keys) {
    if (key === '←' || key === '→') {
      caret = Math.max(0, Math.min(text.length, caret + (key === '←' ? -1 : 1)));
      continue;
    }
    let raw: string;
    let rawCaret: number;
    if (key === '⌫' || key === '⌦') {
      caret = caretOverGroupMark(text, caret, key === '⌫' ? 'Backspace' : 'Delete', f) ?? caret;
      if (key === '⌫') {
        if (caret === 0) continue;
        raw = text.slice(0, caret - 1) + text.slice(caret);
        rawCaret = caret - 1;
      } else {
        raw = text.slice(0, caret) + text.slice(caret + 1);
        rawCaret = caret;
      }
    } else {
      raw = text.slice(0, caret) + key + text.slice(caret);
      rawCaret = caret + 1;
    }
    const masked = maskMoneyText(raw, f, allowNegative);
    if (!masked) continue; // refused: the box keeps its text and caret
    text = masked.text;
    value = masked.value;
    caret = caretAfterMask(raw, rawCaret, text, f, allowNegative);
  }
  return { text, value, caret, shown: `${text.slice(0, caret)}|${text.slice(caret)}` };
}

describe('maskMoneyText', () => {
  it('groups thousands and reads minor units as the person types', () => {
    expect(maskMoneyText('1234', BRL)).toEqual({ text: '1,234', value: 123_400 });
    expect(maskMoneyText('1234.5', BRL)).toEqual({ text: '1,234.5', value: 123_450 });
    expect(maskMoneyText('1234567.89', BRL)).toEqual({ text: '1,234,567.89', value: 123_456_789 });
    expect(maskMoneyText('12.', BRL)).toEqual({ text: '12.', value: 1_200 });
    expect(maskMoneyText('.5', BRL)).toEqual({ text: '0.5', value: 50 });
    expect(maskMoneyText('007', BRL)).toEqual({ text: '7', value: 700 });
    expect(maskMoneyText('0.05', BRL)).toEqual({ text: '0.05', value: 5 });
    expect(maskMoneyText('', BRL)).toEqual({ text: '', value: null });
  });

  it('keeps at most the currency’s decimals: none for JPY, three for BHD', () => {
    expect(maskMoneyText('12.345', BRL)).toEqual({ text: '12.34', value: 1_234 });
    expect(maskMoneyText('1234.5', JPY)).toEqual({ text: '12,345', value: 12_345 });
    expect(maskMoneyText('1234.5678', BHD)).toEqual({ text: '1,234.567', value: 1_234_567 });
    expect(maskMoneyText('1.234.567,891', EUR)).toEqual({ text: '1.234.567,89', value: 123_456_789 });
  });

  it('drops letters, spaces, extra decimal marks and the typed group marks', () => {
    expect(maskMoneyText('1a2b3', BRL)).toEqual({ text: '123', value: 12_300 });
    expect(maskMoneyText('1.2.3', BRL)).toEqual({ text: '1.23', value: 123 });
    expect(maskMoneyText('1,,2,3 4', BRL)).toEqual({ text: '1,234', value: 123_400 });
    expect(maskMoneyText('12e5', BRL)).toEqual({ text: '125', value: 12_500 });
  });

  it('takes a pasted amount with its symbol', () => {
    expect(maskMoneyText('R$ 1,234.56', BRL)).toEqual({ text: '1,234.56', value: 123_456 });
    expect(maskMoneyText('  BD 1.5 ', BHD)).toEqual({ text: '1.5', value: 1_500 });
  });

  it('takes a minus only where negative amounts are allowed', () => {
    expect(maskMoneyText('-12', BRL)).toEqual({ text: '12', value: 1_200 });
    expect(maskMoneyText('-12', BRL, true)).toEqual({ text: '-12', value: -1_200 });
    expect(maskMoneyText('12-', BRL, true)).toEqual({ text: '-12', value: -1_200 });
    expect(maskMoneyText('-', BRL, true)).toEqual({ text: '-', value: null });
    expect(maskMoneyText('-R$ 2.50', BRL, true)).toEqual({ text: '-2.50', value: -250 });
    expect(Object.is(maskMoneyText('-0', BRL, true)?.value, 0)).toBe(true);
  });

  it('refuses an edit that passes the money range', () => {
    const top = formatMoney(minor(MONEY_MAX), BRL, false); // 10,000,000,000.00
    expect(maskMoneyText(top, BRL)?.value).toBe(MONEY_MAX);
    expect(maskMoneyText(`${top}1`, BRL)?.value).toBe(MONEY_MAX); // a third decimal is dropped, not refused
    expect(maskMoneyText(`9${top}`, BRL)).toBeNull();
    expect(maskMoneyText('9'.repeat(40), BRL)).toBeNull();
  });

  it('never yields a fraction of a minor unit, and its text masks to itself, whatever is typed', async () => {
    const format = fc.constantFrom(BRL, JPY, BHD, EUR);
    const typed = fc.string({ unit: fc.constantFrom(...'0123456789.,-R$ €a '), maxLength: 24 });
    await checkProperty(
      'mask is integral and stable',
      fc.property(typed, format, fc.boolean(), (raw, f, negative) => {
        const masked = maskMoneyText(raw, f, negative);
        if (!masked) return true;
        const again = maskMoneyText(masked.text, f, negative);
        return (
          (masked.value === null || Number.isSafeInteger(masked.value)) &&
          again?.text === masked.text &&
          Object.is(again.value, masked.value)
        );
      }),
    );
  });

  it('the box’s text for an amount masks back to that amount, in every currency', async () => {
    await checkProperty(
      'moneyText round trip',
      fc.property(fc.integer({ min: -MONEY_MAX, max: MONEY_MAX }), fc.constantFrom(BRL, JPY, BHD, EUR), (v, f) => {
        const text = moneyText(v, f);
        return text === formatMoney(minor(v), f, false) && maskMoneyText(text, f, true)?.value === v;
      }),
    );
  });
});

describe('moneyText', () => {
  it('writes an amount for the box, without the symbol (the box shows it as a prefix)', () => {
    expect(moneyText(123_450, BRL)).toBe('1,234.50');
    expect(moneyText(-5, BRL)).toBe('-0.05');
    expect(moneyText(1_234_567, JPY)).toBe('1,234,567');
    expect(moneyText(1_500, BHD)).toBe('1.500');
    expect(moneyText(null, BRL)).toBe('');
    expect(moneyText(1.5, BRL)).toBe('');
  });
});

describe('typing in the box', () => {
  it('types an amount digit by digit', () => {
    expect(typeKeys('1234567.891')).toMatchObject({ text: '1,234,567.89', value: 123_456_789 });
    expect(typeKeys('1500', JPY)).toMatchObject({ text: '1,500', value: 1_500 });
    expect(typeKeys('2.5', BHD)).toMatchObject({ text: '2.5', value: 2_500 });
  });

  it('keeps the caret beside the digit just typed when a group mark appears before it', () => {
    expect(typeKeys('1234').shown).toBe('1,234|');
    // 1,234 → caret after the 1 → type 9 → 19,234 with the caret after the 9
    expect(typeKeys('←←←←9', BRL, false, '1,234').shown).toBe('19|,234');
    expect(typeKeys('←←←←←←5', BRL, false, '1,234.50').shown).toBe('15|,234.50');
  });

  it('Backspace after a group mark removes the digit before it; Delete before one removes the digit after it', () => {
    expect(typeKeys('←←←⌫', BRL, false, '1,234').shown).toBe('|234');
    expect(typeKeys('←←←⌫', BRL, false, '12,345').shown).toBe('1|,345');
    expect(typeKeys('←←←⌫', BRL, false, '12,345')).toMatchObject({ text: '1,345', value: 134_500 });
    expect(typeKeys('←←←←⌦', BRL, false, '12,345').shown).toBe('1,2|45');
  });

  it('refuses a digit past the money range and keeps what was there', () => {
    const top = moneyText(MONEY_MAX, BRL);
    expect(typeKeys('←←←←←←←←←←←←←←←←9', BRL, false, top)).toMatchObject({ text: top });
  });

  it('a third decimal in a two-decimal currency is dropped', () => {
    expect(typeKeys('12.345')).toMatchObject({ text: '12.34', value: 1_234 });
  });
});

describe('caretOverGroupMark', () => {
  it('steps over a group mark only', () => {
    expect(caretOverGroupMark('1,234', 2, 'Backspace', BRL)).toBe(1);
    expect(caretOverGroupMark('1,234', 3, 'Backspace', BRL)).toBeNull();
    expect(caretOverGroupMark('1,234', 1, 'Delete', BRL)).toBe(2);
    expect(caretOverGroupMark('1,234', 1, 'ArrowLeft', BRL)).toBeNull();
    expect(caretOverGroupMark('1234', 2, 'Backspace', { ...BRL, thousands: '' })).toBeNull();
  });
});

describe('moneyProblem (the form rule of a money field)', () => {
  it('says nothing of an empty field or an amount within the limits', () => {
    expect(moneyProblem(null, { min: 100 }, BRL)).toBeNull();
    expect(moneyProblem(undefined, {}, BRL)).toBeNull();
    expect(moneyProblem(0, {}, BRL)).toBeNull();
    expect(moneyProblem(500, { min: 100, max: 500 }, BRL)).toBeNull();
    expect(moneyProblem(-300, { min: -500 }, BRL)).toBeNull();
  });

  it('writes the limit as money in the currency of the field', () => {
    expect(moneyProblem(99, { min: 100 }, BRL)).toEqual({ key: 'money_min', min: 'R$ 1.00' });
    expect(moneyProblem(50_001, { max: 50_000 }, BRL)).toEqual({ key: 'money_max', max: 'R$ 500.00' });
    expect(moneyProblem(1_001, { max: 1_000 }, JPY)).toEqual({ key: 'money_max', max: '¥1,000' });
    expect(moneyProblem(-1, {}, BHD)).toEqual({ key: 'money_min', min: 'BD 0.000' });
  });

  it('refuses a fraction of a minor unit or a value that is not a number', () => {
    expect(moneyProblem(12.5, {}, BRL)).toEqual({ key: 'money_integer' });
    expect(moneyProblem('12', {}, BRL)).toEqual({ key: 'money_integer' });
  });
});
