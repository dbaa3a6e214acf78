/** Fields the sales' forms share: the cash tendered of a payment, the reason of a void, refund or entitlement change. */
import type { Minor } from '@gym/contract/money';
import { Form, Input } from 'antd';
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

/** Why a sale or what it gave is changed (a void, a refund, a freeze, ...): 3 to 300 characters, required unless told. */
export function ActionReasonField({ required = true }: { required?: boolean }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="reason"
      label={t('sales:fields.reason')}
      rules={
        required
          ? [
              { required: true, whitespace: true, message: t('sales:fieldErrors.reason_required') },
              { min: 3, message: t('errors:validation.minLength', { min: 3 }) },
            ]
          : []
      }
    >
      <Input.TextArea maxLength={300} autoSize={{ minRows: 2 }} />
    </Form.Item>
  );
}
