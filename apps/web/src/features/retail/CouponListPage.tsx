import './retail.css';
import { ITEM_TYPES, type ItemType } from '@gym/contract/items';
import { formatMoney } from '@gym/contract/money';
import { type Coupon, couponCodeSchema, couponShapeIssues } from '@gym/contract/retail';
import { isBusinessDate } from '@gym/contract/time';
import { Form, Input, InputNumber, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { requiredRule } from '../../shared/api/errorMessages';
import { EntityDrawer } from '../../shared/ui/EntityDrawer';
import { type ListColumn, ListTable, listSearch, listTexts } from '../../shared/ui/ListTable';
import { actionsColumn, activeColumn } from '../../shared/ui/listColumns';
import { MoneyInput } from '../../shared/ui/MoneyInput';
import { PercentInput, percentText } from '../../shared/ui/PercentInput';
import { type Editing, type ListParamsConfig, useItemList } from '../../shared/useListParams';
import { useMoneyFormat } from '../../shared/useMoneyFormat';
import { useCouponList, useSaveCoupon } from './api';
import { ActiveFilter, useRetailSave, useRetailToggle } from './columns';
import { moneyRule, percentRule, retailFieldMessage, retailRule } from './forms';
import { ItemRows } from './ItemSelect';

const SORTS = ['code', '-code', 'validUntil', '-validUntil', 'createdAt', '-createdAt'] as const;
type Sort = (typeof SORTS)[number];
type Filter = 'active' | 'kind';
const LIST: ListParamsConfig<Sort, Filter> = {
  sorts: SORTS,
  defaultSort: 'code',
  filters: { active: ['true', 'false'], kind: ['percent', 'amount'] },
};
/** Items a coupon can name here; the other types are chosen by type. */
const NAMEABLE: ItemType[] = ['product', 'product_set'];

interface CouponValues {
  code: string;
  description?: string;
  kind: 'percent' | 'amount';
  percentBp: number | null;
  amount: number | null;
  validFrom?: string;
  validUntil?: string;
  usageLimit: number | null;
  perMemberLimit: number | null;
  minSpend: number | null;
  appliesToTypes: ItemType[];
  appliesToItems: { type: ItemType; id?: string }[];
}

const dateRule = (t: (k: string) => string) => ({
  validator: async (_rule: unknown, value: string | undefined) => {
    if (value && !isBusinessDate(value)) throw new Error(t('errors:field.date_invalid'));
  },
});

function CouponDrawer({ editing, onClose }: { editing: Editing<Coupon> | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CouponValues>();
  const save = useSaveCoupon();
  const done = useRetailSave(form, onClose);
  const format = useMoneyFormat();
  const coupon = editing?.item ?? null;
  const kind = Form.useWatch('kind', form) ?? coupon?.kind ?? 'percent';

  return (
    <EntityDrawer<CouponValues>
      open={Boolean(editing)}
      title={coupon ? t('retail:coupon.editTitle', { code: coupon.code }) : t('retail:coupon.addTitle')}
      busy={save.isPending}
      onClose={onClose}
      size={640}
      submitTestId="coupon-submit"
      form={form}
      name="coupon"
      initialValues={
        coupon
          ? {
              code: coupon.code,
              description: coupon.description ?? '',
              kind: coupon.kind,
              percentBp: coupon.kind === 'percent' ? coupon.percentBp : null,
              amount: coupon.kind === 'amount' ? coupon.amount : null,
              validFrom: coupon.validFrom ?? '',
              validUntil: coupon.validUntil ?? '',
              usageLimit: coupon.usageLimit,
              perMemberLimit: coupon.perMemberLimit,
              minSpend: coupon.minSpend,
              appliesToTypes: coupon.appliesToTypes,
              appliesToItems: coupon.appliesToItems.map((i) => ({ type: i.type, id: i.id })),
            }
          : {
              code: '',
              description: '',
              kind: 'percent',
              percentBp: null,
              amount: null,
              usageLimit: null,
              perMemberLimit: null,
              minSpend: 0,
              appliesToTypes: [],
              appliesToItems: [],
            }
      }
      onFinish={(values) => {
        const common = {
          code: values.code.trim(),
          description: values.description?.trim() || null,
          validFrom: values.validFrom || null,
          validUntil: values.validUntil || null,
          usageLimit: values.usageLimit ?? null,
          perMemberLimit: values.perMemberLimit ?? null,
          minSpend: values.minSpend ?? 0,
          appliesToTypes: values.appliesToTypes,
          appliesToItems: values.appliesToItems.map((i) => ({ type: i.type, id: i.id ?? '' })),
        };
        const body =
          values.kind === 'percent'
            ? { ...common, kind: 'percent' as const, percentBp: values.percentBp ?? 0 }
            : { ...common, kind: 'amount' as const, amount: values.amount ?? 0 };
        const issues = couponShapeIssues(body);
        if (issues.length > 0) {
          form.setFields(
            issues.map((i) => ({ name: i.path as keyof CouponValues, errors: [retailFieldMessage(t, i.message)] })),
          );
          return;
        }
        save.mutate({ id: coupon?.id ?? null, body }, done);
      }}
    >
      <Form.Item
        label={t('retail:coupon.code')}
        name="code"
        extra={t('retail:coupon.codeHelp')}
        rules={[requiredRule(t), retailRule(couponCodeSchema, t)]}
      >
        <Input maxLength={40} autoComplete="off" data-testid="coupon-code" />
      </Form.Item>
      <Form.Item label={t('retail:description')} name="description">
        <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={500} />
      </Form.Item>
      <Form.Item label={t('retail:coupon.kind')} name="kind">
        <Radio.Group
          optionType="button"
          options={[
            { value: 'percent', label: t('retail:coupon.kinds.percent') },
            { value: 'amount', label: t('retail:coupon.kinds.amount') },
          ]}
        />
      </Form.Item>
      {kind === 'percent' ? (
        <Form.Item label={t('retail:coupon.percent')} name="percentBp" rules={[percentRule(t, true, 1)]}>
          <PercentInput decimals="needed" />
        </Form.Item>
      ) : (
        <Form.Item label={t('retail:coupon.amount')} name="amount" rules={[moneyRule(t, true, 1)]}>
          <MoneyInput format={format} data-testid="coupon-amount" />
        </Form.Item>
      )}
      <div className="retail-row">
        <Form.Item label={t('retail:validFrom')} name="validFrom" rules={[dateRule(t)]}>
          <Input type="date" />
        </Form.Item>
        <Form.Item label={t('retail:validUntil')} name="validUntil" rules={[dateRule(t)]}>
          <Input type="date" />
        </Form.Item>
      </div>
      <div className="retail-row">
        <Form.Item label={t('retail:coupon.usageLimit')} name="usageLimit" extra={t('retail:coupon.unlimitedHelp')}>
          <InputNumber min={1} max={1_000_000} precision={0} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item
          label={t('retail:coupon.perMemberLimit')}
          name="perMemberLimit"
          extra={t('retail:coupon.unlimitedHelp')}
        >
          <InputNumber min={1} max={1_000_000} precision={0} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item label={t('retail:coupon.minSpend')} name="minSpend" rules={[moneyRule(t, false)]}>
          <MoneyInput format={format} />
        </Form.Item>
      </div>
      <Form.Item label={t('retail:coupon.appliesToTypes')} name="appliesToTypes" extra={t('retail:coupon.appliesHelp')}>
        <Select
          mode="multiple"
          allowClear
          options={ITEM_TYPES.map((type) => ({ value: type, label: t(`retail:itemTypes.${type}`) }))}
        />
      </Form.Item>
      <ItemRows name="appliesToItems" title={t('retail:coupon.appliesToItems')} types={NAMEABLE} />
    </EntityDrawer>
  );
}

/** `/coupon-list`: discount codes, their validity, limits and uses so far. */
export default function CouponListPage() {
  const { t } = useTranslation();
  const { list, result, edit, drawer, addButton, canUpdate } = useItemList(LIST, useCouponList, 'Catalogue');
  const format = useMoneyFormat();
  const save = useSaveCoupon();
  const toggle = useRetailToggle<Coupon>(t, save);
  const limit = (n: number | null) => (n === null ? t('retail:coupon.unlimited') : String(n));

  const columns: ListColumn<Coupon>[] = [
    { key: 'code', title: t('retail:coupon.code'), dataIndex: 'code', sortable: true },
    { key: 'description', title: t('retail:description'), dataIndex: 'description', show: 'desktop' },
    {
      key: 'value',
      title: t('retail:coupon.value'),
      align: 'right',
      render: (_: unknown, c: Coupon) =>
        c.kind === 'percent' ? percentText(c.percentBp, 'needed') : formatMoney(c.amount, format),
    },
    {
      key: 'validUntil',
      title: t('retail:coupon.window'),
      sortable: true,
      show: 'tablet',
      render: (_: unknown, c: Coupon) => `${c.validFrom ?? '…'} – ${c.validUntil ?? '…'}`,
    },
    {
      key: 'uses',
      title: t('retail:coupon.uses'),
      align: 'right',
      render: (_: unknown, c: Coupon) => `${c.uses} / ${limit(c.usageLimit)}`,
    },
    {
      key: 'perMember',
      defaultHidden: true,
      title: t('retail:coupon.perMemberLimit'),
      align: 'right',
      show: 'desktop',
      render: (_: unknown, c: Coupon) => limit(c.perMemberLimit),
    },
    {
      key: 'minSpend',
      title: t('retail:coupon.minSpend'),
      align: 'right',
      show: 'desktop',
      render: (_: unknown, c: Coupon) => formatMoney(c.minSpend, format),
    },
    activeColumn(t),
    ...(canUpdate ? [actionsColumn<Coupon>(t, { name: (c) => c.code, onEdit: (c) => edit(c), onToggle: toggle })] : []),
  ];

  return (
    <div className="screen" data-testid="screen-coupon-list">
      <ListTable<Coupon, Sort, Filter>
        list={list}
        result={result}
        columns={columns}
        testId="coupon-table"
        texts={listTexts(t, 'retail:coupon.empty', 'retail:coupon.total', 'retail:noMatch')}
        search={listSearch(t, 'coupon-keyword', 'retail:coupon.searchLabel', 'retail:coupon.searchPlaceholder')}
        exportTo={{ path: '/pro/coupons/export', fileName: 'coupons' }}
        filters={
          <>
            <ActiveFilter list={list} />
            <Select
              className="list-toolbar__filter"
              aria-label={t('retail:coupon.kind')}
              value={list.filters.kind ?? 'all'}
              popupMatchSelectWidth={false}
              onChange={(v: string) => list.setFilter('kind', v === 'all' ? null : v)}
              options={[
                { value: 'all', label: t('retail:coupon.kinds.all') },
                { value: 'percent', label: t('retail:coupon.kinds.percent') },
                { value: 'amount', label: t('retail:coupon.kinds.amount') },
              ]}
              data-testid="filter-kind"
            />
          </>
        }
        add={addButton(t('retail:coupon.add'), 'coupon-add')}
      />
      <CouponDrawer {...drawer} />
    </div>
  );
}
