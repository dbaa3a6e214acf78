import { type Minor, minor } from '@gym/contract/money';
import type { Invoice } from '@gym/contract/sales';
import { Alert, App, Checkbox, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyInput, useMoneyRules } from '../../../shared/ui/MoneyInput';
import { MoneyText } from '../../../shared/ui/MoneyText';
import { TenderedField } from '../ActionFields';
import { usePay } from '../api';
import { changeOf } from '../plan';
import { placePlanError, placeSaleErrors } from '../saleErrors';
import { usePaymentMethods } from '../usePaymentMethods';

interface Values {
  method: string;
  amountMinor: number | null;
  tenderedMinor?: number | null;
  reference?: string;
  installmentIds?: string[];
}

/** Take a payment on an invoice: method, amount (at most the balance), which installments, cash tendered and change. */
export function PaymentModal({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const methods = usePaymentMethods();
  const pay = usePay(invoice.id);
  const [problems, setProblems] = useState<string[]>([]);
  const method = Form.useWatch('method', form);
  const amount = Form.useWatch('amountMinor', form);
  const tendered = Form.useWatch('tenderedMinor', form);
  const amountRules = useMoneyRules({ required: true, min: 1, max: invoice.balanceMinor });
  const open = invoice.installments.filter((i) => i.paidMinor < i.amountMinor);
  const change = method === 'cash' ? changeOf(tendered, amount) : null;
  const firstDue = open[0] ? open[0].amountMinor - open[0].paidMinor : invoice.balanceMinor;

  const submit = async (values: Values) => {
    setProblems([]);
    try {
      await pay.mutateAsync({
        method: values.method,
        amountMinor: minor(values.amountMinor ?? 0) as Minor,
        ...(values.method === 'cash' && values.tenderedMinor ? { tenderedMinor: minor(values.tenderedMinor) } : {}),
        ...(values.reference?.trim() ? { reference: values.reference.trim() } : {}),
        ...(values.installmentIds?.length ? { installmentIds: values.installmentIds } : {}),
      });
      void message.success(t('sales:actions.paid'));
      onClose();
    } catch (error) {
      setProblems(
        placeSaleErrors(form, error, t, (path) =>
          path.startsWith('installmentIds') ? 'installmentIds' : placePlanError(path, false),
        ),
      );
    }
  };

  return (
    <Modal
      open
      title={t('sales:actions.payTitle', { number: invoice.number })}
      okText={t('sales:actions.pay')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={pay.isPending}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'payment-submit' } as Record<`data-${string}`, string>}
    >
      <p>
        {t('sales:fields.balance')}: <MoneyText value={invoice.balanceMinor} />
      </p>
      <Form<Values>
        form={form}
        layout="vertical"
        name="invoice-payment"
        initialValues={{ method: 'cash', amountMinor: firstDue }}
        onFinish={(v) => void submit(v)}
      >
        {open.length > 1 && (
          <Form.Item
            name="installmentIds"
            label={t('sales:actions.whichInstallments')}
            extra={t('sales:actions.earliestFirst')}
          >
            <Checkbox.Group
              options={open.map((i) => ({
                value: i.id,
                label: (
                  <span>
                    {i.seq === 0 ? t('sales:plan.depositRow') : t('sales:plan.installmentRow', { n: i.seq })} ·{' '}
                    {i.dueOn} · <MoneyText value={i.amountMinor - i.paidMinor} />
                    {i.overdue ? ` · ${t('sales:installment.overdue')}` : ''}
                  </span>
                ),
              }))}
            />
          </Form.Item>
        )}
        <Form.Item
          name="method"
          label={t('sales:pay.method')}
          rules={[{ required: true, message: t('errors:validation.required') }]}
        >
          <Select options={methods} />
        </Form.Item>
        <Form.Item name="amountMinor" label={t('sales:pay.amount')} rules={amountRules}>
          <MoneyInput data-testid="payment-amount" />
        </Form.Item>
        {method === 'cash' ? (
          <TenderedField amountMinor={amount} change={change} testIds={{ change: 'payment-change' }} />
        ) : (
          <Form.Item name="reference" label={t('sales:pay.reference')}>
            <Input maxLength={100} />
          </Form.Item>
        )}
      </Form>
      {problems.length > 0 && <Alert type="error" showIcon title={problems.join(' ')} />}
    </Modal>
  );
}
