import './staff.css';
import { PAY_LINK_DEFAULT_DAYS, type PayLinkCreate } from '@gym/contract/payments';
import type { Invoice } from '@gym/contract/sales';
import { Alert, type ButtonProps, Form, Input, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/client';
import { apiErrorMessage, fieldErrorMessage, requiredRule } from '../../shared/api/errorMessages';
import { MoneyInput, useMoneyRules } from '../../shared/ui/MoneyInput';
import { useDates } from '../../shared/useDates';
import { type PayLink, useCreatePayLink } from './api';
import { moneyIn } from './orderProgress';
import { PayLinkShare } from './PayLinkShare';

type Kind = 'balance' | 'installment' | 'amount';
interface Values {
  kind: Kind;
  installmentId?: string;
  amount?: number | null;
  description?: string;
  days: number;
}

/** How long a new link stays valid: the default week, or a choice up to the longest allowed. */
export const EXPIRY_DAYS = [3, PAY_LINK_DEFAULT_DAYS, 14, 30, 90] as const;

/** The request for what the form says; the expiry counted from `now`. */
export function payLinkRequest(invoiceId: string, values: Values, now: Date): PayLinkCreate {
  const expiresAt = new Date(now.getTime() + values.days * 86_400_000).toISOString();
  const expiry = values.days === PAY_LINK_DEFAULT_DAYS ? {} : { expiresAt };
  if (values.kind === 'installment') return { installmentId: values.installmentId!, ...expiry };
  if (values.kind === 'amount')
    return {
      invoiceId,
      amount: values.amount as PayLinkCreate['amount'],
      description: values.description?.trim() ?? '',
      ...expiry,
    };
  return { invoiceId, ...expiry };
}

/** The installments a link can still ask for: those not fully paid, first due first. */
export function openInstallments(invoice: Pick<Invoice, 'installments'>) {
  return invoice.installments.filter((i) => i.paidMinor < i.amountMinor);
}

/**
 * Staff make a pay link for an invoice: its open balance, one installment's open part, or a free
 * amount with what it is for; then copy it, show its QR code or send it by e-mail.
 */
export function PayLinkCreateModal({
  invoice,
  open,
  onClose,
}: {
  invoice: Invoice;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  const [form] = Form.useForm<Values>();
  const create = useCreatePayLink();
  const [made, setMade] = useState<PayLink | null>(null);
  const [pageError, setPageError] = useState<string | null>(null);
  const kind = Form.useWatch('kind', form) ?? 'balance';
  const parts = openInstallments(invoice);
  const amountRules = useMoneyRules({ required: true, min: 1, max: invoice.balanceMinor });
  const money = (n: number) => moneyIn(n, invoice.currencyCode);
  const close = () => {
    setMade(null);
    setPageError(null);
    create.reset();
    form.resetFields();
    onClose();
  };

  return (
    <Modal
      open={open}
      onCancel={close}
      title={t('payments:create.title', { number: invoice.number })}
      okText={made ? t('payments:create.done') : t('payments:create.submit')}
      onOk={() => (made ? close() : form.submit())}
      okButtonProps={{ loading: create.isPending, 'data-testid': 'pay-link-create-submit' } as ButtonProps}
      cancelButtonProps={made ? { style: { display: 'none' } } : {}}
      destroyOnHidden
      data-testid="pay-link-create"
    >
      {made ? (
        <div data-testid="pay-link-made">
          <Alert
            type="success"
            showIcon
            title={t('payments:create.made', { amount: money(made.amount), date: dates.dateTime(made.expiresAt) })}
            style={{ marginBottom: 12 }}
          />
          <PayLinkShare link={made} />
        </div>
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          name="pay_link_create"
          initialValues={{ kind: 'balance', days: PAY_LINK_DEFAULT_DAYS, installmentId: parts[0]?.id }}
          disabled={create.isPending}
          onFinish={(values) => {
            setPageError(null);
            create.mutate(payLinkRequest(invoice.id, values, new Date()), {
              onSuccess: setMade,
              onError: (error) => {
                const fields = isApiError(error) ? (error.fields ?? []) : [];
                const named = fields
                  .map((f) => ({ name: (f.path === 'expiresAt' ? 'days' : f.path) as keyof Values, code: f.code }))
                  .filter((f) => ['installmentId', 'amount', 'description', 'days'].includes(f.name));
                if (named.length > 0) {
                  form.setFields(named.map((f) => ({ name: f.name, errors: [fieldErrorMessage(t, f.code)] })));
                  return;
                }
                setPageError(apiErrorMessage(t, error));
              },
            });
          }}
        >
          {pageError && <Alert type="error" showIcon role="alert" title={pageError} style={{ marginBottom: 12 }} />}
          <p className="pay-link-create__balance">
            {t('payments:create.balance', { amount: money(invoice.balanceMinor) })}
          </p>
          <Form.Item name="kind" label={t('payments:create.what')}>
            <Radio.Group className="pay-link-create__kinds">
              <Radio value="balance" data-testid="pay-link-kind-balance">
                {t('payments:create.kind.balance', { amount: money(invoice.balanceMinor) })}
              </Radio>
              <Radio value="installment" disabled={parts.length === 0} data-testid="pay-link-kind-installment">
                {t('payments:create.kind.installment')}
              </Radio>
              <Radio value="amount" data-testid="pay-link-kind-amount">
                {t('payments:create.kind.amount')}
              </Radio>
            </Radio.Group>
          </Form.Item>
          {kind === 'installment' && (
            <Form.Item name="installmentId" label={t('payments:create.installment')} rules={[requiredRule(t)]}>
              <Select
                data-testid="pay-link-installment"
                options={parts.map((p) => ({
                  value: p.id,
                  label: t('payments:create.installmentOption', {
                    seq: p.seq,
                    date: dates.date(p.dueOn),
                    amount: money(p.amountMinor - p.paidMinor),
                  }),
                }))}
              />
            </Form.Item>
          )}
          {kind === 'amount' && (
            <>
              <Form.Item name="amount" label={t('payments:create.amount')} rules={amountRules}>
                <MoneyInput min={1} max={invoice.balanceMinor} data-testid="pay-link-amount" />
              </Form.Item>
              <Form.Item
                name="description"
                label={t('payments:create.description')}
                rules={[requiredRule(t), { max: 200 }]}
              >
                <Input maxLength={200} data-testid="pay-link-description" />
              </Form.Item>
            </>
          )}
          <Form.Item name="days" label={t('payments:create.expiry')}>
            <Select
              data-testid="pay-link-days"
              options={EXPIRY_DAYS.map((days) => ({ value: days, label: t('payments:create.days', { count: days }) }))}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
