/**
 * Percentages and tax rates as people type them ("7.7", "10", "0.25") ↔ basis points (770, 1000, 25),
 * by string parsing: no float ever holds a rate.
 */
import { BASIS } from '@gym/contract/money';

/** `"7.7"` → 770; null for anything that is not 0–100 with at most two decimals. */
export function parseBasisPoints(input: string): number | null {
  const text = input.trim().replace(/%$/, '').trim().replace(',', '.');
  const match = /^(\d{1,3})(?:\.(\d{0,2}))?$/.exec(text);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  const bp = whole * 100 + fraction;
  return bp <= BASIS ? bp : null;
}

/** 770 → `"7.7"`, 1000 → `"10"`, 5 → `"0.05"`. */
export function formatBasisPoints(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const fraction = String(bp % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}
