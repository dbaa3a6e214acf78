import './retail.css';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { createProductSetRequestSchema, type ProductSet } from '@gym/contract/retail';
import { App, Button, Drawer, Form, Input, InputNumber, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../shared/acl';
import { apiErrorMessage, requiredRule } from '../../shared/api/errorMessages';
import { type ListColumn, ListTable } from '../../shared/ui/ListTable';
import { type ListParamsConfig, useListParams } from '../../shared/useListParams';
import { useProductSetList, useSaveProductSet } from './api';
import { activeColumn, activeFilter, rowActions } from './columns';
import { moneyRule, PercentInput, percentRule, percentText, retailRule, showServerErrors } from './forms';
import { ItemSelect } from './ItemSelect';
import { MoneyInput, money, useMoneyFormat } from './MoneyInput';

const SORTS = ['name', '-name', 'price', '-price'] as const;
type Sort = (typeof SORTS)[number];
type Filter = 'active';
const LIST: ListParamsConfig<Sort, Filter> = {
  sorts: SORTS,
  defaultSort: 'name',
  filters: { active: ['true', 'false'] },
};
const { shape } = createProductSetRequestSchema;

interface SetValues {
  name: string;
  description?: string;
  price: number | null;
  taxRateBp: number | null;
  items: { productId?: string; quantity: number | null }[];
}

function ProductSetDrawer({ editing, onClose }: { editing: { set: ProductSet | null } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<SetValues>();
  const save = useSaveProductSet();
  const format = useMoneyFormat();
  const set = editing?.set ?? null;

  return (
    <Drawer
      open={Boolean(editing)}
      onClose={onClose}
      title={set ? t('retail:set.editTitle', { name: set.name }) : t('retail:set.addTitle')}
      size={640}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t('retail:cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="set-submit">
            {t('retail:save')}
          </Button>
        </Space>
      }
    >
      {editing && (
        <Form<SetValues>
          form={form}
          name="product_set"
          layout="vertical"
          requiredMark={false}
          disabled={save.isPending}
          initialValues={
            set
              ? {
                  name: set.name,
                  description: set.description ?? '',
                  price: set.price,
                  taxRateBp: set.taxRateBp,
                  items: set.items.map((i) => ({ productId: i.product.id, quantity: i.quantity })),
                }
              : { name: '', description: '', price: null, taxRateBp: 0, items: [{ quantity: 1 }] }
          }
          onFinish={(values) => {
            const body = {
              name: values.name.trim(),
              description: values.description?.trim() || null,
              price: values.price ?? 0,
              taxRateBp: values.taxRateBp ?? 0,
              items: values.items.map((i) => ({ productId: i.productId ?? '', quantity: Number(i.quantity) })),
            };
            save.mutate(
              { id: set?.id ?? null, body },
              {
                onSuccess: () => {
                  void message.success(t('retail:saved'));
                  onClose();
                },
                onError: (error) => {
                  const whole = showServerErrors(form, error, t);
                  if (whole) void message.error(whole);
                },
              },
            );
          }}
        >
          <Form.Item label={t('retail:set.name')} name="name" rules={[requiredRule(t), retailRule(shape.name, t)]}>
            <Input maxLength={120} autoComplete="off" />
          </Form.Item>
          <Form.Item label={t('retail:description')} name="description">
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} />
          </Form.Item>
          <div className="retail-row">
            <Form.Item
              label={t('retail:set.price')}
              name="price"
              extra={t('retail:priceHelp')}
              rules={[moneyRule(t, true)]}
            >
              <MoneyInput format={format} />
            </Form.Item>
            <Form.Item label={t('retail:taxRate')} name="taxRateBp" rules={[percentRule(t, false)]}>
              <PercentInput />
            </Form.Item>
          </div>
          <Form.List
            name="items"
            rules={[
              {
                validator: async (_rule, items: unknown[]) => {
                  if (!items || items.length === 0) throw new Error(t('retail:errors.items_required'));
                },
              },
            ]}
          >
            {(fields, { add, remove }, { errors }) => (
              <>
                <h3 className="retail-subtitle">{t('retail:set.items')}</h3>
                {fields.map((field) => (
                  <div className="retail-row" key={field.key}>
                    <Form.Item
                      name={[field.name, 'productId']}
                      rules={[
                        { required: true, message: t('errors:validation.required') },
                        {
                          validator: async (_rule, id: string | undefined) => {
                            const all = form.getFieldValue('items') as SetValues['items'];
                            if (id && all.filter((i) => i?.productId === id).length > 1)
                              throw new Error(t('retail:errors.duplicate_product'));
                          },
                        },
                      ]}
                    >
                      <ItemSelect type="product" />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'quantity']}
                      rules={[{ required: true, message: t('errors:validation.required') }]}
                    >
                      <InputNumber min={1} max={1000} precision={0} aria-label={t('retail:quantity')} />
                    </Form.Item>
                    <Button
                      type="text"
                      icon={<MinusCircleOutlined />}
                      aria-label={t('retail:removeItem')}
                      onClick={() => remove(field.name)}
                    />
                  </div>
                ))}
                <Form.ErrorList errors={errors} />
                <Button icon={<PlusOutlined />} onClick={() => add({ quantity: 1 })}>
                  {t('retail:addItem')}
                </Button>
              </>
            )}
          </Form.List>
          <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
        </Form>
      )}
    </Drawer>
  );
}

