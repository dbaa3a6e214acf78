/**
 * One invoice: lines with their tax, net / tax / gross per rate, installments (paid, overdue),
 * payments and refunds, and the actions the role allows: take a payment, refund (managers), void
 * (no payments yet), receipt.
 */
import type { Invoice } from '@gym/contract/sales';
import { Button, Descriptions, Drawer, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAbility } from '../../shared/acl';
import { MoneyText, moneyColumn } from '../../shared/ui/MoneyText';
import { QueryState } from '../../shared/ui/ScreenStates';
import { StatusTag } from '../../shared/ui/StatusTag';
import { useDates, useDateTime } from '../../shared/useDates';
import { useMediaQuery } from '../../shared/useMediaQuery';
import { memberPath } from '../members/paths';
import { PayLinkCreateModal } from '../payments/PayLinkCreateModal';
import { PaymentPageButton } from '../payments/PaymentPageButton';
import { PaymentModal } from './actions/PaymentModal';
import { RefundModal } from './actions/RefundModal';
import { VoidModal } from './actions/VoidModal';
import { useInvoice } from './api';
import { InvoiceStateTag } from './InvoiceStateTag';
import { OVERDUE_RED } from './member/AccountSummary';
import { rateText } from './plan';
import { ReceiptActions } from './receipt/ReceiptActions';
import { useMethodName } from './usePaymentMethods';

