/**
 * Where an order goes on the provider's word: the report's status read as an order state, then
 * `ORDER_TRANSITIONS` (the contract's one table) decides whether the order may go there from where
 * it is. What the table does not allow changes nothing: an old event arriving after a newer one, a
 * repeat, a failure after the money came.
 */
import { canMoveOrder, type OrderState } from '@gym/contract/payments';
import type { paymentOrders } from '../../db/schema/index.ts';
import type { ProviderReport } from './provider.ts';

export type OrderRow = typeof paymentOrders.$inferSelect;

/** The state the provider's report asks for, from `current`; null: it asks for none. */
export function reportedState(current: OrderState, report: Pick<ProviderReport, 'status'>): OrderState | null {
  switch (report.status) {
    case 'open':
    case 'processing':
      // A checkout open at the provider, or money on its way: the order waits (only the first word moves it).
      return current === 'created' || current === 'unknown' ? 'pending' : null;
    case 'paid':
      return 'succeeded';
    case 'failed':
      return 'failed';
    case 'canceled':
      return 'canceled';
    case 'expired':
      return 'expired';
    case 'missing':
      // The provider never opened a checkout for it: the order cannot be paid any more.
      return current === 'created' || current === 'unknown' ? 'expired' : null;
  }
}

/** The state the order moves to on this report, or null when it stays where it is. */
export function nextState(current: OrderState, report: Pick<ProviderReport, 'status'>): OrderState | null {
  const wanted = reportedState(current, report);
  return wanted && wanted !== current && canMoveOrder(current, wanted) ? wanted : null;
}
