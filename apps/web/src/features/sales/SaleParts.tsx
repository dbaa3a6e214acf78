/** Parts both sale screens share: the total, the reason of a price change, the discount's limits, the submit. */
import { saleLineRequestSchema } from '@gym/contract/sales';
import { Form, type FormInstance, type FormRule, Input, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoneyRules } from '../../shared/ui/MoneyInput';
import { MoneyText } from '../../shared/ui/MoneyText';
import type { DiscountRights } from './discount';
import type { CouponState, SalePrice } from './salePrice';

const reasonSchema = saleLineRequestSchema.shape.priceOverrideReason.unwrap();

/** The sale's total as the invoice will have it, and what the coupon took off it. */
export function SaleTotal({ price }: { price: SalePrice }) {
  const { t } = useTranslation();
  return (
    <div className="sale-total" data-testid="sale-total">
      <span>{t('sales:fields.total')}</span> <MoneyText value={price.totalMinor} />
      {price.couponDiscountMinor > 0 && (
        <Typography.Text type="secondary" className="sale-total__coupon">
          {' '}
          ({t('sales:coupon.takesOff')} <MoneyText value={-price.couponDiscountMinor} />)
        </Typography.Text>
      )}
    </div>
  );
}

/** Why the price is changed or lowered (a manual discount or a changed price): required, 3 to 200 characters. */
export function ReasonField({ label }: { label: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="priceReason"
      label={label}
      rules={[
        { required: true, whitespace: true, message: t('sales:fieldErrors.reason_required') },
        {
          validator: async (_rule, value: string | undefined) => {
            if (value?.trim() && !reasonSchema.safeParse(value).success) {
              throw new Error(t('errors:validation.minLength', { min: 3 }));
            }
          },
        },
      ]}
    >
      <Input maxLength={200} autoComplete="off" data-testid="sale-price-reason" />
    </Form.Item>
  );
}

/** The rules of a manual discount's field: at most `largest` (the line, or the cap without a manager). */
export function useDiscountRules(rights: DiscountRights, largest: number): FormRule[] {
  const { t } = useTranslation();
  const money = useMoneyRules({ min: 0 });
  return useMemo(
    () => [
      ...money,
      {
        validator: async (_rule: unknown, value: unknown) => {
          if (typeof value !== 'number' || value <= largest) return;
          throw new Error(
            rights.beyondCap
              ? t('sales:fieldErrors.discount_too_large')
              : t('sales:discount.overCap', { percent: rights.capText }),
          );
        },
      },
    ],
    [money, largest, rights.beyondCap, rights.capText, t],
  );
}

/**
 * The form's `onFinish`: a sale sent while the coupon typed is still being checked waits for the
 * answer (and goes then, with the coupon's total in the amounts); one whose coupon is refused goes
 * to the coupon field instead of to the server. `waiting` is true meanwhile.
 */
export function useSaleFinish<V>(
  form: FormInstance<V>,
  coupon: CouponState,
  price: SalePrice,
  send: (values: V) => void,
): { finish: (values: V) => void; waiting: boolean } {
  const [waiting, setWaiting] = useState(false);
  const waitingRef = useRef(false);
  useEffect(() => {
    if (!waitingRef.current || coupon.status === 'checking') return;
    waitingRef.current = false;
    setWaiting(false);
    form.submit();
  }, [coupon.status, form]);
  const finish = (values: V) => {
    if (coupon.status === 'checking') {
      waitingRef.current = true;
      setWaiting(true);
      return;
    }
    if (price.couponProblem) {
      form.scrollToField('couponCode', { block: 'center', focus: true });
      return;
    }
    send(values);
  };
  return { finish, waiting };
}
