import { DEFAULT_MONEY_FORMAT, formatMoney, type MoneyFormat } from '@gym/contract/money';
import { useCenterId } from '../../shared/centerSelection';
import { useCenters } from '../../shared/centers';

/** The money format of the centre being worked at: its currency symbol, the spec's marks. */
export function useMoneyFormat(): MoneyFormat {
  const centerId = useCenterId();
  const centers = useCenters();
  const centre = centers.data?.find((c) => c.id === centerId) ?? centers.data?.[0];
  return centre ? { ...DEFAULT_MONEY_FORMAT, symbol: centre.currencySymbol } : DEFAULT_MONEY_FORMAT;
}

/** Formats amounts of minor units for this screen. */
export function useFormatMoney(): (amount: number) => string {
  const format = useMoneyFormat();
  return (amount) => formatMoney(amount, format);
}
