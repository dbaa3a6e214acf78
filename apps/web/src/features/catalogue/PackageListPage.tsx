import './catalogue.css';

import { CREDIT_PACKAGE_SORTS, creditPackageFieldsSchema, PACKAGE_USAGES } from '@gym/contract/catalogue';
import { Checkbox, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChoiceFilter } from '../../shared/ui/ListFilters';
import type { ListColumn } from '../../shared/ui/ListTable';
import { StatusTag } from '../../shared/ui/StatusTag';
import { type Editing, type ListParamsConfig, useItemList } from '../../shared/useListParams';
import { type CreditPackage, useCreditPackageList, useSaveCreditPackage } from './api';
import { CatalogueDrawer, CatalogueListScreen } from './components/CatalogueList';
import { nameLinkColumn, saleColumns, useStateColumns } from './components/columns';
import {
  CoverageFields,
  DescriptionItem,
  LIMITS,
  NameItem,
  PriceItem,
  TaxRateItem,
  WholeNumberItem,
} from './components/fields';
import { UUID } from './components/ListFilters';
import { useFormatLength } from './format';
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
  const pack = editing?.item ?? null;
  const usage = Form.useWatch('usage', form);

  return (
    <CatalogueDrawer
      kind="packages"
      editing={editing}
      onClose={onClose}
      save={useSaveCreditPackage()}
      fields={FIELDS}
      form={form}
      name="credit_package"
      initialValues={initialValues(pack)}
      toBody={(v) => {
        return {
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
      }}
    >
      <NameItem schema={shape.name} />
      <Form.Item label={t('catalogue:fields.usage')} name="usage" extra={t(`catalogue:usageHelp.${usage ?? 'class'}`)}>
        <Select
          options={PACKAGE_USAGES.map((u) => ({ value: u, label: t(`catalogue:usages.${u}`) }))}
          data-testid="field-usage"
        />
      </Form.Item>
      <WholeNumberItem
        name="credits"
        label={usage === 'rental' ? t('catalogue:fields.hours') : t('catalogue:fields.credits')}
        limit={LIMITS.credits}
      />
      <WholeNumberItem
        name="validityDays"
        label={t('catalogue:fields.validityDays')}
        extra={t('catalogue:fields.validityHelp')}
        limit={LIMITS.validityDays}
      />
      <CoverageFields />
      <PriceItem />
      <TaxRateItem />
      <Form.Item name="available" valuePropName="checked" extra={t('catalogue:fields.availableHelp')}>
        <Checkbox>{t('catalogue:fields.available')}</Checkbox>
      </Form.Item>
      <DescriptionItem schema={shape.description} />
    </CatalogueDrawer>
  );
}

/** `/package-list`: credit and rental packages with search, filters, export, add, edit, (de)activate. */
export default function PackageListPage() {
  const { t } = useTranslation();
  const items = useItemList(LIST, useCreditPackageList, 'Catalogue');
  const { list, edit, canUpdate } = items;
  const money = useFormatMoney();
  const length = useFormatLength();
  const stateColumns = useStateColumns<CreditPackage>(canUpdate, edit, useSaveCreditPackage());

  const columns: ListColumn<CreditPackage>[] = [
    nameLinkColumn<CreditPackage>(t, packagePath),
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
    ...saleColumns<CreditPackage>(t, money),
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
    ...stateColumns,
  ];

  return (
    <CatalogueListScreen<CreditPackage, Sort, Filter>
      kind="packages"
      name="package"
      items={items}
      columns={columns}
      exportTo={{ path: '/pro/packages/export', fileName: 'packages' }}
      filters={
        <>
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
    >
      <PackageDrawer {...items.drawer} />
    </CatalogueListScreen>
  );
}
