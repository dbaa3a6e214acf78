import './retail.css';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { ItemType } from '@gym/contract/items';
import { OFFER_IMAGE_MAX_BYTES, type Offer, offerImageIssue, offerShapeIssues } from '@gym/contract/retail';
import { isBusinessDate } from '@gym/contract/time';
import { App, Button, Drawer, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../shared/acl';
import { apiErrorMessage, requiredRule } from '../../shared/api/errorMessages';
import { type ListColumn, ListTable } from '../../shared/ui/ListTable';
import { ErrorState, LoadingState } from '../../shared/ui/ScreenStates';
import { type ListParamsConfig, useListParams } from '../../shared/useListParams';
import { useCenters, useCouponList, useOffer, useOfferList, useSaveOffer } from './api';
import { activeColumn, activeFilter, rowActions } from './columns';
import { retailFieldMessage, showServerErrors } from './forms';
import { ItemSelect } from './ItemSelect';

const SORTS = ['title', '-title', 'validFrom', '-validFrom', 'validUntil', '-validUntil'] as const;
type Sort = (typeof SORTS)[number];
type Filter = 'active';
const LIST: ListParamsConfig<Sort, Filter> = {
  sorts: SORTS,
  defaultSort: 'title',
  filters: { active: ['true', 'false'] },
};
const CART_TYPES: ItemType[] = ['product', 'product_set'];

interface OfferValues {
  title: string;
  body?: string;
  image: string | null;
  validFrom?: string;
  validUntil?: string;
  allCenters: boolean;
  centerIds: string[];
  cart: { type: ItemType; id?: string; quantity: number | null }[];
  couponId?: string | null;
}

/** An image file → data URL, refused when it is not a JPEG/PNG/WebP by its bytes or is too large. */
function readImage(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

function ImageField({ value, onChange }: { value?: string | null; onChange?: (v: string | null) => void }) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div>
      {value && <img src={value} alt="" className="retail-offer-image" />}
      <Space>
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp"
          aria-label={t('retail:offer.image')}
          onChange={async (event) => {
            const file = event.target.files?.[0];
            if (!file) return;
            if (file.size > OFFER_IMAGE_MAX_BYTES) {
              setProblem(t('retail:errors.image_too_large'));
              return;
            }
            const url = await readImage(file);
            const issue = offerImageIssue(url);
            setProblem(issue ? t(`retail:errors.${issue}`) : null);
            if (!issue) onChange?.(url);
          }}
        />
        {value && <Button onClick={() => onChange?.(null)}>{t('retail:offer.removeImage')}</Button>}
      </Space>
      {problem && (
        <div className="ant-form-item-explain-error" role="alert">
          {problem}
        </div>
      )}
    </div>
  );
}

