import { Form, type FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { apiErrorMessage, fieldErrorMessage, zodIssueMessage } from '../../shared/api/errorMessages';
import { placeFieldErrors } from '../../shared/api/formErrors';
import { MoneyInput } from '../../shared/ui/MoneyInput';
import { PercentInput } from '../../shared/ui/PercentInput';
import { useMoneyFormat } from '../../shared/useMoneyFormat';

/** A field error code in the screen's language: the retail words first, then the shared ones. */
export function retailFieldMessage(t: TFunction, code: string): string {
  return fieldErrorMessage(t, code, `retail:errors.${code}`);
}

/**
 * Puts the server's refusal beside its fields (`items.1.productId` → the item row's product),
 * like the centre screens do; answers the message for the whole form when no field of it is named.
 */
export function showServerErrors(form: FormInstance, error: unknown, t: TFunction): string | null {
  const known = new Set(
    form
      .getFieldsError()
      .map((f) => f.name.join('.'))
      .concat(Object.keys(form.getFieldsValue(true) ?? {})),
  );
  const place = (path: string) => {
    const name = path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
    return known.has(path) || known.has(String(name[0])) ? name : null;
  };
  const { placed } = placeFieldErrors(form, error, t, place, (code) => retailFieldMessage(t, code));
  return placed > 0 ? null : apiErrorMessage(t, error);
}

/** An antd rule validating with a contract schema, explained in the retail words first. */
export function retailRule(schema: z.ZodType, t: TFunction) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      if (value === undefined || value === null || value === '') return;
      const result = schema.safeParse(value);
      if (!result.success) {
        const issue = result.error.issues[0]!;
        const custom = /^[a-z_]+$/.test(issue.message) ? t(`retail:errors.${issue.message}`, { defaultValue: '' }) : '';
        throw new Error(custom || zodIssueMessage(t, issue));
      }
    },
  };
}

/** Money fields: required or not, and never a text that is not an amount. */
export function moneyRule(t: TFunction, required: boolean, min = 0) {
  return {
    validator: async (_rule: unknown, value: number | null | undefined) => {
      if (value === null || value === undefined) {
        if (required) throw new Error(t('errors:validation.required'));
        return;
      }
      if (Number.isNaN(value)) throw new Error(t('retail:errors.money_format'));
      if (value < min) throw new Error(t('retail:errors.amount_positive'));
    },
  };
}

export function percentRule(t: TFunction, required: boolean, min = 0) {
  return {
    validator: async (_rule: unknown, value: number | null | undefined) => {
      if (value === null || value === undefined) {
        if (required) throw new Error(t('errors:validation.required'));
        return;
      }
      if (Number.isNaN(value) || value < min) throw new Error(t('retail:errors.percent_range'));
    },
  };
}

/** A retail item's price (required) and tax rate, side by side in the drawer's row. */
export function PriceAndTaxItems({ priceLabel, priceTestId }: { priceLabel: string; priceTestId?: string }) {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  return (
    <>
      <Form.Item label={priceLabel} name="price" extra={t('retail:priceHelp')} rules={[moneyRule(t, true)]}>
        <MoneyInput format={format} {...(priceTestId ? { 'data-testid': priceTestId } : {})} />
      </Form.Item>
      <Form.Item label={t('retail:taxRate')} name="taxRateBp" rules={[percentRule(t, false)]}>
        <PercentInput decimals="needed" />
      </Form.Item>
    </>
  );
}
