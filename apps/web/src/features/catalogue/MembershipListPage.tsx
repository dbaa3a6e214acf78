import './catalogue.css';

import {
  DURATION_UNITS,
  MEMBERSHIP_PLAN_SORTS,
  membershipPlanFieldsSchema,
  START_RULES,
} from '@gym/contract/catalogue';
import { Form, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChoiceFilter } from '../../shared/ui/ListFilters';
import type { ListColumn } from '../../shared/ui/ListTable';
import { type Editing, type ListParamsConfig, useItemList } from '../../shared/useListParams';
import { type MembershipPlan, useMembershipPlanList, useSaveMembershipPlan } from './api';
import { CatalogueDrawer, CatalogueListScreen } from './components/CatalogueList';
import { nameLinkColumn, saleColumns, useStateColumns } from './components/columns';
import {
  CoverageFields,
  DescriptionItem,
  LIMITS,
  NameItem,
  PriceItem,
  requiredMessage,
  TaxRateItem,
  wholeNumberRule,
} from './components/fields';
import { UUID } from './components/ListFilters';
import { useFormatLength } from './format';
import { useFormatMoney } from './money';
import { membershipPath } from './paths';

type Sort = (typeof MEMBERSHIP_PLAN_SORTS)[number];
type Filter = 'status' | 'centerId' | 'durationUnit';
const LIST: ListParamsConfig<Sort, Filter> = {
  sorts: MEMBERSHIP_PLAN_SORTS,
  defaultSort: 'name',
  filters: { status: ['active', 'inactive'], centerId: (v) => UUID.test(v), durationUnit: DURATION_UNITS },
};

interface PlanValues {
  name: string;
  description: string;
  durationValue: number | null;
  durationUnit: (typeof DURATION_UNITS)[number];
  allCenters: boolean;
  centerIds: string[];
  price: number | null;
  taxRateBp: number | null;
  maxFreezes: number | null;
  maxFreezeDays: number | null;
  freezeFee: number | null;
  startRule: (typeof START_RULES)[number];
}
const FIELDS = [
  'name',
  'description',
  'durationValue',
  'durationUnit',
  'allCenters',
  'centerIds',
  'price',
  'taxRateBp',
  'maxFreezes',
  'maxFreezeDays',
  'freezeFee',
  'startRule',
] as const;
const { shape } = membershipPlanFieldsSchema;

const initialValues = (plan: MembershipPlan | null): PlanValues =>
  plan
    ? {
        name: plan.name,
        description: plan.description ?? '',
        durationValue: plan.durationValue,
        durationUnit: plan.durationUnit,
        allCenters: plan.allCenters,
        centerIds: plan.centers.map((c) => c.id),
        price: plan.price,
        taxRateBp: plan.taxRateBp,
        maxFreezes: plan.maxFreezes,
        maxFreezeDays: plan.maxFreezeDays,
        freezeFee: plan.freezeFee,
        startRule: plan.startRule,
      }
    : {
        name: '',
        description: '',
        durationValue: 1,
        durationUnit: 'month',
        allCenters: true,
        centerIds: [],
        price: null,
        taxRateBp: 0,
        maxFreezes: 0,
        maxFreezeDays: 0,
        freezeFee: 0,
        startRule: 'on_sale',
      };

