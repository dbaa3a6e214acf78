import type { Minor } from '@gym/contract/money';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { MoneyInput, useMoneyRules } from '../../shared/ui/MoneyInput';
import { MoneyText } from '../../shared/ui/MoneyText';

/**
 * A cash payment's amount tendered: at least the amount paid, and the change to hand back under it.
 * `testIds`: the field's and the change's (the sale's payment block and the invoice's payment differ).
 */
export function TenderedField({
  amountMinor,
  change,
  testIds,
}: {
  amountMinor: number | null | undefined;
  change: Minor | null;
  testIds: { field?: string; change: string };
}) {
  const { t } = useTranslation();
  const rules = useMoneyRules({ min: amountMinor ?? 0 });
  return (
    <Form.Item
      name="tenderedMinor"
      label={t('sales:pay.tendered')}
      rules={rules}
      extra={
        change !== null ? (
          <span data-testid={testIds.change}>
            {t('sales:pay.change')} <MoneyText value={change} />
          </span>
        ) : undefined
      }
    >
      <MoneyInput data-testid={testIds.field} />
    </Form.Item>
  );
}
