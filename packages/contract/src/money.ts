/**
 * Money: an integer of minor units (cents) of the organisation's currency, everywhere. `Minor` is a
 * branded integer: a plain number must pass `minor()` (which refuses fractions and unsafe integers)
 * before it is money, and arithmetic goes through the helpers below, which never leave the integers.
 *
 * The one rounding rule: a share of an amount (a percentage, a tax, a proportional part) is the exact
 * rational rounded half away from zero, computed with BigInt so that no intermediate is a float.
 * Splitting an amount into parts (installments, allocation over lines) hands the rounding remainder
 * out so that the parts always add up to the whole exactly.
 *
 * `money-hygiene.test.ts` fails on `parseFloat` (`Number.parseFloat`), `.toFixed(` and `Math.round(` in money code.
 */
import { z } from 'zod';

declare const minorBrand: unique symbol;
/** An amount in minor units: a safe integer, possibly negative (a refund, a reversal). */
export type Minor = number & { readonly [minorBrand]: true };

/** Largest amount an item, line, invoice or payment may carry: 10^12 minor units (10 billion in a 2-decimal currency). */
export const MONEY_MAX = 1_000_000_000_000;

/**
 * Brands a number as money; throws on a fraction, NaN or an unsafe integer (a programming error, never
 * user input). A negative zero becomes 0 (it would compare, print and serialise unlike 0).
 */
export function minor(n: number): Minor {
  if (!Number.isSafeInteger(n)) throw new RangeError(`money must be an integer of minor units, got ${n}`);
  return (n === 0 ? 0 : n) as Minor;
}

export const ZERO = 0 as Minor;

export function add(...amounts: Minor[]): Minor {
  let sum = 0;
  for (const a of amounts) sum += a;
  return minor(sum);
}

export function sub(a: Minor, b: Minor): Minor {
  return minor(a - b);
}

export const neg = (a: Minor): Minor => minor(-a);
export const sum = (amounts: readonly Minor[]): Minor => add(...amounts);
export const min = (a: Minor, b: Minor): Minor => (a <= b ? a : b);
export const max = (a: Minor, b: Minor): Minor => (a >= b ? a : b);

/** `amount × quantity`, the quantity an integer. */
export function times(amount: Minor, quantity: number): Minor {
  if (!Number.isSafeInteger(quantity)) throw new RangeError(`quantity must be an integer, got ${quantity}`);
  return minor(Number(BigInt(amount) * BigInt(quantity)));
}

/** `numerator / denominator` of BigInts, rounded half away from zero. */
function divRound(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('denominator must be positive');
  const negative = numerator < 0n;
  const n = negative ? -numerator : numerator;
  const q = (n * 2n + denominator) / (denominator * 2n);
  return negative ? -q : q;
}

/** Basis points: 1/100 of a percent, an integer (7.7 % = 770, 100 % = 10,000). Rates and percentages are kept so. */
export const BASIS = 10_000;

/** `amount × basisPoints / 10,000`, rounded half away from zero (10 % of 1,005 = 101). */
export function percent(amount: Minor, basisPoints: number): Minor {
  if (!Number.isSafeInteger(basisPoints)) throw new RangeError('basis points must be an integer');
  return minor(Number(divRound(BigInt(amount) * BigInt(basisPoints), BigInt(BASIS))));
}

/** `amount × part / whole`, rounded half away from zero: a proportional share. */
export function share(amount: Minor, part: number, whole: number): Minor {
  if (whole === 0) return ZERO;
  return minor(Number(divRound(BigInt(amount) * BigInt(part), BigInt(whole))));
}

/**
 * The tax contained in a tax-inclusive `gross` at `rateBp`: gross − round(gross × 10,000 / (10,000 + rate)).
 * Prices include tax; the net is the gross minus this.
 */
export function includedTax(gross: Minor, rateBp: number): Minor {
  if (rateBp === 0) return ZERO;
  const net = divRound(BigInt(gross) * BigInt(BASIS), BigInt(BASIS + rateBp));
  return minor(Number(BigInt(gross) - net));
}

/**
 * `total` in `count` equal parts, the rounding remainder on the last (installments: 100 in 3 = 33, 33, 34).
 * For a negative total, each part is negative likewise.
 */
export function splitEqually(total: Minor, count: number): Minor[] {
  if (!Number.isSafeInteger(count) || count < 1) throw new RangeError('count must be a positive integer');
  const part = Math.trunc(total / count);
  const parts = Array.from({ length: count }, () => minor(part));
  parts[count - 1] = minor(total - part * (count - 1));
  return parts;
}

/**
 * `total` spread over `weights` in proportion (largest remainder): the parts add up to `total`
 * exactly, each differs from its exact share by less than one minor unit, and a zero weight gets
 * zero. Used to spread a payment or a discount over an invoice's lines. Weights are non-negative
 * integers (amounts); if they are all zero, everything goes to the first.
 */
