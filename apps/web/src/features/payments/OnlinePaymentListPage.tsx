import './staff.css';
import { ORDER_STATES, type OrderState } from '@gym/contract/payments';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckboxFilter, ClearableFilter, DateRangeFilter, isDay } from '../../shared/ui/ListFilters';
import { type ListColumn, ListTable, listTexts } from '../../shared/ui/ListTable';
import { StatusTag, type Tone } from '../../shared/ui/StatusTag';
import { useDates } from '../../shared/useDates';
import { type ListParamsConfig, useListParams } from '../../shared/useListParams';
import { memberPath } from '../members/paths';
import { type OnlinePayment, useOnlinePayments } from './api';
import { moneyIn } from './orderProgress';

type Sort = '-createdAt';
type Filter = 'state' | 'review' | 'from' | 'to';
const LIST: ListParamsConfig<Sort, Filter> = {
  sorts: ['-createdAt'],
  defaultSort: '-createdAt',
  filters: { state: ORDER_STATES, review: ['true'], from: isDay, to: isDay },
};

const STATE_TONES: Record<OrderState, Tone> = {
  created: 'neutral',
  pending: 'info',
  unknown: 'warning',
  succeeded: 'success',
  failed: 'neutral',
  canceled: 'neutral',
  expired: 'neutral',
};
const RECONCILIATION_TONES: Record<OnlinePayment['reconciliation'], Tone> = {
  recorded: 'success',
  review: 'warning',
  none: 'neutral',
};

/** `/online-payments`: every online payment attempt, its state, the provider's reference and whether the books hold it. */
export default function OnlinePaymentListPage() {
  const { t } = useTranslation();
  const dates = useDates();
  const list = useListParams(LIST);
  const { filters } = list;
  const apiFilters = {
    ...(list.keyword ? { keyword: list.keyword } : {}),
    ...(filters.state ? { state: filters.state } : {}),
    ...(filters.review ? { review: 'true' } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  };
  const orders = useOnlinePayments({ ...apiFilters, page: list.page, pageSize: list.pageSize });

  const columns: ListColumn<OnlinePayment>[] = [
    { key: 'createdAt', title: t('payments:fields.created'), render: (_: unknown, o) => dates.dateTime(o.createdAt) },
    {
      key: 'member',
      title: t('payments:fields.member'),
      render: (_: unknown, o) => <Link to={memberPath(o.member.id)}>{o.member.name}</Link>,
    },
    { key: 'center', title: t('payments:fields.centre'), show: 'desktop', render: (_: unknown, o) => o.center.name },
    {
      key: 'invoices',
      title: t('payments:fields.invoices'),
      show: 'tablet',
      render: (_: unknown, o) => (
        <span className="mono">
          {o.invoices.map((i, n) => (
            <span key={i.id}>
              {n > 0 && ', '}
              <Link to={`/invoice?open=${i.id}`}>{i.number}</Link>
            </span>
          ))}
        </span>
      ),
    },
    {
      key: 'amount',
      title: t('payments:fields.amount'),
      align: 'right',
      render: (_: unknown, o) => <span style={{ whiteSpace: 'nowrap' }}>{moneyIn(o.amount, o.currency)}</span>,
    },
    {
      key: 'state',
      title: t('payments:fields.state'),
      render: (_: unknown, o) => (
        <StatusTag tone={STATE_TONES[o.state]} testId="order-state">
          {t(`payments:orderState.${o.state}`)}
        </StatusTag>
      ),
    },
    {
      key: 'reconciliation',
      title: t('payments:fields.reconciliation'),
      render: (_: unknown, o) => (
        <StatusTag tone={RECONCILIATION_TONES[o.reconciliation]} testId="order-reconciliation">
          {o.reviewReason ? t(`payments:review.${o.reviewReason}`) : t(`payments:reconciliation.${o.reconciliation}`)}
        </StatusTag>
      ),
    },
    {
      key: 'reference',
      title: t('payments:fields.reference'),
      show: 'desktop',
      render: (_: unknown, o) => <span className="mono">{o.providerReference ?? ''}</span>,
    },
    {
      key: 'provider',
      title: t('payments:fields.provider'),
      defaultHidden: true,
      show: 'desktop',
      render: (_: unknown, o) => t(`payments:provider.${o.provider}`, { defaultValue: o.provider }),
    },
  ];

  return (
    <div className="screen" data-testid="screen-online-payments">
      <ListTable<OnlinePayment, Sort, Filter>
        list={list}
        result={orders}
        columns={columns}
        testId="online-payment-table"
        texts={listTexts(t, 'payments:orders.empty', 'payments:orders.total', 'payments:orders.noMatch')}
        search={{ id: 'online-payment-keyword', label: t('payments:orders.search') }}
        exportTo={{ path: '/pro/online-payments/export', fileName: 'online-payments', query: apiFilters }}
        filters={
          <ClearableFilter
            list={list}
            filter="state"
            label={t('payments:fields.state')}
            options={ORDER_STATES.map((s) => ({ value: s, label: t(`payments:orderState.${s}`) }))}
            testId="filter-order-state"
          />
        }
        filterRow={
          <Space wrap>
            <DateRangeFilter list={list} label={t('payments:orders.dates')} />
            <CheckboxFilter
              list={list}
              filter="review"
              label={t('payments:orders.reviewOnly')}
              testId="filter-review"
            />
          </Space>
        }
      />
    </div>
  );
}
