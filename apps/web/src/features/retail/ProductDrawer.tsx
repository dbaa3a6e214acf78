import { createProductRequestSchema, stockMovementRequestSchema } from '@gym/contract/retail';
import { App, Button, Drawer, Form, Input, InputNumber, Radio, Select, Space, Table, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../shared/acl';
import { requiredRule } from '../../shared/api/errorMessages';
import { useCenterId } from '../../shared/centerSelection';
import { ErrorState, LoadingState } from '../../shared/ui/ScreenStates';
import { StackedForm } from '../../shared/ui/StackedForm';
import { StatusTag } from '../../shared/ui/StatusTag';
import { useDateTime } from '../../shared/useDates';
import { type Product, type StockMovement, useMoveStock, useProduct, useSaveProduct, useStockMovements } from './api';
import { PriceAndTaxItems, retailRule, showServerErrors } from './forms';

export interface ProductDrawerState {
  /** null: a new product. */
  id: string | null;
  tab: 'details' | 'stock';
}

interface ProductValues {
  name: string;
  sku: string;
  barcode?: string;
  category?: string;
  price: number | null;
  taxRateBp: number | null;
  lowStockThreshold: number | null;
}

const { shape } = createProductRequestSchema;
const blankToNull = (v: string | undefined) => (v?.trim() ? v.trim() : null);

function ProductForm({ product, onSaved }: { product: Product | null; onSaved: (p: Product) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ProductValues>();
  const save = useSaveProduct();
  const canWrite = useAbility().can(product ? 'update' : 'create', 'Catalogue');

  return (
    <StackedForm<ProductValues>
      form={form}
      name="product"
      disabled={save.isPending || !canWrite}
      initialValues={
        product
          ? {
              name: product.name,
              sku: product.sku,
              barcode: product.barcode ?? '',
              category: product.category ?? '',
              price: product.price,
              taxRateBp: product.taxRateBp,
              lowStockThreshold: product.lowStockThreshold,
            }
          : { name: '', sku: '', barcode: '', category: '', price: null, taxRateBp: 0, lowStockThreshold: 0 }
      }
      onFinish={(values) => {
        const body = {
          name: values.name.trim(),
          sku: values.sku.trim(),
          barcode: blankToNull(values.barcode),
          category: blankToNull(values.category),
          price: values.price ?? 0,
          taxRateBp: values.taxRateBp ?? 0,
          lowStockThreshold: values.lowStockThreshold ?? 0,
        };
        save.mutate(
          { id: product?.id ?? null, body },
          {
            onSuccess: (saved) => {
              void message.success(t('retail:saved'));
              onSaved(saved);
            },
            onError: (error) => {
              const whole = showServerErrors(form, error, t);
              if (whole) void message.error(whole);
            },
          },
        );
      }}
    >
      <Form.Item label={t('retail:product.name')} name="name" rules={[requiredRule(t), retailRule(shape.name, t)]}>
        <Input maxLength={120} autoComplete="off" data-testid="product-name" />
      </Form.Item>
      <div className="retail-row">
        <Form.Item label={t('retail:product.sku')} name="sku" rules={[requiredRule(t), retailRule(shape.sku, t)]}>
          <Input maxLength={40} autoComplete="off" data-testid="product-sku" />
        </Form.Item>
        <Form.Item
          label={t('retail:product.barcode')}
          name="barcode"
          extra={t('retail:product.barcodeHelp')}
          rules={[retailRule(shape.barcode, t)]}
        >
          <Input maxLength={48} autoComplete="off" data-testid="product-barcode" />
        </Form.Item>
      </div>
      <Form.Item label={t('retail:product.category')} name="category" rules={[retailRule(shape.category, t)]}>
        <Input maxLength={60} autoComplete="off" />
      </Form.Item>
      <div className="retail-row">
        <PriceAndTaxItems priceLabel={t('retail:product.price')} priceTestId="product-price" />
        <Form.Item
          label={t('retail:product.lowStockThreshold')}
          name="lowStockThreshold"
          extra={t('retail:product.lowStockHelp')}
        >
          <InputNumber min={0} max={1_000_000} precision={0} inputMode="numeric" style={{ width: 140 }} />
        </Form.Item>
      </div>
      {canWrite && (
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="product-submit">
          {t('retail:save')}
        </Button>
      )}
    </StackedForm>
  );
}

interface MoveValues {
  centerId: string;
  quantity: number | null;
  reason?: string;
}

function StockForm({ product, kind }: { product: Product; kind: 'received' | 'adjusted' }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<MoveValues>();
  const move = useMoveStock(product.id);
  const currentCenterId = useCenterId();
  const [direction, setDirection] = useState<'add' | 'remove'>('remove');
  const defaultCenter =
    product.stock.find((s) => s.center.id === currentCenterId)?.center.id ?? product.stock[0]?.center.id;

  return (
    <StackedForm<MoveValues>
      form={form}
      name={`stock_${kind}`}
      disabled={move.isPending}
      initialValues={{ centerId: defaultCenter, quantity: null, reason: '' }}
      onFinish={(values) => {
        const count = Number(values.quantity);
        const quantity = kind === 'adjusted' && direction === 'remove' ? -count : count;
        const body = { centerId: values.centerId, kind, quantity, reason: values.reason?.trim() || null };
        const checked = stockMovementRequestSchema.safeParse(body);
        if (!checked.success) {
          const issue = checked.error.issues[0]!;
          form.setFields([{ name: issue.path[0] as keyof MoveValues, errors: [t(`retail:errors.${issue.message}`)] }]);
          return;
        }
        move.mutate(body, {
          onSuccess: (m) => {
            void message.success(t('retail:stock.moved', { count: m.onHand ?? 0, center: m.center.code }));
            form.resetFields();
          },
          onError: (error) => {
            const whole = showServerErrors(form, error, t);
            if (whole) void message.error(whole);
          },
        });
      }}
    >
      <div className="retail-row">
        <Form.Item
          label={t('retail:stock.center')}
          name="centerId"
          rules={[{ required: true, message: t('errors:validation.required') }]}
        >
          <Select
            style={{ minWidth: 180 }}
            options={product.stock.map((s) => ({ value: s.center.id, label: `${s.center.name} (${s.center.code})` }))}
            data-testid={`stock-${kind}-center`}
          />
        </Form.Item>
        {kind === 'adjusted' && (
          <Form.Item label={t('retail:stock.direction')}>
            <Radio.Group
              value={direction}
              onChange={(event) => setDirection(event.target.value as 'add' | 'remove')}
              optionType="button"
              options={[
                { value: 'remove', label: t('retail:stock.remove') },
                { value: 'add', label: t('retail:stock.add') },
              ]}
            />
          </Form.Item>
        )}
        <Form.Item
          label={t('retail:stock.quantity')}
          name="quantity"
          rules={[{ required: true, message: t('errors:validation.required') }]}
        >
          <InputNumber
            min={1}
            max={100_000}
            precision={0}
            inputMode="numeric"
            style={{ width: 120 }}
            data-testid={`stock-${kind}-quantity`}
          />
        </Form.Item>
      </div>
      {kind === 'adjusted' && (
        <Form.Item
          label={t('retail:stock.reason')}
          name="reason"
          rules={[{ required: true, whitespace: true, message: t('retail:errors.reason_required') }]}
        >
          <Input maxLength={200} data-testid="stock-adjusted-reason" />
        </Form.Item>
      )}
      <Button htmlType="submit" type="primary" loading={move.isPending} data-testid={`stock-${kind}-submit`}>
        {t(kind === 'received' ? 'retail:stock.receive' : 'retail:stock.adjust')}
      </Button>
    </StackedForm>
  );
}

function StockTab({ product }: { product: Product }) {
  const { t } = useTranslation();
  const formatTime = useDateTime();
  const [page, setPage] = useState(1);
  const movements = useStockMovements(product.id, { page, pageSize: 10 });
  const canMove = useAbility().can('update', 'Catalogue');

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Table
        size="small"
        pagination={false}
        rowKey={(row) => row.center.id}
        dataSource={product.stock}
        data-testid="stock-table"
        columns={[
          { key: 'center', title: t('retail:stock.center'), render: (_, s) => `${s.center.name} (${s.center.code})` },
          { key: 'onHand', title: t('retail:stock.onHand'), dataIndex: 'onHand', align: 'right' },
          {
            key: 'low',
            title: '',
            render: (_, s) => (s.low ? <StatusTag tone="warning">{t('retail:stock.low')}</StatusTag> : null),
          },
        ]}
      />
      {canMove && (
        <Tabs
          size="small"
          items={[
            {
              key: 'received',
              label: t('retail:stock.receive'),
              children: <StockForm product={product} kind="received" />,
            },
            {
              key: 'adjusted',
              label: t('retail:stock.adjust'),
              children: <StockForm product={product} kind="adjusted" />,
            },
          ]}
        />
      )}
      <div>
        <h3 className="retail-subtitle">{t('retail:stock.history')}</h3>
        <Table<StockMovement>
          size="small"
          rowKey="id"
          loading={movements.isPending}
          dataSource={movements.data?.items ?? []}
          data-testid="stock-history"
          pagination={{
            current: page,
            pageSize: 10,
            total: movements.data?.total ?? 0,
            onChange: setPage,
            hideOnSinglePage: true,
          }}
          columns={[
            { key: 'at', title: t('retail:stock.at'), render: (_, m) => formatTime(m.createdAt) },
            { key: 'center', title: t('retail:stock.center'), render: (_, m) => m.center.code },
            { key: 'kind', title: t('retail:stock.kind'), render: (_, m) => t(`retail:stock.kinds.${m.kind}`) },
            {
              key: 'quantity',
              title: t('retail:stock.quantity'),
              align: 'right',
              render: (_, m) => (m.quantity > 0 ? `+${m.quantity}` : String(m.quantity)),
            },
            { key: 'reason', title: t('retail:stock.reason'), dataIndex: 'reason' },
            { key: 'staff', title: t('retail:stock.staff'), render: (_, m) => m.staff?.name ?? '' },
          ]}
        />
      </div>
    </Space>
  );
}

/** Create or edit a product; an existing one has a stock tab (per centre, receive, adjust, history). */
export function ProductDrawer({
  state,
  onClose,
  onCreated,
}: {
  state: ProductDrawerState | null;
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const { t } = useTranslation();
  const product = useProduct(state?.id ?? null);
  const [tab, setTab] = useState<string | null>(null);
  const activeTab = tab ?? state?.tab ?? 'details';

  let body: React.ReactNode = null;
  if (state && state.id === null) body = <ProductForm product={null} onSaved={(p) => onCreated(p.id)} />;
  else if (state && product.isPending) body = <LoadingState />;
  else if (state && product.isError) body = <ErrorState error={product.error} onRetry={() => void product.refetch()} />;
  else if (state && product.data)
    body = (
      <Tabs
        activeKey={activeTab}
        onChange={setTab}
        items={[
          {
            key: 'details',
            label: t('retail:product.details'),
            children: <ProductForm key={product.data.updatedAt} product={product.data} onSaved={() => undefined} />,
          },
          { key: 'stock', label: t('retail:stock.title'), children: <StockTab product={product.data} /> },
        ]}
      />
    );

  return (
    <Drawer
      open={Boolean(state)}
      onClose={() => {
        setTab(null);
        onClose();
      }}
      afterOpenChange={(open) => {
        if (!open) setTab(null);
      }}
      title={product.data && state?.id ? product.data.name : t('retail:product.addTitle')}
      size={720}
      destroyOnHidden
      data-testid="product-drawer"
    >
      {body}
    </Drawer>
  );
}
