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

/** A payment method's name on screen. */
export function useMethodName(): (code: string) => string {
  const methods = usePaymentMethods();
  return (code) => methods.find((m) => m.value === code)?.label ?? code;
}
