/**
 * `/invoice`: the invoices of the centres the staff member may see: number, member, centre, date,
 * total, paid, balance, state and staff; filters (state incl. "unpaid", centre, dates, method,
 * overdue), keyword, sort and page all in the URL; CSV/XLSX export; the detail opens in a drawer
 * (`?open=<id>`), with the actions the staff member's role allows.
 */
import './sales.css';
import { INVOICE_STATES, type InvoiceSummary } from '@gym/contract/sales';
import { DatePicker, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCenters } from '../../shared/centers';
import { CheckboxFilter, isDay, isId } from '../../shared/ui/ListFilters';
import { type ListColumn, ListTable, listTexts } from '../../shared/ui/ListTable';
import { MoneyText, moneyColumn } from '../../shared/ui/MoneyText';
import { useDates } from '../../shared/useDates';
import { type ListParamsConfig, useListParams, useSearchParam } from '../../shared/useListParams';
import { memberPath } from '../members/paths';
import { INVOICE_EXPORT_PATH, useInvoices } from './api';
import { InvoiceDrawer } from './InvoiceDrawer';
import { InvoiceStateTag } from './InvoiceStateTag';
import { usePaymentMethods } from './usePaymentMethods';

const SORTS = ['-issuedOn', 'issuedOn', 'number', '-number', 'total', '-total', 'balance', '-balance'] as const;
type Sort = (typeof SORTS)[number];
type Filter = 'state' | 'centerId' | 'from' | 'to' | 'method' | 'overdue';
const LIST: ListParamsConfig<Sort, Filter> = {
  sorts: SORTS,
  defaultSort: '-issuedOn',
  filters: {
    state: [...INVOICE_STATES, 'unpaid'],
    centerId: isId,
    from: isDay,
    to: isDay,
    method: (v) => /^[a-z][a-z0-9_]{1,30}$/.test(v),
    overdue: ['true'],
  },
  storageKey: 'invoice-list',
};

export default function InvoiceListPage() {
  const { t } = useTranslation();
  const dates = useDates();
  const list = useListParams(LIST);
  const invoices = useInvoices(list.query);
  const centers = useCenters();
  const methods = usePaymentMethods();
  const [open, setOpen] = useSearchParam('open');
  const range: [Dayjs | null, Dayjs | null] = [
    list.filters.from ? dayjs(list.filters.from) : null,
    list.filters.to ? dayjs(list.filters.to) : null,
  ];

  const columns: ListColumn<InvoiceSummary>[] = [
    {
      key: 'number',
      title: t('sales:fields.number'),
      sortable: true,
      render: (_: unknown, row) => (
        <a
          href={`?open=${row.id}`}
          className="mono"
          data-testid="invoice-link"
          onClick={(e) => {
            e.preventDefault();
            setOpen(row.id);
          }}
        >
          {row.number}
        </a>
      ),
    },
    {
      key: 'member',
      title: t('sales:fields.member'),
      maxWidth: 180,
      render: (_: unknown, row) => (
        <Link to={memberPath(row.member.id)}>
          {row.member.name} <span className="mono field-hint">{row.member.code}</span>
        </Link>
      ),
    },
    {
      key: 'center',
      // The invoice number names its centre (CWB-000109): the column is for those who ask.
      defaultHidden: true,
      title: t('sales:fields.centre'),
      show: 'desktop',
      render: (_: unknown, row) => row.center.code,
    },
    {
      key: 'issuedOn',
      title: t('sales:fields.date'),
      dataIndex: 'issuedOn',
      sortable: true,
      show: 'tablet',
      render: (day: string) => dates.date(day),
    },
    { ...moneyColumn('total', t('sales:fields.total'), (row: InvoiceSummary) => row.totalMinor), sortable: true },
    {
      ...moneyColumn('paid', t('sales:fields.paid'), (row: InvoiceSummary) => row.paidMinor),
      show: 'desktop',
      // Total and balance say what is owed; what was paid is one click away ("Columns").
      defaultHidden: true,
    },
    {
      key: 'balance',
      title: t('sales:fields.balance'),
      align: 'right',
      sortable: true,
      render: (_: unknown, row) =>
        row.overdueMinor > 0 ? (
          <Typography.Text type="danger" data-testid="invoice-overdue" title={t('sales:account.overdue')}>
            <MoneyText value={row.balanceMinor} />
          </Typography.Text>
        ) : (
          <MoneyText value={row.balanceMinor} />
        ),
    },
    {
      key: 'state',
      title: t('sales:fields.state'),
      render: (_: unknown, row) => <InvoiceStateTag status={row.state} />,
    },
    {
      key: 'staff',
      title: t('sales:fields.staff'),
      show: 'desktop',
      maxWidth: 130,
      render: (_: unknown, row) => row.staff?.name ?? '',
    },
  ];

  return (
    <div className="screen invoice-list" data-testid="screen-invoice-list">
      <ListTable<InvoiceSummary, Sort, Filter>
        list={list}
        sorts={SORTS}
        result={invoices}
        columns={columns}
        rowKey={(row) => row.id}
        testId="invoice-table"
        search={{
          id: 'invoice-search',
          label: t('sales:list.search'),
          placeholder: t('sales:list.searchPlaceholder'),
          pageFocus: true,
        }}
        texts={listTexts(t, 'sales:list.empty', 'sales:list.total', 'sales:list.noMatch')}
        exportTo={{ path: INVOICE_EXPORT_PATH, fileName: 'invoices' }}
        filters={
          <>
            <Select
              className="list-toolbar__filter"
              allowClear
              popupMatchSelectWidth={false}
              placeholder={t('sales:fields.state')}
              aria-label={t('sales:fields.state')}
              value={list.filters.state ?? null}
              onChange={(v: string | null | undefined) => list.setFilter('state', v)}
              options={[
                { value: 'unpaid', label: t('sales:states.unpaid') },
                ...INVOICE_STATES.map((s) => ({ value: s, label: t(`sales:states.${s}`) })),
              ]}
              data-testid="filter-state"
            />
            <Select
              className="list-toolbar__filter"
              allowClear
              popupMatchSelectWidth={false}
              placeholder={t('sales:fields.centre')}
              aria-label={t('sales:fields.centre')}
              value={list.filters.centerId ?? null}
              onChange={(v: string | null | undefined) => list.setFilter('centerId', v)}
              options={(centers.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.code})` }))}
            />
            <Select
              className="list-toolbar__filter"
              allowClear
              popupMatchSelectWidth={false}
              placeholder={t('sales:pay.method')}
              aria-label={t('sales:pay.method')}
              value={list.filters.method ?? null}
              onChange={(v: string | null | undefined) => list.setFilter('method', v)}
              options={methods}
            />
          </>
        }
        filterRow={
          <div className="list-toolbar">
            <DatePicker.RangePicker
              className="list-toolbar__filter"
              aria-label={t('sales:list.dates')}
              value={range}
              allowEmpty={[true, true]}
              onChange={(dates) =>
                list.update({
                  filters: {
                    from: dates?.[0] ? dates[0].format('YYYY-MM-DD') : null,
                    to: dates?.[1] ? dates[1].format('YYYY-MM-DD') : null,
                  },
                })
              }
            />
            <CheckboxFilter list={list} filter="overdue" label={t('sales:list.overdueOnly')} testId="filter-overdue" />
          </div>
        }
      />
      <InvoiceDrawer invoiceId={open} onClose={() => setOpen(null)} />
    </div>
  );
}
