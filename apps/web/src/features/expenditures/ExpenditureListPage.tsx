import { DeleteOutlined, EditOutlined, FileOutlined, PlusOutlined, TagsOutlined } from '@ant-design/icons';
import { EXPENDITURE_METHODS } from '@gym/contract/expenditures';
import { formatMoney } from '@gym/contract/money';
import { Button, Select, Space, Statistic, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../shared/acl';
import {
  centerOrAll,
  DateRangeFilter,
  isDay,
  isId,
  ListCenterSelect,
  useListCenter,
} from '../../shared/ui/ListFilters';
import { type ListColumn, ListTable, listSearch, listTexts } from '../../shared/ui/ListTable';
import { useDates } from '../../shared/useDates';
import { type ListParamsConfig, useListParams } from '../../shared/useListParams';
import { useMoneyFormat } from '../../shared/useMoneyFormat';
import { type Expenditure, useExpenditureCategories, useExpenditureList } from './api';
import { CategoriesModal } from './CategoriesModal';
import { DeleteExpenditureModal } from './DeleteExpenditureModal';
import { ExpenditureDrawer } from './ExpenditureDrawer';
import { useDownloadReceipt } from './ReceiptField';

const SORTS = [
  '-date',
  'date',
  'amount',
  '-amount',
  'category',
  '-category',
  'supplier',
  '-supplier',
  'center',
  '-center',
] as const;
type Sort = (typeof SORTS)[number];
/** `center` is absent for the current centre, `all` for every centre, or a centre's id. */
type Filter = 'center' | 'from' | 'to' | 'category' | 'method';
const LIST: ListParamsConfig<Sort, Filter> = {
  sorts: SORTS,
  defaultSort: '-date',
  filters: {
    center: centerOrAll,
    from: isDay,
    to: isDay,
    category: isId,
    method: EXPENDITURE_METHODS,
  },
};

/** `/expenditure`: money paid out per centre, with filters, totals of what they select, and export. */
export default function ExpenditureListPage() {
  const { t } = useTranslation();
  const dates = useDates();
  const ability = useAbility();
  const categories = useExpenditureCategories(true);
  const format = useMoneyFormat();
  const list = useListParams(LIST);
  const download = useDownloadReceipt();
  const [editing, setEditing] = useState<{ expenditure: Expenditure | null } | null>(null);
  const [deleting, setDeleting] = useState<Expenditure | null>(null);
  const [managing, setManaging] = useState(false);
  const money = (n: number) => formatMoney(n, format);

  const { centerId, currentCenterId } = useListCenter(list);
  const { filters } = list;
  const apiFilters = {
    ...(list.keyword ? { keyword: list.keyword } : {}),
    sort: list.sort,
    ...(centerId ? { centerId } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(filters.category ? { categoryId: filters.category } : {}),
    ...(filters.method ? { method: filters.method } : {}),
  };
  const expenditures = useExpenditureList({ ...apiFilters, page: list.page, pageSize: list.pageSize });
  const totals = expenditures.data?.totals;

  const canCreate = ability.can('create', 'Expenditure');
  const canUpdate = ability.can('update', 'Expenditure');
  const canDelete = ability.can('delete', 'Expenditure');

  const columns: ListColumn<Expenditure>[] = [
    {
      key: 'date',
      title: t('expenditures:fields.date'),
      dataIndex: 'date',
      sortable: true,
      render: (date: string) => dates.date(date),
    },
    // One centre's list names its centre in the filter; the column is for the list of every centre.
    ...(centerId === null
      ? [
          {
            key: 'center',
            title: t('expenditures:fields.center'),
            sortable: true,
            show: 'desktop' as const,
            render: (_: unknown, e: Expenditure) => e.center.code,
          },
        ]
      : []),
    {
      key: 'category',
      title: t('expenditures:fields.category'),
      sortable: true,
      render: (_: unknown, e: Expenditure) => e.category.name,
    },
    {
      key: 'supplier',
      title: t('expenditures:fields.supplier'),
      dataIndex: 'supplier',
      sortable: true,
      show: 'tablet',
    },
    {
      key: 'method',
      title: t('expenditures:fields.method'),
      dataIndex: 'method',
      show: 'desktop',
      render: (m: Expenditure['method']) => t(`expenditures:methods.${m}`),
    },
    {
      key: 'amount',
      title: t('expenditures:fields.amount'),
      dataIndex: 'amount',
      align: 'right',
      sortable: true,
      // The tax contained in the amount, under it: one column for both keeps the list within the screen.
      render: (n: number, e: Expenditure) => (
        <>
          <span data-testid="expenditure-amount-cell" style={{ whiteSpace: 'nowrap' }}>
            {money(n)}
          </span>
          {e.taxAmount > 0 && (
            <Typography.Text type="secondary" className="expenditure-tax" style={{ display: 'block', fontSize: 12 }}>
              {t('expenditures:taxIncluded', { amount: money(e.taxAmount) })}
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      key: 'recordedBy',
      defaultHidden: true,
      title: t('expenditures:fields.recordedBy'),
      show: 'desktop',
      render: (_: unknown, e: Expenditure) => e.recordedBy.name,
    },
    {
      key: 'receipt',
      title: t('expenditures:fields.receipt'),
      render: (_: unknown, e: Expenditure) =>
        e.receipt ? (
          <Button
            size="small"
            type="link"
            icon={<FileOutlined />}
            onClick={() => void download(e.id, e.receipt!.fileName)}
            aria-label={t('expenditures:receipt.open', { name: e.receipt.fileName })}
            title={e.receipt.fileName}
            data-testid="expenditure-receipt-link"
          />
        ) : null,
    },
    ...(canUpdate || canDelete
      ? [
          {
            key: 'actions',
            title: t('expenditures:actions'),
            width: 96,
            render: (_: unknown, e: Expenditure) => (
              <div className="row-actions">
                {canUpdate && (
                  <Tooltip title={t('expenditures:edit')}>
                    <Button
                      size="small"
                      icon={<EditOutlined />}
                      onClick={() => setEditing({ expenditure: e })}
                      aria-label={t('expenditures:editAria', { date: dates.date(e.date), amount: money(e.amount) })}
                    />
                  </Tooltip>
                )}
                {canDelete && (
                  <Tooltip title={t('expenditures:delete.button')}>
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      onClick={() => setDeleting(e)}
                      aria-label={t('expenditures:deleteAria', { date: dates.date(e.date), amount: money(e.amount) })}
                    />
                  </Tooltip>
                )}
              </div>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="screen" data-testid="screen-expenditure">
      <ListTable<Expenditure, Sort, Filter>
        list={list}
        result={expenditures}
        columns={columns}
        testId="expenditure-table"
        texts={listTexts(t, 'expenditures:empty', 'expenditures:total', 'expenditures:noMatch')}
        search={listSearch(t, 'expenditure-keyword', 'expenditures:searchLabel', 'expenditures:searchPlaceholder')}
        exportTo={{ path: '/pro/expenditures/export', fileName: 'expenditures', query: apiFilters }}
        filters={
          <ListCenterSelect
            list={list}
            label={t('expenditures:fields.center')}
            allLabel={t('expenditures:allCenters')}
          />
        }
        filterRow={
          <div className="expenditure-filters">
            <Space wrap>
              <DateRangeFilter list={list} label={t('expenditures:filters.dates')} />
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                popupMatchSelectWidth={false}
                style={{ minWidth: 160 }}
                placeholder={t('expenditures:filters.category')}
                aria-label={t('expenditures:filters.category')}
                value={filters.category ?? null}
                onChange={(value: string | null | undefined) => list.setFilter('category', value ?? null)}
                options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
                data-testid="filter-category"
              />
              <Select
                allowClear
                popupMatchSelectWidth={false}
                style={{ minWidth: 140 }}
                placeholder={t('expenditures:filters.method')}
                aria-label={t('expenditures:filters.method')}
                value={filters.method ?? null}
                onChange={(value: string | null | undefined) => list.setFilter('method', value ?? null)}
                options={EXPENDITURE_METHODS.map((m) => ({ value: m, label: t(`expenditures:methods.${m}`) }))}
                data-testid="filter-method"
              />
            </Space>
            <Space size="large" wrap style={{ marginTop: 12 }} data-testid="expenditure-totals">
              <Statistic
                title={t('expenditures:totals.amount')}
                value={totals ? money(totals.amount) : '–'}
                data-testid="expenditure-total-amount"
              />
              <Statistic
                title={t('expenditures:totals.tax')}
                value={totals ? money(totals.taxAmount) : '–'}
                data-testid="expenditure-total-tax"
              />
            </Space>
          </div>
        }
        actions={
          <>
            <Button icon={<TagsOutlined />} onClick={() => setManaging(true)} data-testid="expenditure-categories">
              {t('expenditures:categories.button')}
            </Button>
            {canCreate && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setEditing({ expenditure: null })}
                data-testid="expenditure-add"
              >
                {t('expenditures:add')}
              </Button>
            )}
          </>
        }
      />
      <ExpenditureDrawer
        editing={editing}
        defaultCenterId={centerId ?? currentCenterId}
        onClose={() => setEditing(null)}
      />
      <DeleteExpenditureModal target={deleting} onClose={() => setDeleting(null)} />
      <CategoriesModal open={managing} onClose={() => setManaging(false)} canEdit={canUpdate} />
    </div>
  );
}
