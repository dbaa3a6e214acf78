/**
 * The deposit, installments and payment block of both sale screens (inside their antd form):
 * everything today, or a deposit plus N installments (equal split, the remainder on the last, a
 * chosen number of months apart; or each date and amount edited by hand, refused when they do not
 * add up), then pay now (method, amount, cash tendered and the change) or later.
 */
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { type Minor, minor } from '@gym/contract/money';
import type { BusinessDate } from '@gym/contract/time';
import {
  Alert,
  Button,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Switch,
  Table,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyInput, useMoneyRules } from '../../shared/ui/MoneyInput';
import { MoneyText } from '../../shared/ui/MoneyText';
import { useDates } from '../../shared/useDates';
import { TenderedField } from './ActionFields';
import { changeOf, defaultPayment, equalInstallments, type PlanValues, planProblem } from './plan';
import { usePaymentMethods } from './usePaymentMethods';

export const PLAN_DEFAULTS: PlanValues = {
  planMode: 'full',
  depositMinor: null,
  count: 2,
  intervalMonths: 1,
  customised: false,
  rows: [],
  payNow: true,
  method: 'cash',
  amountMinor: null,
  tenderedMinor: null,
  reference: null,
};

/** The business-date DatePicker binding: the form keeps `YYYY-MM-DD` strings. */
export const dateField = {
  getValueProps: (value: string | null | undefined) => ({ value: value ? dayjs(value) : null }),
  normalize: (value: dayjs.Dayjs | null) => (value ? value.format('YYYY-MM-DD') : null),
};

interface Props {
  /** The total as the invoice will have it (the coupon's discount included: `salePrice`). */
  totalMinor: Minor;
  today: BusinessDate;
}

