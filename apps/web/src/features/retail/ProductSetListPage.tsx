import './retail.css';
import { PlusOutlined } from '@ant-design/icons';
import { formatMoney } from '@gym/contract/money';
import { createProductSetRequestSchema, type ProductSet } from '@gym/contract/retail';
import { Button, Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { requiredRule } from '../../shared/api/errorMessages';
import { EntityDrawer } from '../../shared/ui/EntityDrawer';
import { type ListColumn, ListTable, listSearch, listTexts } from '../../shared/ui/ListTable';
import { actionsColumn, activeColumn } from '../../shared/ui/listColumns';
import { percentText } from '../../shared/ui/PercentInput';
import { type Editing, type ListParamsConfig, useItemList } from '../../shared/useListParams';
import { useMoneyFormat } from '../../shared/useMoneyFormat';
import { useProductSetList, useSaveProductSet } from './api';
import { ActiveFilter, useRetailSave, useRetailToggle } from './columns';
import { PriceAndTaxItems, retailRule } from './forms';
import { ItemSelect, RemoveItemButton } from './ItemSelect';

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

function ProductSetDrawer({ editing, onClose }: { editing: Editing<ProductSet> | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SetValues>();
  const save = useSaveProductSet();
  const done = useRetailSave(form, onClose);
  const set = editing?.item ?? null;

  return (
    <EntityDrawer<SetValues>
      open={Boolean(editing)}
      title={set ? t('retail:set.editTitle', { name: set.name }) : t('retail:set.addTitle')}
      busy={save.isPending}
      onClose={onClose}
      size={640}
      submitTestId="set-submit"
      form={form}
      name="product_set"
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
        save.mutate({ id: set?.id ?? null, body }, done);
      }}
    >
      <Form.Item label={t('retail:set.name')} name="name" rules={[requiredRule(t), retailRule(shape.name, t)]}>
        <Input maxLength={120} autoComplete="off" />
      </Form.Item>
      <Form.Item label={t('retail:description')} name="description">
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} />
      </Form.Item>
      <div className="retail-row">
        <PriceAndTaxItems priceLabel={t('retail:set.price')} />
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
                <RemoveItemButton onClick={() => remove(field.name)} />
              </div>
            ))}
            <Form.ErrorList errors={errors} />
            <Button icon={<PlusOutlined />} onClick={() => add({ quantity: 1 })}>
              {t('retail:addItem')}
            </Button>
          </>
        )}
      </Form.List>
    </EntityDrawer>
  );
}

/** `/product-set-list`: bundles of products at a set price. */
export default function ProductSetListPage() {
  const { t } = useTranslation();
  const { list, result, edit, drawer, addButton, canUpdate } = useItemList(LIST, useProductSetList, 'Catalogue');
  const format = useMoneyFormat();
  const save = useSaveProductSet();
  const toggle = useRetailToggle<ProductSet>(t, save);

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
      render: (_: unknown, s: ProductSet) => formatMoney(s.price, format),
    },
    {
      key: 'tax',
      title: t('retail:taxRate'),
      // Kept for those who ask ("Columns"): the price is what the desk quotes.
      defaultHidden: true,
      align: 'right',
      show: 'desktop',
      render: (_: unknown, s: ProductSet) => percentText(s.taxRateBp, 'needed'),
    },
    activeColumn(t),
    ...(canUpdate
      ? [actionsColumn<ProductSet>(t, { name: (s) => s.name, onEdit: (s) => edit(s), onToggle: toggle })]
      : []),
  ];

  return (
    <div className="screen" data-testid="screen-product-set-list">
      <ListTable<ProductSet, Sort, Filter>
        list={list}
        result={result}
        columns={columns}
        testId="product-set-table"
        texts={listTexts(t, 'retail:set.empty', 'retail:set.total', 'retail:noMatch')}
        search={listSearch(t, 'set-keyword', 'retail:set.searchLabel', 'retail:set.searchPlaceholder')}
        exportTo={{ path: '/pro/product-sets/export', fileName: 'product-sets' }}
        filters={<ActiveFilter list={list} />}
        add={addButton(t('retail:set.add'), 'set-add')}
      />
      <ProductSetDrawer {...drawer} />
    </div>
  );
}
