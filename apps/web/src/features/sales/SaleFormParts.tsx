/**
 * The form parts both sale screens (the cart and the membership) share: the centre the sale is made
 * in, and the end of the form (coupon and note, the total, the deposit, installments and payment,
 * what stops the sale).
 */
import type { Invoice } from '@gym/contract/sales';
import type { BusinessDate } from '@gym/contract/time';
import { Alert, Card, Form, type FormInstance, type FormProps, Input, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCenterId } from '../../shared/centerSelection';
import { useCenters } from '../../shared/centers';
import { useCentreToday } from '../../shared/today';
import { CouponField } from './CouponField';
import { enterSubmits } from './enterSubmits';
import { PaymentPlanFields } from './PaymentPlanFields';
import { SaleTotal } from './SaleParts';
import type { CouponState, SalePrice } from './salePrice';

/** What a sale form is given: the member, their home centre, and what to do with the invoice made. */
export interface SaleFormProps {
  memberId: string;
  homeCenterId: string;
  /** The member's language: the membership terms are sent in it when the sale needs them signed. */
  language: string;
  onDone: (invoice: Invoice) => void;
}

/**
 * The centres a sale may be made in, the one it starts with (where the desk works, else the member's
 * home centre, else the first), the one chosen and its business date.
 */
export function useSaleCentre<V>(form: FormInstance<V>, homeCenterId: string) {
  const centers = useCenters();
  const working = useCenterId();
  const todayOf = useCentreToday();
  const centerOptions = (centers.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.code})` }));
  const defaultCenter =
    centerOptions.find((c) => c.value === working)?.value ??
    centerOptions.find((c) => c.value === homeCenterId)?.value ??
    centerOptions[0]?.value;
  const centerId = (Form.useWatch('centerId', form) as string | undefined) ?? defaultCenter;
  return { centerOptions, loading: centers.isPending, defaultCenter, centerId, today: todayOf(centerId) };
}

/** The sale's centre (required). */
export function SaleCentreField({
  options,
  loading,
}: {
  options: { value: string; label: string }[];
  loading: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="centerId"
      label={t('sales:fields.centre')}
      rules={[{ required: true, message: t('errors:validation.required') }]}
    >
      <Select options={options} loading={loading} data-testid="sale-centre" />
    </Form.Item>
  );
}

/** The end of a sale form: coupon and note, the total, the payment plan, and what stops the sale. */
export function SaleFormEnd({
  coupon,
  price,
  today,
  problems,
}: {
  coupon: CouponState;
  price: SalePrice;
  today: BusinessDate;
  problems: readonly string[];
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="sale-form__grid">
        <CouponField coupon={coupon} price={price} />
        <Form.Item name="note" label={t('sales:fields.note')}>
          <Input maxLength={500} />
        </Form.Item>
      </div>
      <SaleTotal price={price} />
      <PaymentPlanFields totalMinor={price.totalMinor} today={today} />
      {problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          data-testid="sale-error"
          className="sale-form__error"
          title={
            problems.length === 1 ? (
              problems[0]
            ) : (
              <ul>
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            )
          }
        />
      )}
    </>
  );
}

/** A sale form: fields over each other, optional ones marked, Enter from any field completes the sale. */
export function SaleForm<V>({
  form,
  name,
  initialValues,
  onFinish,
  children,
}: {
  form: FormInstance<V>;
  name: string;
  initialValues: FormProps<V>['initialValues'];
  onFinish: (values: V) => void;
  children: ReactNode;
}) {
  return (
    <Card variant="borderless">
      <Form<V>
        form={form}
        layout="vertical"
        name={name}
        initialValues={initialValues}
        onFinish={onFinish}
        onKeyDownCapture={enterSubmits(() => form.submit())}
        requiredMark="optional"
        className="sale-form"
      >
        {children}
      </Form>
    </Card>
  );
}
