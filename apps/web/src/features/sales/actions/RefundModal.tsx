import { minor } from '@gym/contract/money';
import type { Invoice } from '@gym/contract/sales';
import { Alert, App, Checkbox, Form, InputNumber, Modal, Radio, Select, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyInput } from '../../../shared/ui/MoneyInput';
import { MoneyText } from '../../../shared/ui/MoneyText';
import { ActionReasonField } from '../ActionFields';
import { type RefundInput, useRefund } from '../api';
import { grantsEntitlement } from '../cart';
import { lineErrors, placeSaleErrors } from '../saleErrors';
import { usePaymentMethods } from '../usePaymentMethods';

interface LineChoice {
  chosen: boolean;
  quantity: number;
  mode: 'whole' | 'unused';
  amountMinor: number | null;
}

/** Refund lines of an invoice (managers): which lines, how many, whole or unused for entitlements, amount, method, reason. */
export function RefundModal({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string; method?: string }>();
  const methods = usePaymentMethods();
  const refund = useRefund(invoice.id);
  const lines = invoice.lines.filter((l) => l.refundedQuantity < l.quantity);
  const [choices, setChoices] = useState<Record<string, LineChoice>>(() =>
    Object.fromEntries(
      lines.map((l) => [
        l.id,
        { chosen: lines.length === 1, quantity: l.quantity - l.refundedQuantity, mode: 'whole', amountMinor: null },
      ]),
    ),
  );
  const [problems, setProblems] = useState<string[]>([]);
  const [perLine, setPerLine] = useState<Map<number, string[]>>(new Map());
  const set = (id: string, patch: Partial<LineChoice>) =>
    setChoices((all) => ({ ...all, [id]: { ...(all[id] as LineChoice), ...patch } }));

  const submit = async (values: { reason: string; method?: string }) => {
    setProblems([]);
    setPerLine(new Map());
    const chosen = lines.filter((l) => choices[l.id]?.chosen);
    if (chosen.length === 0) {
      setProblems([t('sales:refund.chooseLine')]);
      return;
    }
    const body: RefundInput = {
      reason: values.reason.trim(),
      ...(values.method ? { method: values.method } : {}),
      lines: chosen.map((l) => {
        const c = choices[l.id] as LineChoice;
        return {
          lineId: l.id,
          quantity: c.quantity,
          mode: c.mode,
          ...(c.amountMinor !== null ? { amountMinor: minor(c.amountMinor) } : {}),
        };
      }),
    };
    try {
      await refund.mutateAsync(body);
      void message.success(t('sales:refund.done'));
      onClose();
    } catch (error) {
      // The request's line N is the Nth chosen line; shown beside it in the table.
      const byRequest = lineErrors(error, t);
      const byTable = new Map<number, string[]>();
      for (const [i, m] of byRequest) {
        const line = chosen[i];
        if (line) byTable.set(lines.indexOf(line), m);
      }
      setPerLine(byTable);
      const rest = placeSaleErrors(
        form,
        error,
        t,
        (path) => (path === 'reason' || path === 'method' ? path : null),
        (path) => /^lines\.\d+/.test(path),
      );
      setProblems(rest);
    }
  };

  return (
    <Modal
      open
      width={720}
      title={t('sales:refund.title', { number: invoice.number })}
      okText={t('sales:actions.refund')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={refund.isPending}
      destroyOnHidden
    >
      <p>
        {t('sales:refund.refundable')} <MoneyText value={invoice.paidMinor} />
      </p>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={lines}
        columns={[
          {
            key: 'chosen',
            title: t('sales:refund.choose'),
            render: (_: unknown, l) => (
              <Checkbox
                checked={choices[l.id]?.chosen}
                aria-label={t('sales:refund.chooseOf', { name: l.description })}
                onChange={(e) => set(l.id, { chosen: e.target.checked })}
              />
            ),
          },
          {
            key: 'item',
            title: t('sales:cart.item'),
            render: (_: unknown, l, i) => (
              <div>
                {l.description} · <MoneyText value={l.totalMinor} />
                {perLine.get(i)?.map((m) => (
                  <div key={m}>
                    <span className="ant-typography ant-typography-danger">{m}</span>
                  </div>
                ))}
              </div>
            ),
          },
          {
            key: 'quantity',
            title: t('sales:cart.quantity'),
            render: (_: unknown, l) =>
              grantsEntitlement(l.itemType) ? (
                1
              ) : (
                <InputNumber
                  min={1}
                  max={l.quantity - l.refundedQuantity}
                  precision={0}
                  value={choices[l.id]?.quantity}
                  aria-label={t('sales:cart.quantityOf', { name: l.description })}
                  onChange={(v) => set(l.id, { quantity: typeof v === 'number' ? v : 1 })}
                  style={{ width: 72 }}
                />
              ),
          },
          {
            key: 'mode',
            title: t('sales:refund.mode'),
            render: (_: unknown, l) =>
              grantsEntitlement(l.itemType) ? (
                <Radio.Group
                  size="small"
                  optionType="button"
                  value={choices[l.id]?.mode}
                  onChange={(e) => set(l.id, { mode: e.target.value as 'whole' | 'unused' })}
                  options={[
                    { value: 'whole', label: t('sales:refund.whole') },
                    { value: 'unused', label: t('sales:refund.unused') },
                  ]}
                />
              ) : (
                ''
              ),
          },
          {
            key: 'amount',
            title: t('sales:refund.amount'),
            render: (_: unknown, l) => (
              <MoneyInput
                value={choices[l.id]?.amountMinor ?? null}
                placeholder={t('sales:refund.amountDefault')}
                aria-label={t('sales:refund.amountOf', { name: l.description })}
                onChange={(v) => set(l.id, { amountMinor: v })}
                style={{ width: 140 }}
              />
            ),
          },
        ]}
      />
      <Form
        form={form}
        layout="vertical"
        name="invoice-refund"
        onFinish={(v) => void submit(v)}
        style={{ marginTop: 12 }}
      >
        <Form.Item name="method" label={t('sales:refund.method')} extra={t('sales:refund.methodDefault')}>
          <Select allowClear options={methods} />
        </Form.Item>
        <ActionReasonField />
      </Form>
      {problems.length > 0 && <Alert type="error" showIcon title={problems.join(' ')} />}
    </Modal>
  );
}
