import './money.css';
import { formatMoney, type MoneyFormat } from '@gym/contract/money';
import { Typography } from 'antd';
import type { HTMLAttributes, ReactNode } from 'react';
import { useMoneyFormat } from '../useMoneyFormat';

export interface MoneyTextProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'> {
  /** The amount in minor units; null or undefined shows `empty`. */
  value: number | null | undefined;
  /** Show a negative amount in red (a balance due, a refund). */
  negativeRed?: boolean;
  /** Without the currency symbol (a column headed with the currency). */
  withoutSymbol?: boolean;
  /** The format; by default the organisation's (`useMoneyFormat`). */
  format?: MoneyFormat;
  /** What stands for no amount; a dash by default. */
  empty?: string;
  'data-testid'?: string;
}

/** An amount as text, in the organisation's money format: `R$ 1,234.56`. */
export function MoneyText({
  value,
  negativeRed = false,
  withoutSymbol = false,
  format,
  empty = '–',
  className,
  ...rest
}: MoneyTextProps) {
  const organisation = useMoneyFormat();
  const f = format ?? organisation;
  const known = typeof value === 'number' && Number.isSafeInteger(value);
  const text = known ? formatMoney(value, f, !withoutSymbol) : empty;
  const classes = className ? `money-text ${className}` : 'money-text';
  if (known && value < 0 && negativeRed) {
    return (
      <Typography.Text type="danger" className={classes} data-negative="true" {...rest}>
        {text}
      </Typography.Text>
    );
  }
  return (
    <span className={classes} {...rest}>
      {text}
    </span>
  );
}

/** A table's column of amounts, right-aligned: `amount` reads a row's amount in minor units. */
export function moneyColumn<T>(key: string, title: ReactNode, amount: (row: T) => number | null) {
  return { key, title, align: 'right' as const, render: (_: unknown, row: T) => <MoneyText value={amount(row)} /> };
}
