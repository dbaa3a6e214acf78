/**
 * The percent input and the rules it writes by.
 * Percentages and tax rates as people type them ("7.7", "10", "5,5", "23 %") ↔ basis points
 * (770, 1000, 550, 2300), by string work on the digits: no floating-point number ever holds a rate.
 */
import { BASIS } from '@gym/contract/money';
import { Input } from 'antd';
import { useEffect, useState } from 'react';

const PERCENT = /^(\d{1,3})(?:[.,](\d{0,2}))?$/;

/** `"7.7"` → 770, `"0"` → 0, `"100"` → 10,000; null when it is not a percentage from 0 to 100 with two decimals at most. */
export function parsePercent(input: string): number | null {
  const match = PERCENT.exec(input.trim().replace(/\s*%$/, ''));
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  const bp = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return bp <= BASIS ? bp : null;
}

/** 770 → `"7.70"`, 0 → `"0.00"`, 10,000 → `"100.00"` (a tax rate, as the catalogue writes it). */
export function percentTwoDecimals(bp: number): string {
  const digits = String(Math.abs(Math.trunc(bp))).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** 770 → `"7.7"`, 1000 → `"10"`, 5 → `"0.05"` (no trailing zeros). */
export function percentShort(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const fraction = String(bp % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** A rate as a list shows it: `7.70 %` (`two`) or `7.7 %` (`needed`). */
export function percentText(bp: number, decimals: 'two' | 'needed' = 'two'): string {
  return `${decimals === 'two' ? percentTwoDecimals(bp) : percentShort(bp)} %`;
}

interface Props {
  /** Basis points (`NaN` while the text is not a percentage). */
  value?: number | null;
  onChange?: (value: number | null) => void;
  id?: string;
  disabled?: boolean;
  /** How a value is written: `7.70` (tax rates of the catalogue) or `7.7`. */
  decimals?: 'two' | 'needed';
  'data-testid'?: string;
}

/** A percentage typed as text (two decimals at most), held by the form as basis points. */
export function PercentInput({ value, onChange, id, disabled, decimals = 'two', 'data-testid': testId }: Props) {
  const write = decimals === 'two' ? percentTwoDecimals : percentShort;
  const [text, setText] = useState(() => (typeof value === 'number' && !Number.isNaN(value) ? write(value) : ''));
  useEffect(() => {
    // The form changed the value (reset, another item): show it, unless it is what is typed.
    setText((current) =>
      parsePercent(current) === value || (Number.isNaN(value) && parsePercent(current) === null)
        ? current
        : typeof value === 'number'
          ? write(value)
          : '',
    );
  }, [value, write]);
  return (
    <Input
      id={id}
      disabled={disabled}
      inputMode="decimal"
      autoComplete="off"
      suffix="%"
      value={text}
      style={{ width: 140 }}
      {...(testId ? { 'data-testid': testId } : {})}
      onChange={(event) => {
        setText(event.target.value);
        const trimmed = event.target.value.trim();
        onChange?.(trimmed === '' ? null : (parsePercent(trimmed) ?? Number.NaN));
      }}
    />
  );
}
