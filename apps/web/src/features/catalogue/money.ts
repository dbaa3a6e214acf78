import { formatMoney } from '@gym/contract/money';
import { useMoneyFormat } from '../../shared/useMoneyFormat';

export { useMoneyFormat };

/** Formats amounts of minor units for this screen. */
export function useFormatMoney(): (amount: number) => string {
  const format = useMoneyFormat();
  return (amount) => formatMoney(amount, format);
}
