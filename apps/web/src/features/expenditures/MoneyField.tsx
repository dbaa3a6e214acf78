/**
 * A money text input for this screen's drawer: what is typed is read with `parseMoney` in the
 * organisation's format (symbol, decimals of its currency) into integer minor units, never a float,
 * and shown again with `formatMoney` when the field is left.
 *
 * Local to the expenditure screen until the shared money input (`shared/ui`) is merged; then this
 * file goes and the drawer uses the shared one.
 */
import { formatMoney, type MoneyFormat } from '@gym/contract/money';
import { Input } from 'antd';
import type { TFunction } from 'i18next';
import { moneyValue } from './expenditureForm';

export { useMoneyFormat } from '../../shared/useMoneyFormat';

/** An antd form rule: a money amount in the organisation's format (empty passes; add `required` beside it). */
export function moneyRule(t: TFunction, format: MoneyFormat) {
  return {
    validator: async (_rule: unknown, text: string | undefined) => {
      if (!text?.trim()) return;
      if (moneyValue(text, format) === null) throw new Error(t('expenditures:errors.money_format'));
    },
  };
}

interface Props {
  value?: string;
  onChange?: (value: string) => void;
  format: MoneyFormat;
  id?: string;
  disabled?: boolean;
  'aria-label'?: string;
  'data-testid'?: string;
}

export function MoneyField({ value, onChange, format, ...rest }: Props) {
  const placeholder = formatMoney(0, format, false);
  return (
    <Input
      {...rest}
      value={value ?? ''}
      prefix={format.symbol.trim() || undefined}
      inputMode="decimal"
      autoComplete="off"
      placeholder={placeholder}
      style={{ maxWidth: 220 }}
      onChange={(event) => onChange?.(event.target.value)}
      onBlur={() => {
        // Tidy what was typed (`1234.5` → `1,234.50`); leave a wrong text as it is, for its message.
        const amount = moneyValue(value, format);
        if (amount !== null) onChange?.(formatMoney(amount, format, false));
      }}
    />
  );
}