export function PlanDrawer({ editing, onClose }: { editing: Editing<MembershipPlan> | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PlanValues>();
  const plan = editing?.item ?? null;

  return (
    <CatalogueDrawer
      kind="plans"
      editing={editing}
      onClose={onClose}
      save={useSaveMembershipPlan()}
      fields={FIELDS}
      form={form}
      name="membership_plan"
      initialValues={initialValues(plan)}
      toBody={(v) => {
        return {
          name: v.name.trim(),
          description: v.description.trim() || null,
          durationValue: Number(v.durationValue),
          durationUnit: v.durationUnit,
          allCenters: v.allCenters,
          centerIds: v.allCenters ? [] : v.centerIds,
          price: Number(v.price),
          taxRateBp: Number(v.taxRateBp),
          maxFreezes: Number(v.maxFreezes),
          maxFreezeDays: Number(v.maxFreezeDays),
          freezeFee: Number(v.freezeFee),
          startRule: v.startRule,
        };
      }}
    >
      <NameItem schema={shape.name} />
      <Form.Item label={t('catalogue:fields.duration')} required>
        <Space.Compact>
          <Form.Item
            name="durationValue"
            noStyle
            rules={[requiredMessage(t), wholeNumberRule(t, LIMITS.durationValue)]}
          >
            <InputNumber
              precision={0}
              inputMode="numeric"
              style={{ width: 100 }}
              aria-label={t('catalogue:fields.duration')}
              data-testid="field-durationValue"
            />
          </Form.Item>
          <Form.Item name="durationUnit" noStyle>
            <Select
              style={{ width: 140 }}
              aria-label={t('catalogue:fields.durationUnit')}
              options={DURATION_UNITS.map((u) => ({ value: u, label: t(`catalogue:units.${u}`) }))}
              data-testid="field-durationUnit"
            />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <CoverageFields />
      <PriceItem />
      <TaxRateItem />
      <Form.Item label={t('catalogue:fields.startRule')} name="startRule">
        <Select options={START_RULES.map((r) => ({ value: r, label: t(`catalogue:startRules.${r}`) }))} />
      </Form.Item>
      <fieldset className="catalogue-fieldset">
        <legend>{t('catalogue:fields.freezeRules')}</legend>
        <Form.Item
          label={t('catalogue:fields.maxFreezes')}
          name="maxFreezes"
          rules={[requiredMessage(t), wholeNumberRule(t, LIMITS.maxFreezes)]}
        >
          <InputNumber precision={0} inputMode="numeric" style={{ width: 120 }} />
        </Form.Item>
        <Form.Item
          label={t('catalogue:fields.maxFreezeDays')}
          name="maxFreezeDays"
          dependencies={['maxFreezes']}
          rules={[
            requiredMessage(t),
            wholeNumberRule(t, LIMITS.maxFreezeDays),
            ({ getFieldValue }) => ({
              validator: async (_rule, value: number | null) => {
                if (getFieldValue('maxFreezes') === 0 && value) {
                  throw new Error(t('catalogue:errors.freeze_days_without_freezes'));
                }
              },
            }),
          ]}
        >
          <InputNumber precision={0} inputMode="numeric" style={{ width: 120 }} />
        </Form.Item>
        <PriceItem name="freezeFee" label={t('catalogue:fields.freezeFee')} />
      </fieldset>
      <DescriptionItem schema={shape.description} />
    </CatalogueDrawer>
  );
}

/** `/membership-list`: membership plans with search, filters, export, add, edit, (de)activate. */
export default function MembershipListPage() {
  const { t } = useTranslation();
  const items = useItemList(LIST, useMembershipPlanList, 'Catalogue');
  const { list, edit, canUpdate } = items;
  const money = useFormatMoney();
  const length = useFormatLength();
  const stateColumns = useStateColumns<MembershipPlan>(canUpdate, edit, useSaveMembershipPlan());

  const columns: ListColumn<MembershipPlan>[] = [
    nameLinkColumn<MembershipPlan>(t, membershipPath),
    {
      key: 'duration',
      title: t('catalogue:fields.duration'),
      sortable: true,
      render: (_: unknown, plan: MembershipPlan) => length(plan.durationValue, plan.durationUnit),
    },
    ...saleColumns<MembershipPlan>(t, money),
    {
      key: 'freeze',
      defaultHidden: true,
      title: t('catalogue:fields.freezeRules'),
      show: 'desktop',
      maxWidth: 200,
      render: (_: unknown, plan: MembershipPlan) =>
        plan.maxFreezes === 0
          ? t('catalogue:plans.noFreeze')
          : t('catalogue:plans.freezeSummary', {
              count: plan.maxFreezes,
              days: plan.maxFreezeDays,
              fee: money(plan.freezeFee),
            }),
    },
    {
      key: 'startRule',
      title: t('catalogue:fields.startRule'),
      show: 'desktop',
      render: (_: unknown, plan: MembershipPlan) => t(`catalogue:startRules.${plan.startRule}`),
    },
    ...stateColumns,
  ];

  return (
    <CatalogueListScreen<MembershipPlan, Sort, Filter>
      kind="plans"
      name="membership"
      items={items}
      columns={columns}
      exportTo={{ path: '/pro/membership-plans/export', fileName: 'membership-plans' }}
      filters={
        <ChoiceFilter
          list={list}
          filter="durationUnit"
          label={t('catalogue:fields.durationUnit')}
          anyLabel={t('catalogue:anyUnit')}
          options={DURATION_UNITS.map((u) => ({ value: u, label: t(`catalogue:units.${u}`) }))}
          testId="filter-durationUnit"
        />
      }
    >
      <PlanDrawer {...items.drawer} />
    </CatalogueListScreen>
  );
}
