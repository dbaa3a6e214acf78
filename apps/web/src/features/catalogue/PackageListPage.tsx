import './catalogue.css';
import { PlusOutlined } from '@ant-design/icons';
import { CREDIT_PACKAGE_SORTS, creditPackageFieldsSchema, PACKAGE_USAGES } from '@gym/contract/catalogue';
import { App, Button, Checkbox, Form, Input, InputNumber, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAbility } from '../../shared/acl';
import { apiErrorMessage, requiredRule, schemaRule } from '../../shared/api/errorMessages';
import { type ListColumn, ListTable } from '../../shared/ui/ListTable';
import { StatusTag } from '../../shared/ui/StatusTag';
import { type ListParamsConfig, useListParams } from '../../shared/useListParams';
import { type CreditPackage, useCreditPackageList, useSaveCreditPackage } from './api';
import { actionsColumn, activeColumn, coverageText, useConfirmActive } from './components/columns';
import { CoverageFields, LIMITS, PriceItem, requiredMessage, TaxRateItem, wholeNumberRule } from './components/fields';
import { ItemDrawer } from './components/ItemDrawer';
import { CenterFilter, StatusFilter, UUID } from './components/ListFilters';
import { useFormatLength } from './format';
import { showCatalogueErrors } from './formErrors';
import { useFormatMoney } from './money';
import { packagePath } from './paths';
import { basisPointsToPercent } from './taxRate';

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

export function PackageDrawer({
  editing,
  onClose,
}: {
  editing: { pack: CreditPackage | null } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PackageValues>();
  const save = useSaveCreditPackage();
  const pack = editing?.pack ?? null;
  const usage = Form.useWatch('usage', form);

  return (
    <ItemDrawer
      open={Boolean(editing)}
      title={pack ? t('catalogue:packages.editTitle', { name: pack.name }) : t('catalogue:packages.addTitle')}
      saving={save.isPending}
      onClose={onClose}
      onSubmit={() => form.submit()}
    >
      <Form<PackageValues>
        form={form}
        name="credit_package"
        layout="vertical"
        requiredMark={false}
        disabled={save.isPending}
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
          save.mutate(
            { id: pack?.id ?? null, body },
            {
              onSuccess: () => {
                void message.success(t('catalogue:saved'));
                onClose();
              },
              onError: (error) => {
                if (!showCatalogueErrors(form, error, t, FIELDS)) void message.error(apiErrorMessage(t, error));
              },
            },
          );
        }}
      >
        <Form.Item label={t('catalogue:fields.name')} name="name" rules={[requiredRule(t), schemaRule(shape.name, t)]}>
          <Input maxLength={80} autoComplete="off" data-testid="field-name" />
        </Form.Item>
        <Form.Item
          label={t('catalogue:fields.usage')}
          name="usage"
          extra={t(`catalogue:usageHelp.${usage ?? 'class'}`)}
        >
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
        <Form.Item
          label={t('catalogue:fields.description')}
          name="description"
          rules={[schemaRule(shape.description, t)]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={1000} />
        </Form.Item>
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </ItemDrawer>
  );
}

/** `/package-list`: credit and rental packages with search, filters, export, add, edit, (de)activate. */
export default function PackageListPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const list = useListParams(LIST);
  const packages = useCreditPackageList(list.query);
  const save = useSaveCreditPackage();
  const money = useFormatMoney();
  const length = useFormatLength();
  const [editing, setEditing] = useState<{ pack: CreditPackage | null } | null>(null);
  const confirmActive = useConfirmActive<CreditPackage>(t, save);
  const canCreate = ability.can('create', 'Catalogue');
  const canUpdate = ability.can('update', 'Catalogue');

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
    {
      key: 'centers',
      title: t('catalogue:fields.centers'),
      show: 'tablet',
      maxWidth: 120,
      render: (_: unknown, pack: CreditPackage) => coverageText(t, pack),
    },
    {
      key: 'price',
      title: t('catalogue:fields.price'),
      align: 'right',
      sortable: true,
      render: (_: unknown, pack: CreditPackage) => money(pack.price),
    },
    {
      key: 'taxRate',
      title: t('catalogue:fields.taxRate'),
      // Kept for those who ask ("Columns"): the price is what the desk quotes.
      defaultHidden: true,
      align: 'right',
      show: 'desktop',
      render: (_: unknown, pack: CreditPackage) => `${basisPointsToPercent(pack.taxRateBp)} %`,
    },
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
    ...(canUpdate
      ? [actionsColumn<CreditPackage>(t, { onEdit: (pack) => setEditing({ pack }), onToggle: confirmActive })]
      : []),
  ];

  return (
    <div className="screen" data-testid="screen-package-list">
      <ListTable<CreditPackage, Sort, Filter>
        list={list}
        sorts={CREDIT_PACKAGE_SORTS}
        result={packages}
        columns={columns}
        rowKey={(row) => row.id}
        testId="package-table"
        texts={{
          empty: t('catalogue:packages.empty'),
          noMatch: t('catalogue:noMatch'),
          total: (count) => t('catalogue:packages.total', { count }),
        }}
        search={{
          id: 'package-keyword',
          label: t('catalogue:packages.searchLabel'),
          placeholder: t('catalogue:searchPlaceholder'),
        }}
        exportTo={{ path: '/pro/packages/export', fileName: 'packages' }}
        filters={
          <>
            <StatusFilter list={list} />
            <CenterFilter list={list} />
            <Select
              className="list-toolbar__filter"
              aria-label={t('catalogue:fields.usage')}
              value={list.filters.usage ?? 'any'}
              popupMatchSelectWidth={false}
              onChange={(value: string) => list.setFilter('usage', value === 'any' ? null : value)}
              options={[
                { value: 'any', label: t('catalogue:anyUsage') },
                ...PACKAGE_USAGES.map((u) => ({ value: u, label: t(`catalogue:usages.${u}`) })),
              ]}
              data-testid="filter-usage"
            />
            <Select
              className="list-toolbar__filter"
              aria-label={t('catalogue:fields.available')}
              value={list.filters.available ?? 'any'}
              popupMatchSelectWidth={false}
              onChange={(value: string) => list.setFilter('available', value === 'any' ? null : value)}
              options={[
                { value: 'any', label: t('catalogue:packages.anyAvailability') },
                { value: 'true', label: t('catalogue:packages.onSale') },
                { value: 'false', label: t('catalogue:packages.notOnSale') },
              ]}
              data-testid="filter-available"
            />
          </>
        }
        actions={
          canCreate && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ pack: null })}
              data-testid="item-add"
            >
              {t('catalogue:packages.add')}
            </Button>
          )
        }
      />
      <PackageDrawer editing={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
