import './catalogue.css';

import { CREDIT_PACKAGE_SORTS, creditPackageFieldsSchema, PACKAGE_USAGES } from '@gym/contract/catalogue';
import { Checkbox, Form, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EntityDrawer } from '../../shared/ui/EntityDrawer';
import { ChoiceFilter } from '../../shared/ui/ListFilters';
import { type ListColumn, ListTable, listSearch, listTexts } from '../../shared/ui/ListTable';
import { StatusTag } from '../../shared/ui/StatusTag';
import { type Editing, type ListParamsConfig, useItemList } from '../../shared/useListParams';
import { type CreditPackage, useCreditPackageList, useSaveCreditPackage } from './api';
import {
  actionsColumn,
  activeColumn,
  centersColumn,
  priceColumn,
  taxRateColumn,
  useConfirmActive,
} from './components/columns';
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
import { CenterFilter, StatusFilter, UUID } from './components/ListFilters';
import { useFormatLength } from './format';
import { useCatalogueSave } from './formErrors';
import { useFormatMoney } from './money';
import { packagePath } from './paths';

type Sort = (typeof CREDIT_PACKAGE_SORTS)[number];
type Filter = 'status' | 'centerId' | 'usage' | 'available';
const LIST: ListParamsConfig<Sort, Filter> = {
  sorts: CREDIT_PACKAGE_SORTS,
  defaultSort: 'name',
  filters: {
    status: ['active', 'inactive'],
    centerId: (v) => UUID.test(v),
    usage: PACKAGE_USAGES,
    available: ['true', 'false'],
  },
};

interface PackageValues {
  name: string;
  description: string;
  usage: (typeof PACKAGE_USAGES)[number];
  credits: number | null;
  validityDays: number | null;
  allCenters: boolean;
  centerIds: string[];
  price: number | null;
  taxRateBp: number | null;
  available: boolean;
}
const FIELDS = [
  'name',
  'description',
  'usage',
  'credits',
  'validityDays',
  'allCenters',
  'centerIds',
  'price',
  'taxRateBp',
  'available',
] as const;
const { shape } = creditPackageFieldsSchema;

const initialValues = (pack: CreditPackage | null): PackageValues =>
  pack
    ? {
        name: pack.name,
        description: pack.description ?? '',
        usage: pack.usage,
        credits: pack.credits,
        validityDays: pack.validityDays,
        allCenters: pack.allCenters,
        centerIds: pack.centers.map((c) => c.id),
        price: pack.price,
        taxRateBp: pack.taxRateBp,
        available: pack.available,
      }
    : {
        name: '',
        description: '',
        usage: 'class',
        credits: null,
        validityDays: 90,
        allCenters: true,
        centerIds: [],
        price: null,
        taxRateBp: 0,
        available: true,
      };

