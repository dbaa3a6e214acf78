/**
 * Money on the retail screens: the shared money field, the amount as staff read it, and the
 * organisation's money format.
 */
import { formatMoney, type MoneyFormat } from '@gym/contract/money';

/** The one shared money field (masked as typed, minor units out). */
export { MoneyInput } from '../../shared/ui/MoneyInput';

/** The amount as staff read it. */
export const money = (value: number, format: MoneyFormat) => formatMoney(value, format);

/** How this organisation writes money: the one shared format (its symbol and its currency's decimals). */
export { useMoneyFormat } from '../../shared/useMoneyFormat';