export function PaymentPlanFields({ totalMinor, today }: Props) {
  const { t } = useTranslation();
  const dates = useDates();
  const form = Form.useFormInstance();
  const methods = usePaymentMethods();
  const planMode = Form.useWatch('planMode', form) as PlanValues['planMode'] | undefined;
  const depositMinor = (Form.useWatch('depositMinor', form) as number | null | undefined) ?? 0;
  const count = Form.useWatch('count', form) as number | null | undefined;
  const intervalMonths = Form.useWatch('intervalMonths', form) as number | null | undefined;
  const customised = Form.useWatch('customised', form) as boolean | undefined;
  const rows = (Form.useWatch('rows', form) as PlanValues['rows']) ?? [];
  const payNow = Form.useWatch('payNow', form) as boolean | undefined;
  const method = Form.useWatch('method', form) as string | undefined;
  const amountMinor = Form.useWatch('amountMinor', form) as number | null | undefined;
  const tenderedMinor = Form.useWatch('tenderedMinor', form) as number | null | undefined;
  const installments = planMode === 'installments';

  const preview = useMemo(
    () => equalInstallments(totalMinor, minor(depositMinor), count ?? 0, today, intervalMonths ?? 1),
    [totalMinor, depositMinor, count, today, intervalMonths],
  );
  const problem =
    installments && customised
      ? planProblem(
          totalMinor,
          minor(depositMinor),
          rows.map((r) => ({ dueOn: r?.dueOn, amountMinor: r?.amountMinor })),
          today,
        )
      : installments && depositMinor >= totalMinor && totalMinor > 0
        ? planProblem(totalMinor, minor(depositMinor), [], today)
        : null;

  // The amount paid now follows the deposit or the total until the desk types another.
  const suggested = defaultPayment({ planMode: planMode ?? 'full', depositMinor }, totalMinor);
  const amountTyped = useRef(false);
  useEffect(() => {
    if (!amountTyped.current) form.setFieldValue('amountMinor', suggested > 0 ? suggested : null);
  }, [form, suggested]);

  const depositRules = useMoneyRules({ min: 0, max: totalMinor > 0 ? totalMinor - 1 : 0 });
  const amountRules = useMoneyRules({
    required: Boolean(payNow),
    min: 1,
    max: totalMinor > 0 ? totalMinor : undefined,
  });
  const rowAmountRules = useMoneyRules({ required: true, min: 1 });
  const change = method === 'cash' ? changeOf(tenderedMinor, amountMinor) : null;

  const editByHand = () => {
    form.setFieldsValue({
      customised: true,
      rows: preview.map((r) => ({ dueOn: r.dueOn, amountMinor: r.amountMinor })),
    });
  };

  return (
    <div className="sale-plan" data-testid="sale-plan">
      <Form.Item name="planMode" label={t('sales:plan.mode')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'full', label: t('sales:plan.full') },
            { value: 'installments', label: t('sales:plan.installments') },
          ]}
          data-testid="plan-mode"
        />
      </Form.Item>
      {installments && (
        <>
          <Space wrap align="start" size="middle">
            <Form.Item name="depositMinor" label={t('sales:plan.deposit')} rules={depositRules}>
              <MoneyInput data-testid="plan-deposit" />
            </Form.Item>
            {!customised && (
              <>
                <Form.Item
                  name="count"
                  label={t('sales:plan.count')}
                  rules={[{ required: true, message: t('errors:validation.required') }]}
                >
                  <InputNumber min={1} max={36} precision={0} data-testid="plan-count" />
                </Form.Item>
                <Form.Item name="intervalMonths" label={t('sales:plan.interval')}>
                  <InputNumber min={1} max={12} precision={0} data-testid="plan-interval" />
                </Form.Item>
              </>
            )}
          </Space>
          {!customised ? (
            <>
              <Table
                size="small"
                pagination={false}
                rowKey="dueOn"
                data-testid="plan-preview"
                dataSource={[
                  ...(depositMinor > 0
                    ? [{ key: 'deposit', dueOn: today, amountMinor: minor(depositMinor), deposit: true }]
                    : []),
                  ...preview.map((r) => ({ ...r, key: r.dueOn, deposit: false })),
                ]}
                columns={[
                  {
                    key: 'what',
                    title: t('sales:plan.what'),
                    render: (_: unknown, row: { deposit: boolean }, i: number) =>
                      row.deposit
                        ? t('sales:plan.depositRow')
                        : t('sales:plan.installmentRow', { n: depositMinor > 0 ? i : i + 1 }),
                  },
                  {
                    key: 'dueOn',
                    title: t('sales:plan.dueOn'),
                    dataIndex: 'dueOn',
                    render: (day: string) => dates.date(day),
                  },
                  {
                    key: 'amount',
                    title: t('sales:plan.amount'),
                    align: 'right',
                    dataIndex: 'amountMinor',
                    render: (v: number) => <MoneyText value={v} />,
                  },
                ]}
              />
              <Button
                className="sale-plan__edit"
                icon={<EditOutlined />}
                onClick={editByHand}
                disabled={preview.length === 0}
              >
                {t('sales:plan.editByHand')}
              </Button>
            </>
          ) : (
            <Form.List name="rows">
              {(fields, { add, remove }) => (
                <div className="sale-plan__rows" data-testid="plan-rows">
                  {fields.map((field, i) => (
                    <Space key={field.key} wrap align="start">
                      <Form.Item
                        name={[field.name, 'dueOn']}
                        label={t('sales:plan.installmentRow', { n: i + 1 })}
                        rules={[{ required: true, message: t('errors:validation.required') }]}
                        {...dateField}
                      >
                        <DatePicker
                          allowClear={false}
                          aria-label={t('sales:plan.dueOn')}
                          disabledDate={(d) => d.format('YYYY-MM-DD') < today}
                        />
                      </Form.Item>
                      <Form.Item
                        name={[field.name, 'amountMinor']}
                        label={t('sales:plan.amount')}
                        rules={rowAmountRules}
                      >
                        <MoneyInput />
                      </Form.Item>
                      <Form.Item label=" ">
                        <Button
                          icon={<DeleteOutlined />}
                          aria-label={t('sales:plan.removeRow')}
                          onClick={() => remove(field.name)}
                          disabled={fields.length <= 1}
                        />
                      </Form.Item>
                    </Space>
                  ))}
                  <Space wrap>
                    <Button icon={<PlusOutlined />} onClick={() => add({ dueOn: null, amountMinor: null })}>
                      {t('sales:plan.addRow')}
                    </Button>
                    <Button onClick={() => form.setFieldsValue({ customised: false, rows: [] })}>
                      {t('sales:plan.backToEqual')}
                    </Button>
                  </Space>
                </div>
              )}
            </Form.List>
          )}
          {problem && (
            <Alert
              type="error"
              showIcon
              className="sale-plan__problem"
              data-testid="plan-problem"
              title={
                problem.code === 'installments_sum' ? (
                  <span>
                    {t('sales:plan.doesNotAddUp')} <MoneyText value={problem.differenceMinor} />
                  </span>
                ) : (
                  t(`sales:fieldErrors.${problem.code}`)
                )
              }
            />
          )}
        </>
      )}
      <Form.Item name="customised" hidden valuePropName="checked">
        <Switch />
      </Form.Item>

      <Form.Item name="payNow" label={t('sales:pay.when')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: true, label: t('sales:pay.now') },
            { value: false, label: t('sales:pay.later') },
          ]}
          data-testid="pay-when"
        />
      </Form.Item>
      {payNow && (
        <Space wrap align="start" size="middle">
          <Form.Item
            name="method"
            label={t('sales:pay.method')}
            rules={[{ required: true, message: t('errors:validation.required') }]}
          >
            <Select options={methods} style={{ minWidth: 160 }} data-testid="pay-method" />
          </Form.Item>
          <Form.Item name="amountMinor" label={t('sales:pay.amount')} rules={amountRules}>
            <MoneyInput
              data-testid="pay-amount"
              onChange={() => {
                amountTyped.current = true;
              }}
            />
          </Form.Item>
          {method === 'cash' && (
            <TenderedField
              amountMinor={amountMinor}
              change={change}
              testIds={{ field: 'pay-tendered', change: 'pay-change' }}
            />
          )}
          {method !== 'cash' && (
            <Form.Item name="reference" label={t('sales:pay.reference')}>
              <Input maxLength={100} />
            </Form.Item>
          )}
        </Space>
      )}
      {!payNow && totalMinor > 0 && (
        <Typography.Paragraph type="secondary">
          {t('sales:pay.laterNote')} <MoneyText value={totalMinor} />
        </Typography.Paragraph>
      )}
    </div>
  );
}