export function PackageDrawer({ editing, onClose }: { editing: Editing<CreditPackage> | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PackageValues>();
  const save = useSaveCreditPackage();
  const done = useCatalogueSave(form, FIELDS, onClose);
  const pack = editing?.item ?? null;
  const usage = Form.useWatch('usage', form);

  return (
    <EntityDrawer<PackageValues>
      open={Boolean(editing)}
      title={pack ? t('catalogue:packages.editTitle', { name: pack.name }) : t('catalogue:packages.addTitle')}
      busy={save.isPending}
      onClose={onClose}
      submitTestId="item-submit"
      form={form}
      name="credit_package"
      initialValues={initialValues(pack)}
      onFinish={(v) => {
        const body = {
          name: v.name.trim(),
          description: v.description.trim() || null,
          usage: v.usage,
          credits: Number(v.credits),
          validityDays: Number(v.validityDays),
          allCenters: v.allCenters,
          centerIds: v.allCenters ? [] : v.centerIds,
          price: Number(v.price),
          taxRateBp: Number(v.taxRateBp),
          available: v.available,
        };
        save.mutate({ id: pack?.id ?? null, body }, done);
      }}
    >
      <NameItem schema={shape.name} />
      <Form.Item label={t('catalogue:fields.usage')} name="usage" extra={t(`catalogue:usageHelp.${usage ?? 'class'}`)}>
        <Select
          options={PACKAGE_USAGES.map((u) => ({ value: u, label: t(`catalogue:usages.${u}`) }))}
          data-testid="field-usage"
        />
      </Form.Item>
      <Form.Item
        label={usage === 'rental' ? t('catalogue:fields.hours') : t('catalogue:fields.credits')}
        name="credits"
        rules={[requiredMessage(t), wholeNumberRule(t, LIMITS.credits)]}
      >
        <InputNumber precision={0} inputMode="numeric" style={{ width: 140 }} data-testid="field-credits" />
      </Form.Item>
      <Form.Item
        label={t('catalogue:fields.validityDays')}
        name="validityDays"
        extra={t('catalogue:fields.validityHelp')}
        rules={[requiredMessage(t), wholeNumberRule(t, LIMITS.validityDays)]}
      >
        <InputNumber precision={0} inputMode="numeric" style={{ width: 140 }} data-testid="field-validityDays" />
      </Form.Item>
      <CoverageFields />
      <PriceItem />
      <TaxRateItem />
      <Form.Item name="available" valuePropName="checked" extra={t('catalogue:fields.availableHelp')}>
        <Checkbox>{t('catalogue:fields.available')}</Checkbox>
      </Form.Item>
      <DescriptionItem schema={shape.description} />
    </EntityDrawer>
  );
}

/** `/package-list`: credit and rental packages with search, filters, export, add, edit, (de)activate. */
export default function PackageListPage() {
  const { t } = useTranslation();
  const { list, result, edit, drawer, addButton, canUpdate } = useItemList(LIST, useCreditPackageList, 'Catalogue');
  const save = useSaveCreditPackage();
  const money = useFormatMoney();
  const length = useFormatLength();
  const confirmActive = useConfirmActive<CreditPackage>(t, save);

  const columns: ListColumn<CreditPackage>[] = [
    {
      key: 'name',
      title: t('catalogue:fields.name'),
      sortable: true,
      render: (_: unknown, pack: CreditPackage) => <Link to={packagePath(pack.id)}>{pack.name}</Link>,
    },
    {
      key: 'usage',
      title: t('catalogue:fields.usage'),
      render: (_: unknown, pack: CreditPackage) => t(`catalogue:usages.${pack.usage}`),
    },
    {
      key: 'credits',
      title: t('catalogue:fields.credits'),
      align: 'right',
      sortable: true,
      render: (_: unknown, pack: CreditPackage) =>
        pack.usage === 'rental' ? length(pack.credits, 'hour') : pack.credits,
    },
    {
      key: 'validity',
      // The validity is on the package's page; the list keeps what the desk sells by.
      defaultHidden: true,
      title: t('catalogue:fields.validityDays'),
      align: 'right',
      sortable: true,
      show: 'tablet',
      render: (_: unknown, pack: CreditPackage) => length(pack.validityDays, 'day'),
    },
    centersColumn<CreditPackage>(t),
    priceColumn<CreditPackage>(t, money),
    taxRateColumn<CreditPackage>(t),
    {
      key: 'available',
      title: t('catalogue:fields.available'),
      show: 'tablet',
      render: (_: unknown, pack: CreditPackage) =>
        pack.available ? (
          <StatusTag tone="info">{t('catalogue:packages.onSale')}</StatusTag>
        ) : (
          <StatusTag tone="neutral">{t('catalogue:packages.notOnSale')}</StatusTag>
        ),
    },
    activeColumn(t),
    ...(canUpdate ? [actionsColumn<CreditPackage>(t, { onEdit: (pack) => edit(pack), onToggle: confirmActive })] : []),
  ];

  return (
    <div className="screen" data-testid="screen-package-list">
      <ListTable<CreditPackage, Sort, Filter>
        list={list}
        result={result}
        columns={columns}
        testId="package-table"
        texts={listTexts(t, 'catalogue:packages.empty', 'catalogue:packages.total', 'catalogue:noMatch')}
        search={listSearch(t, 'package-keyword', 'catalogue:packages.searchLabel', 'catalogue:searchPlaceholder')}
        exportTo={{ path: '/pro/packages/export', fileName: 'packages' }}
        filters={
          <>
            <StatusFilter list={list} />
            <CenterFilter list={list} />
            <ChoiceFilter
              list={list}
              filter="usage"
              label={t('catalogue:fields.usage')}
              anyLabel={t('catalogue:anyUsage')}
              options={PACKAGE_USAGES.map((u) => ({ value: u, label: t(`catalogue:usages.${u}`) }))}
              testId="filter-usage"
            />
            <ChoiceFilter
              list={list}
              filter="available"
              label={t('catalogue:fields.available')}
              anyLabel={t('catalogue:packages.anyAvailability')}
              options={[
                { value: 'true', label: t('catalogue:packages.onSale') },
                { value: 'false', label: t('catalogue:packages.notOnSale') },
              ]}
              testId="filter-available"
            />
          </>
        }
        add={addButton(t('catalogue:packages.add'), 'item-add')}
      />
      <PackageDrawer {...drawer} />
    </div>
  );
}
