import { CATALOGUE_LIMITS } from '@gym/contract/catalogue';
import { amountSchema, basisPointsSchema } from '@gym/contract/money';
import { Checkbox, Form, Input, InputNumber, Select } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { requiredRule, schemaRule } from '../../../shared/api/errorMessages';
import { useAllCenters } from '../../../shared/centers';
import { MoneyInput } from '../../../shared/ui/MoneyInput';
import { PercentInput } from '../../../shared/ui/PercentInput';

type Limit = { min: number; max: number };

export const requiredMessage = (t: TFunction) => ({ required: true, message: t('errors:validation.required') });

/** A whole number within `limit`, explained with the range (no min/max on the input: it would change the value silently). */
export function wholeNumberRule(t: TFunction, limit: Limit) {
  return {
    validator: async (_rule: unknown, value: number | null | undefined) => {
      if (value === null || value === undefined) return;
      if (!Number.isInteger(value) || value < limit.min || value > limit.max) {
        throw new Error(t('catalogue:errors.range', { min: limit.min, max: limit.max }));
      }
    },
  };
}

export const moneyRule = (t: TFunction) => ({
  validator: async (_rule: unknown, value: number | null | undefined) => {
    if (value === null || value === undefined) return;
    if (Number.isNaN(value) || !amountSchema.safeParse(value).success) throw new Error(t('catalogue:errors.amount'));
  },
});

const taxRule = (t: TFunction) => ({
  validator: async (_rule: unknown, value: number | null | undefined) => {
    if (value === null || value === undefined) return;
    if (Number.isNaN(value) || !basisPointsSchema.safeParse(value).success)
      throw new Error(t('catalogue:errors.taxRate'));
  },
});

export function PriceItem({ name = 'price', label }: { name?: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item label={label ?? t('catalogue:fields.price')} name={name} rules={[requiredMessage(t), moneyRule(t)]}>
      <MoneyInput data-testid={`field-${name}`} />
    </Form.Item>
  );
}

export function TaxRateItem() {
  const { t } = useTranslation();
  return (
    <Form.Item
      label={t('catalogue:fields.taxRate')}
      name="taxRateBp"
      extra={t('catalogue:fields.taxRateHelp')}
      rules={[requiredMessage(t), taxRule(t)]}
    >
      <PercentInput />
    </Form.Item>
  );
}

/** Every centre, or at least one chosen: the centres where an item is sold and used. */
export function CoverageFields() {
  const { t } = useTranslation();
  const centers = useAllCenters();
  const form = Form.useFormInstance();
  const allCenters = Form.useWatch<boolean | undefined>('allCenters', form);
  const chosen = Form.useWatch<string[] | undefined>('centerIds', form) ?? [];
  const options = (centers.data ?? [])
    .filter((c) => c.active || chosen.includes(c.id))
    .map((c) => ({ value: c.id, label: `${c.name} (${c.code})` }));
  return (
    <>
      <Form.Item name="allCenters" valuePropName="checked" label={t('catalogue:fields.centers')}>
        <Checkbox data-testid="field-allCenters">{t('catalogue:fields.allCenters')}</Checkbox>
      </Form.Item>
      {!allCenters && (
        <Form.Item
          name="centerIds"
          rules={[{ required: true, type: 'array', min: 1, message: t('catalogue:errors.centers_required') }]}
        >
          <Select
            mode="multiple"
            aria-label={t('catalogue:fields.centers')}
            placeholder={t('catalogue:fields.chooseCenters')}
            loading={centers.isPending}
            options={options}
            data-testid="field-centerIds"
          />
        </Form.Item>
      )}
    </>
  );
}

export const LIMITS = CATALOGUE_LIMITS;

/** The item's name (required, checked by its schema). */
export function NameItem({ schema }: { schema: z.ZodType }) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('catalogue:fields.name')} name="name" rules={[requiredRule(t), schemaRule(schema, t)]}>
      <Input maxLength={80} autoComplete="off" data-testid="field-name" />
    </Form.Item>
  );
}

/** The item's description (optional, checked by its schema). */
export function DescriptionItem({ schema }: { schema: z.ZodType }) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('catalogue:fields.description')} name="description" rules={[schemaRule(schema, t)]}>
      <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={1000} />
    </Form.Item>
  );
}

/** A required whole number within `limit` (credits, sessions, places...). */
export function WholeNumberItem({
  name,
  label,
  limit,
  extra,
}: {
  name: string;
  label: string;
  limit: Limit;
  extra?: string;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item label={label} name={name} extra={extra} rules={[requiredMessage(t), wholeNumberRule(t, limit)]}>
      <InputNumber precision={0} inputMode="numeric" style={{ width: 140 }} data-testid={`field-${name}`} />
    </Form.Item>
  );
}
