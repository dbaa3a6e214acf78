/**
 * The masking of the money input, as pure functions on text (no float anywhere: the text is read
 * digit by digit and the amount comes from `parseMoney`). The box holds the amount without the
 * symbol (the input shows the symbol as its prefix): `1,234.56` in the spec's default format.
 */
import { formatMoney, type Minor, MONEY_MAX, type MoneyFormat, parseMoney } from '@gym/contract/money';

export interface Masked {
  /** What the box shows: thousands grouped, at most `exponent` decimals, a trailing decimal mark kept while typing. */
  text: string;
  /** The amount in minor units; null while the box holds no digit (empty, or a lone minus). */
  value: Minor | null;
}

interface Parts {
  negative: boolean;
  whole: string;
  /** Whether the text has a decimal mark (`12.` is being typed). */
  point: boolean;
  fraction: string;
}

function withoutSymbol(text: string, f: MoneyFormat): string {
  const symbol = f.symbol.trim();
  return symbol && text.startsWith(symbol) ? text.slice(symbol.length) : text;
}

/** What the text says, each character read once: digits, the first decimal mark, a minus; the rest (group marks, letters) is dropped. */
function partsOf(raw: string, f: MoneyFormat, allowNegative: boolean): Parts {
  let text = withoutSymbol(raw.trim(), f).trim();
  let negative = false;
  if (text.startsWith('-')) {
    negative = true;
    text = withoutSymbol(text.slice(1).trim(), f); // `-R$ 12` pasted
  }
  if (text.includes('-')) negative = true; // a minus typed anywhere turns the amount negative
  let whole = '';
  let fraction = '';
  let point = false;
  for (const ch of text) {
    if (ch >= '0' && ch <= '9') {
      if (point) fraction += ch;
      else whole += ch;
    } else if (ch === f.decimal && f.exponent > 0 && !point) {
      point = true;
    }
  }
  whole = whole.replace(/^0+(?=\d)/, '');
  if (point && whole === '') whole = '0';
  return { negative: negative && allowNegative, whole, point, fraction: fraction.slice(0, f.exponent) };
}

function render(p: Parts, f: MoneyFormat): string {
  const grouped = p.whole.replace(/\B(?=(\d{3})+(?!\d))/g, () => f.thousands);
  return `${p.negative ? '-' : ''}${grouped}${p.point ? `${f.decimal}${p.fraction}` : ''}`;
}

/**
 * Masks what is in the box after a keystroke or a paste. Returns null when the edit must be refused
 * (the amount would pass the money range): the box then keeps its previous text.
 */
export function maskMoneyText(raw: string, f: MoneyFormat, allowNegative = false): Masked | null {
  const p = partsOf(raw, f, allowNegative);
  const text = render(p, f);
  if (p.whole === '') return { text: p.negative ? '-' : '', value: null };
  if (p.whole.length > String(MONEY_MAX).length) return null;
  const plain = `${p.negative ? '-' : ''}${p.whole}${p.fraction ? `${f.decimal}${p.fraction}` : ''}`;
  const value = parseMoney(plain, { ...f, symbol: '', thousands: '' });
  return value === null ? null : { text, value };
}

/** The box's text for an amount (when the value comes from outside, and on leaving the box): `1,234.50`. */
export function moneyText(value: number | null | undefined, f: MoneyFormat): string {
  if (value === null || value === undefined || !Number.isSafeInteger(value)) return '';
  return formatMoney(value, f, false);
}

const significant = (text: string, f: MoneyFormat) =>
  [...text].filter((ch) => (ch >= '0' && ch <= '9') || ch === f.decimal || ch === '-').length;

/**
 * Where the caret goes after masking, so that typing in the middle does not throw it to the end:
 * after as many digits (and decimal mark, minus) as stood before it in what was typed.
 */
export function caretAfterMask(
  raw: string,
  caret: number,
  masked: string,
  f: MoneyFormat,
  allowNegative = false,
): number {
  const before = significant(render(partsOf(raw.slice(0, caret), f, allowNegative), f), f);
  if (before === 0) return 0;
  let seen = 0;
  for (let i = 0; i < masked.length; i++) {
    const ch = masked[i]!;
    if ((ch >= '0' && ch <= '9') || ch === f.decimal || ch === '-') seen++;
    if (seen === before) return i + 1;
  }
  return masked.length;
}

/**
 * Backspace just after a thousands mark, or Delete just before one, would only remove the mark,
 * which the mask puts back: the caret steps over it so the key removes the digit instead. Returns
 * the caret to set before the key acts, or null to let the key act as it is.
 */
export function caretOverGroupMark(text: string, caret: number, key: string, f: MoneyFormat): number | null {
  if (!f.thousands) return null;
  if (key === 'Backspace' && caret > 0 && text.slice(caret - f.thousands.length, caret) === f.thousands) {
    return caret - f.thousands.length;
  }
  if (key === 'Delete' && text.slice(caret, caret + f.thousands.length) === f.thousands) {
    return caret + f.thousands.length;
  }
  return null;
}

/** Why an amount does not fit a money field's limits (its message is the key of the same name among the validation errors), or null. */
export type MoneyProblem =
  | { key: 'money_integer' }
  | { key: 'money_min'; min: string }
  | { key: 'money_max'; max: string };

/** Checks a field's value against its limits in minor units; the limits come back written as money for the message. */
export function moneyProblem(
  value: unknown,
  limits: { min?: number; max?: number },
  f: MoneyFormat,
): MoneyProblem | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) return { key: 'money_integer' };
  const { min = 0, max } = limits;
  if (value < min) return { key: 'money_min', min: formatMoney(min, f) };
  if (max !== undefined && value > max) return { key: 'money_max', max: formatMoney(max, f) };
  return null;
}
