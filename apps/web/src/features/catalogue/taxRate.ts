/**
 * Tax rates are edited in percent with at most two decimals and stored in basis points
 * (7.7 % = 770). Both ways are string work on the digits: no floating-point number is made.
 */
const PERCENT = /^(\d{1,3})(?:[.,](\d{0,2}))?$/;

/** `"7.7"` → 770, `"0"` → 0, `"100"` → 10,000; null when it is not a percentage from 0 to 100 with two decimals at most. */
export function percentToBasisPoints(input: string): number | null {
  const match = PERCENT.exec(input.trim().replace(/\s*%$/, ''));
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  const bp = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return bp <= 10_000 ? bp : null;
}

/** 770 → `"7.70"`, 0 → `"0.00"`, 10,000 → `"100.00"`. */
export function basisPointsToPercent(bp: number): string {
  const digits = String(Math.abs(Math.trunc(bp))).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}
