import './retail.css';
import { InboxOutlined } from '@ant-design/icons';
import { formatMoney } from '@gym/contract/money';
import { Button, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../shared/acl';
import { useCenterId } from '../../shared/centerSelection';
import { CheckboxFilter } from '../../shared/ui/ListFilters';
import { type ListColumn, ListTable, listSearch, listTexts } from '../../shared/ui/ListTable';
import { actionsColumn, activeColumn } from '../../shared/ui/listColumns';
import { percentText } from '../../shared/ui/PercentInput';
import { RowAction } from '../../shared/ui/RowAction';
import { StatusTag } from '../../shared/ui/StatusTag';
import { type ListParamsConfig, useListParams } from '../../shared/useListParams';
import { useMoneyFormat } from '../../shared/useMoneyFormat';
import { type Product, useProductList, useSaveProduct } from './api';
import { ActiveFilter, useRetailToggle } from './columns';
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

  const toggle = useRetailToggle<Product>(t, save);

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
      render: (_: unknown, p: Product) => formatMoney(p.price, format),
    },
    {
      key: 'tax',
      title: t('retail:taxRate'),
      // Kept for those who ask ("Columns"): the price is what the desk quotes.
      defaultHidden: true,
      align: 'right',
      show: 'desktop',
      render: (_: unknown, p: Product) => percentText(p.taxRateBp, 'needed'),
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
    actionsColumn<Product>(t, {
      name: (p) => p.name,
      before: (p) => (
        <RowAction
          icon={<InboxOutlined />}
          onClick={() => setDrawer({ id: p.id, tab: 'stock' })}
          label={t('retail:stock.title')}
          ariaLabel={t('retail:stock.openAria', { name: p.name })}
        />
      ),
      ...(canUpdate ? { onEdit: (p: Product) => setDrawer({ id: p.id, tab: 'details' }), onToggle: toggle } : {}),
    }),
  ];

  return (
    <div className="screen" data-testid="screen-product-list">
      <ListTable<Product, Sort, Filter>
        list={list}
        result={products}
        columns={columns}
        testId="product-table"
        texts={listTexts(t, 'retail:product.empty', 'retail:product.total', 'retail:noMatch')}
        search={listSearch(t, 'product-keyword', 'retail:product.searchLabel', 'retail:product.searchPlaceholder')}
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
            <ActiveFilter list={list} />
            <CheckboxFilter list={list} filter="lowStock" label={t('retail:stock.lowOnly')} testId="filter-low-stock" />
          </>
        }
        add={
          ability.can('create', 'Catalogue') && {
            label: t('retail:product.add'),
            onClick: () => setDrawer({ id: null, tab: 'details' }),
            testId: 'product-add',
          }
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
