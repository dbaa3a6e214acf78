import { ONLINE_PAYMENT_METHOD } from '@gym/contract/payments';
import { BUILT_IN_PAYMENT_METHODS } from '@gym/contract/sales';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../../shared/publicConfig';

/** Cash, card and transfer, then the methods the organisation added in `/system-config`. */
export function usePaymentMethods(): { value: string; label: string }[] {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const extra = config.data?.paymentMethods;
  return useMemo(
    () => [
      ...BUILT_IN_PAYMENT_METHODS.map((m) => ({ value: m, label: t(`sales:methods.${m}`) })),
      ...(extra ?? []).map((m) => ({ value: m.code, label: m.name })),
    ],
    [t, extra],
  );
}

/** A payment method's name on screen; `online` (recorded by the payment service, never chosen at the desk) too. */
export function useMethodName(): (code: string) => string {
  const { t } = useTranslation();
  const methods = usePaymentMethods();
  return (code) =>
    code === ONLINE_PAYMENT_METHOD
      ? t('payments:method.online')
      : (methods.find((m) => m.value === code)?.label ?? code);
}
