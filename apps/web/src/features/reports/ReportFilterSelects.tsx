import { ONLINE_PAYMENT_METHOD } from '@gym/contract/payments';
import type { ReportFilter } from '@gym/contract/reports';
import { INVOICE_LINE_TYPES } from '@gym/contract/sales';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../shared/acl';
import { useStaffOptions } from '../entries/api';
import { usePaymentMethods } from '../sales/usePaymentMethods';

/** The staff, item type and payment method filters, in the address as `staff`, `itemType`, `method`. */
export const EXTRA_FILTERS = [
  { param: 'staff', filter: 'staffId' },
  { param: 'itemType', filter: 'itemType' },
  { param: 'method', filter: 'method' },
] as const satisfies readonly { param: string; filter: ReportFilter }[];
export type ExtraParam = (typeof EXTRA_FILTERS)[number]['param'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Which values of the address each filter takes (others are ignored, as a hand-typed address may hold). */
export const EXTRA_VALID: Record<ExtraParam, (v: string) => boolean> = {
  staff: (v) => UUID.test(v),
  itemType: (v) => (INVOICE_LINE_TYPES as readonly string[]).includes(v),
  method: (v) => /^[^\s].{0,39}$/.test(v),
};

/**
 * The selects of the filters a report reads beyond centre and dates: the staff member (who took the
 * money, sold or taught), the item type sold, the payment method. Each shows only when the report
 * reads it; clearing one shows every value.
 */
export function ReportFilterSelects({
  accepts,
  values,
  onChange,
}: {
  accepts: readonly ReportFilter[];
  values: Partial<Record<ExtraParam, string>>;
  onChange: (param: ExtraParam, value: string | null) => void;
}) {
  const { t } = useTranslation();
  const ability = useAbility();
  const wantsStaff = accepts.includes('staffId');
  const staff = useStaffOptions(wantsStaff && ability.can('read', 'Staff'));
  const methods = usePaymentMethods();
  const select = (param: ExtraParam, label: string, options: { value: string; label: string }[]) => (
    <Select
      key={param}
      className="list-toolbar__filter"
      aria-label={label}
      placeholder={label}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      value={values[param] ?? null}
      onChange={(value: string | undefined | null) => onChange(param, value ?? null)}
      options={options}
      data-testid={`report-filter-${param}`}
    />
  );
  return (
    <>
      {wantsStaff &&
        select(
          'staff',
          t('reports:screen.staff'),
          (staff.data ?? []).map((s) => ({ value: s.id, label: s.fullName })),
        )}
      {accepts.includes('itemType') &&
        select(
          'itemType',
          t('reports:screen.itemType'),
          INVOICE_LINE_TYPES.map((type) => ({ value: type, label: t(`sales:itemTypes.${type}`) })),
        )}
      {accepts.includes('method') &&
        select('method', t('reports:screen.method'), [
          ...methods,
          { value: ONLINE_PAYMENT_METHOD, label: t('payments:method.online') },
        ])}
    </>
  );
}
