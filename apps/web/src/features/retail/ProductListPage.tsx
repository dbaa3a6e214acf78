import './retail.css';
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Checkbox, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../shared/acl';
import { apiErrorMessage } from '../../shared/api/errorMessages';
import { useCenterId } from '../../shared/centerSelection';
import { type ListColumn, ListTable } from '../../shared/ui/ListTable';
import { StatusTag } from '../../shared/ui/StatusTag';
import { type ListParamsConfig, useListParams } from '../../shared/useListParams';
import { type Product, useProductList, useSaveProduct } from './api';
import { activeColumn, activeFilter, rowActions } from './columns';
import { percentText } from './forms';
import { money, useMoneyFormat } from './MoneyInput';
import { ProductDrawer, type ProductDrawerState } from './ProductDrawer';

const SORTS = ['name', '-name', 'sku', '-sku', 'price', '-price', 'category', '-category'] as const;
type Sort = (typeof SORTS)[number];
type Filter = 'category' | 'active' | 'lowStock';
const LIST: ListParamsConfig<Sort, Filter> = {
  sorts: SORTS,
  defaultSort: 'name',
  filters: { category: true, active: ['true', 'false'], lowStock: ['true'] },
};

/** `/product-list`: retail items with their stock in the caller's centres, low-stock marker, stock movements. */
export default function ProductListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const ability = useAbility();
  const list = useListParams(LIST);
  const centerId = useCenterId();
  const format = useMoneyFormat();
  const save = useSaveProduct();
  const [drawer, setDrawer] = useState<ProductDrawerState | null>(null);
  const [category, setCategory] = useState(list.filters.category ?? '');

  const apiFilters = {
    ...(list.keyword ? { keyword: list.keyword } : {}),
    sort: list.sort,
    ...(list.filters.category ? { category: list.filters.category } : {}),
    ...(list.filters.active ? { active: list.filters.active } : {}),
    ...(list.filters.lowStock ? { lowStock: 'true', ...(centerId ? { centerId } : {}) } : {}),
  };
  const products = useProductList({ ...apiFilters, page: list.page, pageSize: list.pageSize });
  const canUpdate = ability.can('update', 'Catalogue');

  const toggle = (product: Product) =>
    save.mutate(
      { id: product.id, body: { active: !product.active } },
      {
        onSuccess: () => void message.success(t(product.active ? 'retail:deactivated' : 'retail:activated')),
        onError: (error) => void message.error(apiErrorMessage(t, error)),
      },
    );

  const columns: ListColumn<Product>[] = [
    {
      key: 'name',
      title: t('retail:product.name'),
      sortable: true,
      render: (_: unknown, p: Product) => (
        <Button
          type="link"
          className="retail-link"
          title={p.name}
          onClick={() => setDrawer({ id: p.id, tab: 'details' })}
        >
          {p.name}
        </Button>
      ),
    },
    { key: 'sku', title: t('retail:product.sku'), dataIndex: 'sku', sortable: true },
    { key: 'barcode', defaultHidden: true, title: t('retail:product.barcode'), dataIndex: 'barcode', show: 'desktop' },
    { key: 'category', title: t('retail:product.category'), dataIndex: 'category', sortable: true, show: 'tablet' },
    {
      key: 'price',
      title: t('retail:product.price'),
      align: 'right',
      sortable: true,
      render: (_: unknown, p: Product) => money(p.price, format),
    },
    {
      key: 'tax',
      title: t('retail:taxRate'),
      // Kept for those who ask ("Columns"): the price is what the desk quotes.
      defaultHidden: true,
      align: 'right',
      show: 'desktop',
      render: (_: unknown, p: Product) => percentText(p.taxRateBp),
    },
    {
      key: 'stock',
      title: t('retail:stock.title'),
      render: (_: unknown, p: Product) => (
        <span className="retail-stock" data-testid={`stock-${p.sku}`}>
          {p.stock.map((s) => (
            <span key={s.center.id} className={s.low ? 'retail-stock__low' : undefined}>
              {s.center.code} {s.onHand}
            </span>
          ))}
          {p.lowStock && (
            <StatusTag tone="warning" testId="low-stock">
              {t('retail:stock.low')}
            </StatusTag>
          )}
        </span>
      ),
    },
    activeColumn(t),
    {
      key: 'actions',
      title: t('retail:actions'),
      render: (_: unknown, p: Product) =>
        rowActions(t, p.name, {
          onStock: () => setDrawer({ id: p.id, tab: 'stock' }),
          ...(canUpdate
            ? { onEdit: () => setDrawer({ id: p.id, tab: 'details' }), onToggle: () => toggle(p), active: p.active }
            : {}),
        }),
    },
  ];

  return (
    <div className="screen" data-testid="screen-product-list">
      <ListTable<Product, Sort, Filter>
        list={list}
        sorts={SORTS}
        result={products}
        columns={columns}
        rowKey={(row) => row.id}
        testId="product-table"
        texts={{
          empty: t('retail:product.empty'),
          noMatch: t('retail:noMatch'),
          total: (count) => t('retail:product.total', { count }),
        }}
        search={{
          id: 'product-keyword',
          label: t('retail:product.searchLabel'),
          placeholder: t('retail:product.searchPlaceholder'),
        }}
        exportTo={{ path: '/pro/products/export', fileName: 'products', query: apiFilters }}
        filters={
          <>
            <Input
              className="list-toolbar__filter retail-filter"
              aria-label={t('retail:product.category')}
              placeholder={t('retail:product.category')}
              value={category}
              allowClear
              onChange={(event) => {
                setCategory(event.target.value);
                if (event.target.value === '') list.setFilter('category', null);
              }}
              onPressEnter={() => list.setFilter('category', category.trim() || null)}
              onBlur={() => list.setFilter('category', category.trim() || null)}
              data-testid="filter-category"
            />
            {activeFilter(t, list.filters.active, (value) => list.setFilter('active', value))}
            <Checkbox
              checked={list.filters.lowStock === 'true'}
              onChange={(event) => list.setFilter('lowStock', event.target.checked ? 'true' : null)}
              data-testid="filter-low-stock"
            >
              {t('retail:stock.lowOnly')}
            </Checkbox>
          </>
        }
        actions={
          ability.can('create', 'Catalogue') && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setDrawer({ id: null, tab: 'details' })}
              data-testid="product-add"
            >
              {t('retail:product.add')}
            </Button>
          )
        }
      />
      <ProductDrawer
        state={drawer}
        onClose={() => setDrawer(null)}
        onCreated={(id) => setDrawer({ id, tab: 'stock' })}
      />
    </div>
  );
}
