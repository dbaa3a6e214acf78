import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { ItemType } from '@gym/contract/items';
import { Button, Form, InputNumber, Select } from 'antd';
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

/**
 * The rows of items a coupon or an offer names: each a type and an item of that type (and, for an
 * offer's cart, how many), removable; "Add item" adds a product row.
 */
export function ItemRows({
  name,
  title,
  types,
  quantityMax,
}: {
  name: string;
  title: string;
  types: readonly ItemType[];
  /** Rows with a quantity (1 to this). */
  quantityMax?: number;
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const required = [{ required: true, message: t('errors:validation.required') }];
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <>
          <h3 className="retail-subtitle">{title}</h3>
          {fields.map((field) => (
            <div className="retail-row" key={field.key}>
              <Form.Item name={[field.name, 'type']}>
                <Select
                  style={{ minWidth: 140 }}
                  options={types.map((type) => ({ value: type, label: t(`retail:itemTypes.${type}`) }))}
                />
              </Form.Item>
              <Form.Item noStyle shouldUpdate>
                {() => (
                  <Form.Item name={[field.name, 'id']} rules={required}>
                    <ItemSelect type={form.getFieldValue([name, field.name, 'type']) as ItemType} />
                  </Form.Item>
                )}
              </Form.Item>
              {quantityMax !== undefined && (
                <Form.Item name={[field.name, 'quantity']} rules={required}>
                  <InputNumber min={1} max={quantityMax} precision={0} aria-label={t('retail:quantity')} />
                </Form.Item>
              )}
              <RemoveItemButton onClick={() => remove(field.name)} />
            </div>
          ))}
          <Button
            icon={<PlusOutlined />}
            onClick={() => add(quantityMax === undefined ? { type: 'product' } : { type: 'product', quantity: 1 })}
          >
            {t('retail:addItem')}
          </Button>
        </>
      )}
    </Form.List>
  );
}

/** Takes a row out of a list of items. */
export function RemoveItemButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return <Button type="text" icon={<MinusCircleOutlined />} aria-label={t('retail:removeItem')} onClick={onClick} />;
}