function OfferForm({ offer, onDone }: { offer: Offer | null; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<OfferValues>();
  const save = useSaveOffer();
  const centers = useCenters();
  const coupons = useCouponList({ active: 'true', pageSize: 200, sort: 'code' });
  const allCenters = Form.useWatch('allCenters', form) ?? offer?.allCenters ?? true;
  const dateRule = {
    validator: async (_rule: unknown, value: string | undefined) => {
      if (value && !isBusinessDate(value)) throw new Error(t('errors:field.date_invalid'));
    },
  };

  return (
    <Form<OfferValues>
      form={form}
      id="offer-form"
      name="offer"
      layout="vertical"
      requiredMark={false}
      disabled={save.isPending}
      initialValues={
        offer
          ? {
              title: offer.title,
              body: offer.body ?? '',
              image: offer.image,
              validFrom: offer.validFrom ?? '',
              validUntil: offer.validUntil ?? '',
              allCenters: offer.allCenters,
              centerIds: offer.centers.map((c) => c.id),
              cart: offer.cart.map((i) => ({ type: i.type, id: i.id, quantity: i.quantity })),
              couponId: offer.coupon?.id ?? null,
            }
          : { title: '', body: '', image: null, allCenters: true, centerIds: [], cart: [], couponId: null }
      }
      onFinish={(values) => {
        const body = {
          title: values.title.trim(),
          body: values.body?.trim() || null,
          image: values.image,
          validFrom: values.validFrom || null,
          validUntil: values.validUntil || null,
          allCenters: values.allCenters,
          centerIds: values.allCenters ? [] : values.centerIds,
          cart: values.cart.map((i) => ({ type: i.type, id: i.id ?? '', quantity: Number(i.quantity) })),
          couponId: values.couponId ?? null,
        };
        const issues = offerShapeIssues(body);
        if (issues.length > 0) {
          form.setFields(
            issues.map((i) => ({ name: i.path as keyof OfferValues, errors: [retailFieldMessage(t, i.message)] })),
          );
          return;
        }
        save.mutate(
          { id: offer?.id ?? null, body },
          {
            onSuccess: () => {
              void message.success(t('retail:saved'));
              onDone();
            },
            onError: (error) => {
              const whole = showServerErrors(form, error, t);
              if (whole) void message.error(whole);
            },
          },
        );
      }}
    >
      <Form.Item label={t('retail:offer.title')} name="title" rules={[requiredRule(t)]}>
        <Input maxLength={120} autoComplete="off" data-testid="offer-title" />
      </Form.Item>
      <Form.Item label={t('retail:offer.text')} name="body">
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
      </Form.Item>
      <Form.Item label={t('retail:offer.image')} name="image" extra={t('retail:offer.imageHelp')}>
        <ImageField />
      </Form.Item>
      <div className="retail-row">
        <Form.Item label={t('retail:validFrom')} name="validFrom" rules={[dateRule]}>
          <Input type="date" />
        </Form.Item>
        <Form.Item label={t('retail:validUntil')} name="validUntil" rules={[dateRule]}>
          <Input type="date" />
        </Form.Item>
      </div>
      <Form.Item label={t('retail:offer.allCenters')} name="allCenters" valuePropName="checked">
        <Switch />
      </Form.Item>
      {!allCenters && (
        <Form.Item label={t('retail:offer.centers')} name="centerIds">
          <Select
            mode="multiple"
            loading={centers.isPending}
            options={(centers.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.code})` }))}
          />
        </Form.Item>
      )}
      <Form.List name="cart">
        {(fields, { add, remove }) => (
          <>
            <h3 className="retail-subtitle">{t('retail:offer.cart')}</h3>
            {fields.map((field) => (
              <div className="retail-row" key={field.key}>
                <Form.Item name={[field.name, 'type']}>
                  <Select
                    style={{ minWidth: 140 }}
                    options={CART_TYPES.map((type) => ({ value: type, label: t(`retail:itemTypes.${type}`) }))}
                  />
                </Form.Item>
                <Form.Item noStyle shouldUpdate>
                  {() => (
                    <Form.Item
                      name={[field.name, 'id']}
                      rules={[{ required: true, message: t('errors:validation.required') }]}
                    >
                      <ItemSelect type={form.getFieldValue(['cart', field.name, 'type']) as ItemType} />
                    </Form.Item>
                  )}
                </Form.Item>
                <Form.Item
                  name={[field.name, 'quantity']}
                  rules={[{ required: true, message: t('errors:validation.required') }]}
                >
                  <InputNumber min={1} max={100} precision={0} aria-label={t('retail:quantity')} />
                </Form.Item>
                <Button
                  type="text"
                  icon={<MinusCircleOutlined />}
                  aria-label={t('retail:removeItem')}
                  onClick={() => remove(field.name)}
                />
              </div>
            ))}
            <Button icon={<PlusOutlined />} onClick={() => add({ type: 'product', quantity: 1 })}>
              {t('retail:addItem')}
            </Button>
          </>
        )}
      </Form.List>
      <Form.Item label={t('retail:offer.coupon')} name="couponId" style={{ marginTop: 16 }}>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          loading={coupons.isPending}
          options={(coupons.data?.items ?? []).map((c) => ({ value: c.id, label: c.code }))}
        />
      </Form.Item>
      <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
    </Form>
  );
}

function OfferDrawer({ editing, onClose }: { editing: { id: string | null } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const offer = useOffer(editing?.id ?? null);
  const save = useSaveOffer();
  let body: React.ReactNode = null;
  if (editing && editing.id === null) body = <OfferForm offer={null} onDone={onClose} />;
  else if (editing && offer.isPending) body = <LoadingState />;
  else if (editing && offer.isError) body = <ErrorState error={offer.error} onRetry={() => void offer.refetch()} />;
  else if (editing && offer.data) body = <OfferForm offer={offer.data} onDone={onClose} />;
  return (
    <Drawer
      open={Boolean(editing)}
      onClose={onClose}
      title={editing?.id ? t('retail:offer.editTitle', { title: offer.data?.title ?? '' }) : t('retail:offer.addTitle')}
      size={640}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t('retail:cancel')}</Button>
          <Button
            type="primary"
            htmlType="submit"
            form="offer-form"
            loading={save.isPending}
            data-testid="offer-submit"
          >
            {t('retail:save')}
          </Button>
        </Space>
      }
    >
      {body}
    </Drawer>
  );
}

/** `/offer-list`: promotions staff see while selling (title, text, image, window, centres, cart, coupon). */
export default function OfferListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const ability = useAbility();
  const list = useListParams(LIST);
  const save = useSaveOffer();
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);
  const apiFilters = {
    ...(list.keyword ? { keyword: list.keyword } : {}),
    sort: list.sort,
    ...(list.filters.active ? { active: list.filters.active } : {}),
  };
  const offers = useOfferList({ ...apiFilters, page: list.page, pageSize: list.pageSize });
  const canUpdate = ability.can('update', 'Catalogue');

  const columns: ListColumn<Offer>[] = [
    { key: 'title', title: t('retail:offer.title'), dataIndex: 'title', sortable: true },
    {
      key: 'validFrom',
      title: t('retail:validFrom'),
      sortable: true,
      show: 'tablet',
      render: (_: unknown, o: Offer) => o.validFrom ?? '…',
    },
    {
      key: 'validUntil',
      title: t('retail:validUntil'),
      sortable: true,
      render: (_: unknown, o: Offer) => o.validUntil ?? '…',
    },
    {
      key: 'centers',
      title: t('retail:offer.centers'),
      show: 'desktop',
      render: (_: unknown, o: Offer) =>
        o.allCenters ? t('retail:offer.everyCenter') : o.centers.map((c) => c.code).join(', '),
    },
    {
      key: 'cart',
      title: t('retail:offer.cart'),
      show: 'desktop',
      maxWidth: 160,
      render: (_: unknown, o: Offer) => o.cart.map((i) => `${i.quantity} × ${i.name ?? '?'}`).join(', '),
    },
    { key: 'coupon', title: t('retail:offer.coupon'), render: (_: unknown, o: Offer) => o.coupon?.code ?? '' },
    activeColumn(t),
    ...(canUpdate
      ? [
          {
            key: 'actions',
            title: t('retail:actions'),
            render: (_: unknown, o: Offer) =>
              rowActions(t, o.title, {
                onEdit: () => setEditing({ id: o.id }),
                active: o.active,
                onToggle: () =>
                  save.mutate(
                    { id: o.id, body: { active: !o.active } },
                    {
                      onSuccess: () => void message.success(t(o.active ? 'retail:deactivated' : 'retail:activated')),
                      onError: (error) => void message.error(apiErrorMessage(t, error)),
                    },
                  ),
              }),
          },
        ]
      : []),
  ];

  return (
    <div className="screen" data-testid="screen-offer-list">
      <ListTable<Offer, Sort, Filter>
        list={list}
        sorts={SORTS}
        result={offers}
        columns={columns}
        rowKey={(row) => row.id}
        testId="offer-table"
        texts={{
          empty: t('retail:offer.empty'),
          noMatch: t('retail:noMatch'),
          total: (count) => t('retail:offer.total', { count }),
        }}
        search={{
          id: 'offer-keyword',
          label: t('retail:offer.searchLabel'),
          placeholder: t('retail:offer.searchPlaceholder'),
        }}
        exportTo={{ path: '/pro/offers/export', fileName: 'offers', query: apiFilters }}
        filters={activeFilter(t, list.filters.active, (value) => list.setFilter('active', value))}
        actions={
          ability.can('create', 'Catalogue') && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ id: null })}
              data-testid="offer-add"
            >
              {t('retail:offer.add')}
            </Button>
          )
        }
      />
      <OfferDrawer editing={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
