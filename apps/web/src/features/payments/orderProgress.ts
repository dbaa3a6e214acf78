import { CURRENCY_EXPONENTS, type CurrencyCode, minorUnitExponent } from '@gym/contract/currency';
import { formatMoney } from '@gym/contract/money';
import type { OrderState } from '@gym/contract/payments';

/** How often the status page asks about an order that is not final yet. */
export const ORDER_POLL_MS = 2_000;

/** Whether the member's status page has its answer (a late success of a failed checkout is still recorded by the server). */
export function isFinalOrder(state: OrderState): boolean {
  return state === 'succeeded' || state === 'failed' || state === 'canceled' || state === 'expired';
}

/** How many more times a paid order is asked about while its receipt is not there yet (held for review: none comes). */
export const RECEIPT_POLLS = 15;

/**
 * Whether the status page asks again: until the order is final, and a while longer for the receipt
 * of a paid one (its payment is recorded just after the order is marked paid).
 */
export function keepPolling(
  order: { state: OrderState; receiptUrl?: string | undefined } | undefined,
  updates: number,
) {
  if (!order || !isFinalOrder(order.state)) return true;
  return order.state === 'succeeded' && !order.receiptUrl && updates < RECEIPT_POLLS;
}

/** What the status page shows for an order: waiting, paid, or not paid (with a retry). */
export function orderOutcome(state: OrderState): 'waiting' | 'paid' | 'failed' {
  if (state === 'succeeded') return 'paid';
  if (isFinalOrder(state)) return 'failed';
  return 'waiting';
}

/** `HKD 500.00`: the amount in the currency the page names, with its own decimals. */
export function moneyIn(amount: number, currency: string): string {
  const code = currency.toUpperCase();
  const exponent = code in CURRENCY_EXPONENTS ? minorUnitExponent(code as CurrencyCode) : 2;
  return `${code} ${formatMoney(amount, { symbol: '', exponent, decimal: '.', thousands: ',' })}`;
}