/** `/product-set-list`: bundles of products at a set price. */
export default function ProductSetListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const ability = useAbility();
  const list = useListParams(LIST);
  const format = useMoneyFormat();
  const save = useSaveProductSet();
  const [editing, setEditing] = useState<{ set: ProductSet | null } | null>(null);
  const apiFilters = {
    ...(list.keyword ? { keyword: list.keyword } : {}),
    sort: list.sort,
    ...(list.filters.active ? { active: list.filters.active } : {}),
  };
  const sets = useProductSetList({ ...apiFilters, page: list.page, pageSize: list.pageSize });
  const canUpdate = ability.can('update', 'Catalogue');

  const columns: ListColumn<ProductSet>[] = [
    { key: 'name', title: t('retail:set.name'), dataIndex: 'name', sortable: true },
    {
      key: 'items',
      title: t('retail:set.items'),
      render: (_: unknown, s: ProductSet) => s.items.map((i) => `${i.quantity} × ${i.product.name}`).join(', '),
    },
    {
      key: 'price',
      title: t('retail:set.price'),
      align: 'right',
      sortable: true,
      render: (_: unknown, s: ProductSet) => money(s.price, format),
    },
    {
      key: 'tax',
      title: t('retail:taxRate'),
      // Kept for those who ask ("Columns"): the price is what the desk quotes.
      defaultHidden: true,
      align: 'right',
      show: 'desktop',
      render: (_: unknown, s: ProductSet) => percentText(s.taxRateBp),
    },
    activeColumn(t),
    ...(canUpdate
      ? [
          {
            key: 'actions',
            title: t('retail:actions'),
            render: (_: unknown, s: ProductSet) =>
              rowActions(t, s.name, {
                onEdit: () => setEditing({ set: s }),
                active: s.active,
                onToggle: () =>
                  save.mutate(
                    { id: s.id, body: { active: !s.active } },
                    {
                      onSuccess: () => void message.success(t(s.active ? 'retail:deactivated' : 'retail:activated')),
                      onError: (error) => void message.error(apiErrorMessage(t, error)),
                    },
                  ),
              }),
          },
        ]
      : []),
  ];

  return (
    <div className="screen" data-testid="screen-product-set-list">
      <ListTable<ProductSet, Sort, Filter>
        list={list}
        sorts={SORTS}
        result={sets}
        columns={columns}
        rowKey={(row) => row.id}
        testId="product-set-table"
        texts={{
          empty: t('retail:set.empty'),
          noMatch: t('retail:noMatch'),
          total: (count) => t('retail:set.total', { count }),
        }}
        search={{
          id: 'set-keyword',
          label: t('retail:set.searchLabel'),
          placeholder: t('retail:set.searchPlaceholder'),
        }}
        exportTo={{ path: '/pro/product-sets/export', fileName: 'product-sets', query: apiFilters }}
        filters={activeFilter(t, list.filters.active, (value) => list.setFilter('active', value))}
        actions={
          ability.can('create', 'Catalogue') && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ set: null })}
              data-testid="set-add"
            >
              {t('retail:set.add')}
            </Button>
          )
        }
      />
      <ProductSetDrawer editing={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
