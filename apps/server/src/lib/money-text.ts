import { type CurrencyCode, minorUnitExponent } from '@gym/contract/currency';
import { formatMoney } from '@gym/contract/money';

/**
 * An amount as a record (the audit log's summary) writes it: the ISO code and the decimal amount,
 * `HKD 168.00`, as invoices do (decision 371), never the minor units.
 */
export function moneyText(amount: number, currencyCode: string): string {
  return formatMoney(amount, {
    symbol: `${currencyCode} `,
    exponent: minorUnitExponent(currencyCode as CurrencyCode),
    decimal: '.',
    thousands: ',',
  });
}
