/**
 * Money on the retail screens: the shared money field, the amount as staff read it, and the format of
 * the centre being worked in (its symbol and its currency's decimals).
 */
import { CURRENCY_EXPONENTS, type CurrencyCode, minorUnitExponent } from '@gym/contract/currency';
import { DEFAULT_MONEY_FORMAT, formatMoney, type MoneyFormat } from '@gym/contract/money';
import { useMemo } from 'react';
import { useCenterId } from '../../shared/centerSelection';
import { useCenters } from '../../shared/centers';

/** The one shared money field (masked as typed, minor units out). */
export { MoneyInput } from '../../shared/ui/MoneyInput';

/** The amount as staff read it. */
export const money = (value: number, format: MoneyFormat = DEFAULT_MONEY_FORMAT) => formatMoney(value, format);

/** How this organisation writes money: the working centre's symbol and its currency's decimals. */
export function useMoneyFormat(): MoneyFormat {
  const centers = useCenters();
  const centerId = useCenterId();
  const center = centers.data?.find((c) => c.id === centerId) ?? centers.data?.[0];
  return useMemo(() => {
    if (!center) return DEFAULT_MONEY_FORMAT;
    const code = center.currencyCode as CurrencyCode;
    const exponent = Object.hasOwn(CURRENCY_EXPONENTS, code) ? minorUnitExponent(code) : DEFAULT_MONEY_FORMAT.exponent;
    return { ...DEFAULT_MONEY_FORMAT, symbol: center.currencySymbol, exponent };
  }, [center]);
}
