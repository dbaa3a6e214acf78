import './retail.css';
import type { ItemType } from '@gym/contract/items';
import { OFFER_IMAGE_MAX_BYTES, type Offer, offerImageIssue, offerShapeIssues } from '@gym/contract/retail';
import { isBusinessDate } from '@gym/contract/time';
import { Button, Form, type FormInstance, Input, Select, Space, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requiredRule } from '../../shared/api/errorMessages';
import { DrawerFrame } from '../../shared/ui/EntityDrawer';
import { type ListColumn, ListTable, listSearch, listTexts } from '../../shared/ui/ListTable';
import { actionsColumn, activeColumn } from '../../shared/ui/listColumns';
import { ErrorState, LoadingState } from '../../shared/ui/ScreenStates';
import { StackedForm } from '../../shared/ui/StackedForm';
import { type Editing, type ListParamsConfig, useItemList } from '../../shared/useListParams';
import { useCenters, useCouponList, useOffer, useOfferList, useSaveOffer } from './api';
import { ActiveFilter, useRetailSave, useRetailToggle } from './columns';
import { retailFieldMessage } from './forms';
import { ItemRows } from './ItemSelect';

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

function OfferForm({
  form,
  offer,
  onDone,
}: {
  form: FormInstance<OfferValues>;
  offer: Offer | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveOffer();
  const done = useRetailSave(form, onDone);
  const centers = useCenters();
  const coupons = useCouponList({ active: 'true', pageSize: 200, sort: 'code' });
  const allCenters = Form.useWatch('allCenters', form) ?? offer?.allCenters ?? true;
  const dateRule = {
    validator: async (_rule: unknown, value: string | undefined) => {
      if (value && !isBusinessDate(value)) throw new Error(t('errors:field.date_invalid'));
    },
  };

  return (
    <StackedForm<OfferValues>
      enterSubmits
      form={form}
      name="offer"
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
        save.mutate({ id: offer?.id ?? null, body }, done);
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
      <ItemRows name="cart" title={t('retail:offer.cart')} types={CART_TYPES} quantityMax={100} />
      <Form.Item label={t('retail:offer.coupon')} name="couponId" style={{ marginTop: 16 }}>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          loading={coupons.isPending}
          options={(coupons.data?.items ?? []).map((c) => ({ value: c.id, label: c.code }))}
        />
      </Form.Item>
    </StackedForm>
  );
}

function OfferDrawer({ editing, onClose }: { editing: Editing<Offer> | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<OfferValues>();
  const offer = useOffer(editing?.item?.id ?? null);
  const save = useSaveOffer();
  let body: React.ReactNode = null;
  if (editing && editing.item === null) body = <OfferForm form={form} offer={null} onDone={onClose} />;
  else if (editing && offer.isPending) body = <LoadingState />;
  else if (editing && offer.isError) body = <ErrorState error={offer.error} onRetry={() => void offer.refetch()} />;
  else if (editing && offer.data) body = <OfferForm form={form} offer={offer.data} onDone={onClose} />;
  return (
    <DrawerFrame
      open={Boolean(editing)}
      title={
        editing?.item ? t('retail:offer.editTitle', { title: offer.data?.title ?? '' }) : t('retail:offer.addTitle')
      }
      busy={save.isPending}
      onClose={onClose}
      onSubmit={() => form.submit()}
      size={640}
      submitTestId="offer-submit"
    >
      {body}
    </DrawerFrame>
  );
}

/** `/offer-list`: promotions staff see while selling (title, text, image, window, centres, cart, coupon). */
export default function OfferListPage() {
  const { t } = useTranslation();
  const { list, result, edit, drawer, addButton, canUpdate } = useItemList(LIST, useOfferList, 'Catalogue');
  const save = useSaveOffer();
  const toggle = useRetailToggle<Offer>(t, save);

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
    ...(canUpdate ? [actionsColumn<Offer>(t, { name: (o) => o.title, onEdit: (o) => edit(o), onToggle: toggle })] : []),
  ];

  return (
    <div className="screen" data-testid="screen-offer-list">
      <ListTable<Offer, Sort, Filter>
        list={list}
        result={result}
        columns={columns}
        testId="offer-table"
        texts={listTexts(t, 'retail:offer.empty', 'retail:offer.total', 'retail:noMatch')}
        search={listSearch(t, 'offer-keyword', 'retail:offer.searchLabel', 'retail:offer.searchPlaceholder')}
        exportTo={{ path: '/pro/offers/export', fileName: 'offers' }}
        filters={<ActiveFilter list={list} />}
        add={addButton(t('retail:offer.add'), 'offer-add')}
      />
      <OfferDrawer {...drawer} />
    </div>
  );
}
