import { formatMoney } from '@gym/contract/money';
import type { ReportColumn } from '@gym/contract/reports';
import { useMemo } from 'react';
import { MoneyText } from '../../shared/ui/MoneyText';
import { useDates } from '../../shared/useDates';
import { useMoneyFormat } from '../../shared/useMoneyFormat';

/** A basis-points value as a percentage (1 % = 100). */
const percentFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
const percent = (bp: number) => `${percentFormat.format(bp / 100)} %`;

/** Writes a report's value as its column's kind says. */
export function useCell() {
  const dates = useDates();
  return (column: ReportColumn, value: unknown) => {
    if (value === null || value === undefined || value === '') return '–';
    switch (column.kind) {
      case 'money':
        return typeof value === 'number' ? <MoneyText value={value} /> : String(value);
      case 'date':
        return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? dates.date(value) : String(value);
      case 'hour':
        return typeof value === 'number' ? `${String(value).padStart(2, '0')}:00` : String(value);
      case 'percent':
        return typeof value === 'number' ? percent(value) : String(value);
      default:
        return String(value);
    }
  };
}

/** How the chart writes labels along its axis and the values drawn. */
export function useChartFormat() {
  const money = useMoneyFormat();
  const dates = useDates();
  return useMemo(
    () => ({
      label: (column: ReportColumn, value: string | number | null) => {
        if (value === null) return '–';
        if (column.kind === 'date' && typeof value === 'string') return dates.date(value);
        if (column.kind === 'hour' && typeof value === 'number') return `${String(value).padStart(2, '0')}:00`;
        return String(value);
      },
      value: (column: ReportColumn) => (v: number) =>
        column.kind === 'money' ? formatMoney(v, money, true) : column.kind === 'percent' ? percent(v) : String(v),
    }),
    [money, dates],
  );
}
