import type { ItemType } from '@gym/contract/items';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProductList, useProductSetList } from './api';

/** The catalogue items the retail screens can name: products and product sets (the first 200 active of each). */
export function useRetailItems() {
  const products = useProductList({ active: 'true', pageSize: 200, sort: 'name' });
  const sets = useProductSetList({ active: 'true', pageSize: 200, sort: 'name' });
  return {
    loading: products.isPending || sets.isPending,
    product: (products.data?.items ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.sku})` })),
    product_set: (sets.data?.items ?? []).map((s) => ({ value: s.id, label: s.name })),
  };
}

/** Pick one item of a type (`product` or `product_set`). */
export function ItemSelect({
  type,
  value,
  onChange,
  id,
  testId,
}: {
  type: ItemType;
  value?: string;
  onChange?: (id: string) => void;
  id?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const items = useRetailItems();
  const options = type === 'product' || type === 'product_set' ? items[type] : [];
  return (
    <Select
      id={id}
      showSearch
      optionFilterProp="label"
      style={{ minWidth: 260 }}
      loading={items.loading}
      placeholder={t('retail:chooseItem')}
      value={value}
      onChange={onChange}
      options={options}
      data-testid={testId}
    />
  );
}
