import { Input } from 'antd';
import { useEffect, useState } from 'react';
import { basisPointsToPercent, percentToBasisPoints } from '../taxRate';

interface Props {
  /** Basis points (`NaN` while the text is not a rate). */
  value?: number | null;
  onChange?: (value: number | null) => void;
  id?: string;
  disabled?: boolean;
}

/** A tax rate typed in percent (two decimals at most), kept as basis points. */
export function TaxRateInput({ value, onChange, id, disabled }: Props) {
  const [text, setText] = useState(() =>
    typeof value === 'number' && !Number.isNaN(value) ? basisPointsToPercent(value) : '',
  );
  useEffect(() => {
    setText((current) =>
      percentToBasisPoints(current) === value || (Number.isNaN(value) && percentToBasisPoints(current) === null)
        ? current
        : typeof value === 'number'
          ? basisPointsToPercent(value)
          : '',
    );
  }, [value]);
  return (
    <Input
      id={id}
      disabled={disabled}
      inputMode="decimal"
      autoComplete="off"
      suffix="%"
      value={text}
      style={{ width: 140 }}
      onChange={(event) => {
        setText(event.target.value);
        const trimmed = event.target.value.trim();
        onChange?.(trimmed === '' ? null : (percentToBasisPoints(trimmed) ?? Number.NaN));
      }}
    />
  );
}
