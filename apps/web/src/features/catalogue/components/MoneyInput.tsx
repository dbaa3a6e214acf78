/**
 * A money field until the shared `shared/ui/MoneyInput` is there (same props: swapping it is one
 * import). The value is integer minor units (`null` when empty, `NaN` while the text is not an
 * amount, so the form can say so); the text is parsed and written with `@gym/contract/money`,
 * never through a float.
 */
import { formatMoney, type MoneyFormat, parseMoney } from '@gym/contract/money';
import { Input } from 'antd';
import { useEffect, useState } from 'react';
import { useMoneyFormat } from '../money';

interface Props {
  value?: number | null;
  onChange?: (value: number | null) => void;
  id?: string;
  disabled?: boolean;
  'aria-label'?: string;
  'data-testid'?: string;
}

const show = (value: number | null | undefined, f: MoneyFormat) =>
  value === null || value === undefined || Number.isNaN(value) ? '' : formatMoney(value, f, false);

export function MoneyInput({ value, onChange, id, disabled, ...rest }: Props) {
  const format = useMoneyFormat();
  const [text, setText] = useState(() => show(value, format));

  // A value set from outside (the form's initial values, a reset) replaces the text; one that came from typing does not.
  useEffect(() => {
    setText((current) => {
      const typed = current.trim() === '' ? null : parseMoney(current, format);
      return typed === (value ?? null) || (Number.isNaN(value) && typed === null) ? current : show(value, format);
    });
  }, [value, format]);

  return (
    <Input
      id={id}
      disabled={disabled}
      inputMode="decimal"
      autoComplete="off"
      prefix={format.symbol.trim() || undefined}
      value={text}
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
      style={{ width: 200 }}
      aria-label={rest['aria-label']}
      data-testid={rest['data-testid']}
    />
  );
}
