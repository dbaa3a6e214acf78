/**
 * The coupon code of a sale, checked as it is typed: a pause in typing (300 ms) asks the server's
 * coupon check (`GET /pro/coupons/check`, the sale's own rule on the centre's business date and the
 * member's uses), and the field says beside it why a code cannot be used, or what it takes off.
 */
import { type CouponCheck, couponCodeSchema } from '@gym/contract/retail';
import { useQuery } from '@tanstack/react-query';
import { Form, type FormInstance, Input } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/client';
import { apiErrorMessage } from '../../shared/api/errorMessages';
import { MoneyText } from '../../shared/ui/MoneyText';
import { salesKeys } from './api';
import type { CouponState, SalePrice } from './salePrice';
import { typedCode } from './salePrice';

/** The pause after the last key before a code is checked. */
export const COUPON_CHECK_DEBOUNCE_MS = 300;

/** The value `ms` after it last changed. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The coupon check's answer for the code in the field (the form's `couponCode`). */
export function useCouponCheck(form: FormInstance, memberId: string, centerId: string | undefined): CouponState {
  const code = typedCode(Form.useWatch('couponCode', form) as string | undefined);
  const settled = useSettled(code, COUPON_CHECK_DEBOUNCE_MS);
  // A code of another shape cannot exist: no question to ask.
  const wellFormed = couponCodeSchema.safeParse(settled).success;
  const check = useQuery({
    queryKey: [...salesKeys.all, 'coupon-check', settled.toUpperCase(), memberId, centerId ?? ''] as const,
    queryFn: ({ signal }) =>
      api.get<CouponCheck>('/pro/coupons/check', { query: { code: settled, memberId, centerId }, signal }),
    enabled: wellFormed && Boolean(centerId),
    staleTime: 15_000,
    retry: false,
  });
  if (!code) return { status: 'none' };
  if (settled !== code) return { status: 'checking', code };
  if (!wellFormed) return { status: 'refused', code, reason: 'unknown' };
  if (check.isError) return { status: 'failed', code, error: check.error };
  if (!check.data) return { status: 'checking', code };
  return check.data.usable && check.data.coupon
    ? { status: 'usable', code, coupon: check.data.coupon }
    : { status: 'refused', code, reason: check.data.reason ?? 'unknown' };
}

/** The coupon field, with the check's verdict beside it. */
export function CouponField({ coupon, price }: { coupon: CouponState; price: SalePrice }) {
  const { t } = useTranslation();
  let status: '' | 'validating' | 'error' | 'warning' | 'success' = '';
  let help: ReactNode;
  if (coupon.status === 'checking') {
    status = 'validating';
    help = t('sales:coupon.checking');
  } else if (price.couponProblem) {
    status = 'error';
    help = t(`sales:fieldErrors.coupon_${price.couponProblem}`);
  } else if (coupon.status === 'failed') {
    status = 'warning';
    help = t('sales:coupon.checkFailed', { reason: apiErrorMessage(t, coupon.error) });
  } else if (coupon.status === 'usable') {
    status = 'success';
    help = (
      <span data-testid="sale-coupon-discount">
        {t('sales:coupon.takesOff')} <MoneyText value={-price.couponDiscountMinor} />
      </span>
    );
  }
  return (
    <Form.Item
      name="couponCode"
      label={t('sales:fields.coupon')}
      hasFeedback={status !== ''}
      // Only the check's own verdict: without one, the server's refusal (set on the field) shows.
      {...(status ? { validateStatus: status, help: <span data-testid="sale-coupon-help">{help}</span> } : {})}
    >
      <Input maxLength={40} autoComplete="off" className="mono" data-testid="sale-coupon" />
    </Form.Item>
  );
}