export function InvoiceDrawer({ invoiceId, onClose }: { invoiceId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const wide = useMediaQuery('(min-width: 900px)');
  const invoice = useInvoice(invoiceId);
  return (
    <Drawer
      open={Boolean(invoiceId)}
      onClose={onClose}
      size={wide ? 860 : '100%'}
      title={invoice.data ? t('sales:detail.title', { number: invoice.data.number }) : t('sales:detail.loading')}
      destroyOnHidden
      data-testid="invoice-drawer"
    >
      <QueryState query={invoice}>{(data) => <InvoiceDetail invoice={data} />}</QueryState>
    </Drawer>
  );
}

type Action = 'pay' | 'refund' | 'void' | 'payLink' | null;
type Line = Invoice['lines'][number];
type TaxRow = Invoice['taxes'][number];
type Instalment = Invoice['installments'][number];

export function InvoiceDetail({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const dates = useDates();
  const dateTime = useDateTime();
  const methodName = useMethodName();
  const [action, setAction] = useState<Action>(null);
  const open = invoice.state !== 'void';
  const canPay = ability.can('create', 'Payment') && open && invoice.balanceMinor > 0;
  const canRefund = ability.can('create', 'Refund') && invoice.paidMinor - invoice.refundedMinor > 0;
  const canVoid = ability.can('delete', 'Sale') && open && invoice.payments.length === 0;

  return (
    <div className="invoice-detail" data-testid="invoice-detail" data-state={invoice.state}>
      <Space wrap className="invoice-detail__actions">
        <InvoiceStateTag status={invoice.state} />
        {canPay && (
          <Button type="primary" onClick={() => setAction('pay')} data-testid="invoice-pay">
            {t('sales:actions.pay')}
          </Button>
        )}
        {canPay && (
          <Button onClick={() => setAction('payLink')} data-testid="invoice-pay-link">
            {t('payments:create.button')}
          </Button>
        )}
        {canPay && <PaymentPageButton target={{ kind: 'invoice', invoiceId: invoice.id, number: invoice.number }} />}
        {ability.can('read', 'Payment') && (
          <Link to={`/pay-links?invoice=${invoice.id}`} data-testid="invoice-pay-links">
            {t('payments:links.ofInvoice')}
          </Link>
        )}
        {canRefund && (
          <Button onClick={() => setAction('refund')} data-testid="invoice-refund">
            {t('sales:actions.refund')}
          </Button>
        )}
        {canVoid && (
          <Button danger onClick={() => setAction('void')} data-testid="invoice-void">
            {t('sales:actions.void')}
          </Button>
        )}
        <ReceiptActions invoiceId={invoice.id} />
      </Space>
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} className="invoice-detail__totals">
        <Descriptions.Item label={t('sales:fields.member')}>
          <Link to={memberPath(invoice.member.id)}>
            {invoice.member.name} <span className="mono">{invoice.member.code}</span>
          </Link>
        </Descriptions.Item>
        <Descriptions.Item label={t('sales:fields.centre')}>
          {invoice.center.name} ({invoice.center.code})
        </Descriptions.Item>
        <Descriptions.Item label={t('sales:fields.date')}>{dates.date(invoice.issuedOn)}</Descriptions.Item>
        <Descriptions.Item label={t('sales:fields.staff')}>{invoice.staff?.name ?? ''}</Descriptions.Item>
        {invoice.coupon && (
          <Descriptions.Item label={t('sales:fields.coupon')}>
            <span className="mono">{invoice.coupon.code}</span>
          </Descriptions.Item>
        )}
        {invoice.note && <Descriptions.Item label={t('sales:fields.note')}>{invoice.note}</Descriptions.Item>}
        {invoice.voidReason && (
          <Descriptions.Item label={t('sales:fields.voidReason')}>{invoice.voidReason}</Descriptions.Item>
        )}
      </Descriptions>

      <Typography.Title level={5}>{t('sales:detail.lines')}</Typography.Title>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={invoice.lines}
        data-testid="invoice-lines"
        columns={[
          {
            key: 'description',
            title: t('sales:cart.item'),
            render: (_: unknown, l) => (
              <div>
                {l.description}
                {l.priceOverrideReason && (
                  <div className="field-hint">{t('sales:detail.override', { reason: l.priceOverrideReason })}</div>
                )}
                {l.refundedQuantity > 0 && <Tag>{t('sales:detail.refundedQty', { count: l.refundedQuantity })}</Tag>}
              </div>
            ),
          },
          { key: 'quantity', title: t('sales:cart.quantity'), dataIndex: 'quantity', align: 'right' },
          moneyColumn('unit', t('sales:cart.unitPrice'), (l: Line) => l.unitPriceMinor),
          moneyColumn('discount', t('sales:cart.discount'), (l: Line) => l.discountMinor + l.couponDiscountMinor),
          {
            key: 'tax',
            title: t('sales:detail.taxRate'),
            align: 'right',
            render: (_: unknown, l) => t('sales:detail.rate', { rate: rateText(l.taxRateBp) }),
          },
          moneyColumn('total', t('sales:cart.lineTotal'), (l: Line) => l.totalMinor),
          ...(invoice.lines.some((l) => l.commissionMinor !== null)
            ? [
                {
                  key: 'commission',
                  title: t('sales:detail.commission'),
                  align: 'right' as const,
                  render: (_: unknown, l: Line) => (
                    <MoneyText value={l.commissionMinor ?? 0} data-testid="line-commission" />
                  ),
                },
              ]
            : []),
        ]}
      />

      <Table
        size="small"
        rowKey="rateBp"
        pagination={false}
        className="invoice-detail__taxes"
        dataSource={invoice.taxes}
        data-testid="invoice-taxes"
        columns={[
          {
            key: 'rate',
            title: t('sales:detail.taxRate'),
            render: (_: unknown, r) => t('sales:detail.rate', { rate: rateText(r.rateBp) }),
          },
          moneyColumn('net', t('sales:detail.net'), (r: TaxRow) => r.netMinor),
          moneyColumn('tax', t('sales:detail.tax'), (r: TaxRow) => r.taxMinor),
          moneyColumn('gross', t('sales:detail.gross'), (r: TaxRow) => r.grossMinor),
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>
              <strong>{t('sales:fields.total')}</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              <MoneyText value={invoice.netMinor} />
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} align="right">
              <MoneyText value={invoice.taxMinor} />
            </Table.Summary.Cell>
            <Table.Summary.Cell index={3} align="right">
              <strong>
                <MoneyText value={invoice.totalMinor} data-testid="invoice-total" />
              </strong>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />

      <Descriptions size="small" column={{ xs: 1, sm: 3 }} className="invoice-detail__totals">
        <Descriptions.Item label={t('sales:fields.paid')}>
          <MoneyText value={invoice.paidMinor} data-testid="invoice-paid" />
        </Descriptions.Item>
        <Descriptions.Item label={t('sales:fields.refunded')}>
          <MoneyText value={invoice.refundedMinor} />
        </Descriptions.Item>
        <Descriptions.Item label={t('sales:fields.balance')}>
          {invoice.overdueMinor > 0 ? (
            <Typography.Text type="danger">
              <MoneyText value={invoice.balanceMinor} data-testid="invoice-balance" />
            </Typography.Text>
          ) : (
            <MoneyText value={invoice.balanceMinor} data-testid="invoice-balance" />
          )}
        </Descriptions.Item>
      </Descriptions>

      {invoice.installments.length > 0 && (
        <>
          <Typography.Title level={5}>{t('sales:detail.installments')}</Typography.Title>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={invoice.installments}
            data-testid="invoice-installments"
            columns={[
              {
                key: 'seq',
                title: '#',
                render: (_: unknown, r) =>
                  r.seq === 0 ? t('sales:plan.depositRow') : t('sales:plan.installmentRow', { n: r.seq }),
              },
              {
                key: 'dueOn',
                title: t('sales:plan.dueOn'),
                dataIndex: 'dueOn',
                render: (day: string) => dates.date(day),
              },
              moneyColumn('amount', t('sales:plan.amount'), (r: Instalment) => r.amountMinor),
              moneyColumn('paid', t('sales:fields.paid'), (r: Instalment) => r.paidMinor),
              {
                key: 'state',
                title: t('sales:fields.state'),
                render: (_: unknown, r) =>
                  r.paidMinor >= r.amountMinor ? (
                    <StatusTag tone="success">{t('sales:installment.paid')}</StatusTag>
                  ) : r.overdue ? (
                    <Tag color={OVERDUE_RED}>{t('sales:installment.overdue')}</Tag>
                  ) : r.paidMinor > 0 ? (
                    <StatusTag tone="warning">{t('sales:installment.partly')}</StatusTag>
                  ) : (
                    <Tag>{t('sales:installment.open')}</Tag>
                  ),
              },
            ]}
          />
        </>
      )}

      {invoice.payments.length > 0 && (
        <>
          <Typography.Title level={5}>{t('sales:detail.payments')}</Typography.Title>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={invoice.payments}
            data-testid="invoice-payments"
            columns={[
              { key: 'at', title: t('sales:fields.date'), render: (_: unknown, p) => dateTime(p.createdAt) },
              {
                key: 'kind',
                title: t('sales:detail.kind'),
                render: (_: unknown, p) =>
                  p.kind === 'refund' ? (
                    <StatusTag tone="accent">{t('sales:detail.refund')}</StatusTag>
                  ) : (
                    t('sales:detail.payment')
                  ),
              },
              { key: 'method', title: t('sales:pay.method'), render: (_: unknown, p) => methodName(p.method) },
              {
                key: 'amount',
                title: t('sales:pay.amount'),
                align: 'right',
                render: (_: unknown, p) => (
                  <MoneyText value={p.kind === 'refund' ? -p.amountMinor : p.amountMinor} negativeRed />
                ),
              },
              {
                key: 'change',
                title: t('sales:detail.change'),
                align: 'right',
                render: (_: unknown, p) => (p.changeMinor !== null ? <MoneyText value={p.changeMinor} /> : ''),
              },
              { key: 'ref', title: t('sales:pay.reference'), render: (_: unknown, p) => p.reference ?? p.reason ?? '' },
              { key: 'staff', title: t('sales:fields.staff'), render: (_: unknown, p) => p.staff?.name ?? '' },
            ]}
          />
        </>
      )}
      {action === 'pay' && <PaymentModal invoice={invoice} onClose={() => setAction(null)} />}
      {action === 'refund' && <RefundModal invoice={invoice} onClose={() => setAction(null)} />}
      {action === 'void' && <VoidModal invoice={invoice} onClose={() => setAction(null)} />}
      <PayLinkCreateModal invoice={invoice} open={action === 'payLink'} onClose={() => setAction(null)} />
    </div>
  );
}