export function allocate(total: Minor, weights: readonly number[]): Minor[] {
  if (weights.length === 0) return [];
  for (const w of weights) {
    if (!Number.isSafeInteger(w) || w < 0) throw new RangeError(`weights must be non-negative integers, got ${w}`);
  }
  const whole = weights.reduce((a, b) => a + b, 0);
  if (whole === 0) return weights.map((_, i) => (i === 0 ? total : ZERO));
  const sign = total < 0 ? -1n : 1n;
  const t = BigInt(total) * sign;
  const W = BigInt(whole);
  const floors = weights.map((w) => (t * BigInt(w)) / W);
  let left = t - floors.reduce((a, b) => a + b, 0n);
  const order = weights
    .map((w, i) => ({ i, rem: (t * BigInt(w)) % W }))
    .filter((x) => weights[x.i]! > 0)
    .sort((a, b) => (a.rem === b.rem ? a.i - b.i : a.rem > b.rem ? -1 : 1));
  for (const { i } of order) {
    if (left === 0n) break;
    floors[i] = floors[i]! + 1n;
    left -= 1n;
  }
  return floors.map((f) => minor(Number(f * sign)));
}

/** A non-negative amount as the API carries it: an integer of minor units. */
export const amountSchema = z.number().int('money_integer').min(0).max(MONEY_MAX).transform(minor);
/** A strictly positive amount (a payment, a price that must be set). */
export const positiveAmountSchema = z.number().int('money_integer').min(1).max(MONEY_MAX).transform(minor);
/** A tax rate or a percentage in basis points: 0 to 100 %. */
export const basisPointsSchema = z.number().int().min(0).max(BASIS);

/** How the organisation writes its money: its currency's symbol (`R$ `, `HK$`), decimal and thousands marks. */
export interface MoneyFormat {
  symbol: string;
  exponent: 0 | 2 | 3;
  decimal: string;
  thousands: string;
}

/** `123456` → `R$ 1,234.56` (string arithmetic on the digits; no float). */
export function formatMoney(amount: Minor | number, f: MoneyFormat, withSymbol = true): string {
  const negative = amount < 0;
  const digits = String(Math.abs(amount)).padStart(f.exponent + 1, '0');
  const whole = digits.slice(0, digits.length - f.exponent);
  const fraction = f.exponent > 0 ? digits.slice(digits.length - f.exponent) : '';
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, f.thousands);
  const text = fraction ? `${grouped}${f.decimal}${fraction}` : grouped;
  return `${negative ? '-' : ''}${withSymbol ? f.symbol : ''}${text}`;
}

/**
 * What a person typed (`1,234.5`, `R$ 12`, `12.`) → minor units, or null when it is not an amount
 * in this format (letters, two decimal marks, more decimals than the currency has). The minus may
 * stand before or after the symbol. A symbol with a digit or a minus sign in it would make the text
 * ambiguous (`4` as a symbol: is `41` 41 or 4 + 1?).
 */
export function parseMoney(input: string, f: MoneyFormat): Minor | null {
  const symbol = f.symbol.trim();
  const withoutSymbol = (text: string) => (symbol && text.startsWith(symbol) ? text.slice(symbol.length).trim() : text);
  let s = withoutSymbol(input.trim());
  const negative = s.startsWith('-');
  // formatMoney writes the minus before the symbol (`-R$ 2.50`); a person may type it after (`R$ -2.50`).
  if (negative) s = withoutSymbol(s.slice(1).trim());
  if (f.thousands) s = s.split(f.thousands).join('');
  const parts = s.split(f.decimal);
  if (parts.length > 2) return null;
  const [whole = '', fraction = ''] = parts;
  if (!/^\d*$/.test(whole) || !/^\d*$/.test(fraction) || (whole === '' && fraction === '')) return null;
  if (fraction.length > f.exponent) return null;
  const digits = `${whole || '0'}${fraction.padEnd(f.exponent, '0')}`.replace(/^0+(?=\d)/, '');
  if (digits.length > 15) return null;
  const value = Number(digits);
  if (value > MONEY_MAX) return null;
  return minor(negative ? -value : value);
}

/**
 * Basis points as the digits of a percentage, by integer arithmetic (no floating-point number is
 * made): 1900 → `19`, 770 → `7.7`, 5 → `0.05`; `fixed` keeps both decimals (770 → `7.70`). The one
 * way every screen, export and PDF writes a rate.
 */
export function basisPointsText(bp: number, opts: { fixed?: boolean } = {}): string {
  const sign = bp < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(bp));
  const whole = (abs - (abs % 100)) / 100;
  const digits = String(abs % 100).padStart(2, '0');
  const fraction = opts.fixed ? digits : digits.replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** A percentage typed by staff (`7.7`, `7,70`, `19 %`) in basis points, or null when it is not 0–100 with two decimals at most. */
export function parseBasisPoints(input: string): number | null {
  const match = /^(\d{1,3})(?:[.,](\d{0,2}))?$/.exec(input.trim().replace(/\s*%$/, ''));
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  const bp = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return bp <= BASIS ? bp : null;
}
