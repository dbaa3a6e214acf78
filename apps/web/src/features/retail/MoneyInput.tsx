/**
 * A money field until the shared `shared/ui/MoneyInput` lands (then this file goes and the import
 * changes): the organisation's format on blur, minor units out (`null` when empty, `NaN` while the
 * text is not an amount, so the form's rule can say so). No float: `parseMoney` reads the digits.
 */
import { CURRENCY_EXPONENTS, type CurrencyCode, minorUnitExponent } from '@gym/contract/currency';
import { DEFAULT_MONEY_FORMAT, formatMoney, type MoneyFormat, parseMoney } from '@gym/contract/money';
import { Input } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useCenterId } from '../../shared/centerSelection';
import { useCenters } from '../../shared/centers';

interface Props {
  value?: number | null;
  onChange?: (value: number | null) => void;
  format?: MoneyFormat;
  id?: string;
  disabled?: boolean;
  'aria-label'?: string;
  'data-testid'?: string;
}

const show = (value: number | null | undefined, format: MoneyFormat) =>
  value === null || value === undefined || Number.isNaN(value) ? '' : formatMoney(value, format, false);

export function MoneyInput({ value, onChange, format = DEFAULT_MONEY_FORMAT, ...rest }: Props) {
  const [text, setText] = useState(() => show(value, format));
  useEffect(() => {
    // A value set from outside (the form's reset, an edited row) replaces what was typed.
    setText((current) => {
      const typed = current.trim() === '' ? null : parseMoney(current, format);
      return typed === (value ?? null) || (Number.isNaN(value) && typed === null) ? current : show(value, format);
    });
  }, [value, format]);
  return (
    <Input
      {...rest}
      inputMode="decimal"
      autoComplete="off"
      prefix={format.symbol.trim() || undefined}
      value={text}
      style={{ maxWidth: 220 }}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        if (next.trim() === '') onChange?.(null);
        else onChange?.(parseMoney(next, format) ?? Number.NaN);
      }}
      onBlur={() => {
        const parsed = text.trim() === '' ? null : parseMoney(text, format);
        if (parsed !== null) setText(formatMoney(parsed, format, false));
      }}
    />
  );
}

/** The amount as staff read it. */
export const money = (value: number, format: MoneyFormat = DEFAULT_MONEY_FORMAT) => formatMoney(value, format);

/** How this organisation writes money: the working centre's symbol and its currency's decimals. */
export function useMoneyFormat(): MoneyFormat {
  const centers = useCenters();
  const centerId = useCenterId();
  const center = centers.data?.find((c) => c.id === centerId) ?? centers.data?.[0];
  return useMemo(() => {
    if (!center) return DEFAULT_MONEY_FORMAT;
    const code = center.currencyCode as CurrencyCode;
    const exponent = Object.hasOwn(CURRENCY_EXPONENTS, code) ? minorUnitExponent(code) : DEFAULT_MONEY_FORMAT.exponent;
    return { ...DEFAULT_MONEY_FORMAT, symbol: center.currencySymbol, exponent };
  }, [center]);
}
