/**
 * The order janitor: an order still waiting for the provider's word (`created`, `pending`, `unknown`)
 * more than 15 minutes after it was made or last asked about is asked about again, on the
 * server's clock, and what the provider says is applied as any of its webhooks would be: money
 * whose webhook was lost is recorded, a checkout nobody paid is closed as expired, an order the
 * provider never opened is closed. Runs every minute on every server; the order's lock makes two
 * sweeps at once apply each answer once.
 */
import { OPEN_ORDER_STATES } from '@gym/contract/payments';
import { and, asc, inArray, lt, notInArray, sql } from 'drizzle-orm';
import { paymentOrders } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { refreshOrder } from './checkout.ts';
import { ProviderUnavailable } from './provider.ts';
import type { PaymentsRuntime } from './runtime.ts';

export const JANITOR_AFTER_MS = 15 * 60_000;
const BATCH = 100;

/** One sweep: answers how many orders it asked about (the provider not answering leaves an order for the next). */
export async function sweepOrders(deps: AppDeps, payments: PaymentsRuntime): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - JANITOR_AFTER_MS);
  const seen: string[] = [];
  const failures: unknown[] = [];
  for (;;) {
    // Every organisation's orders: the janitor works for all of them, each order then as its own organisation.
    const due = await deps.database.db
      .select()
      .from(paymentOrders)
      .where(
        and(
          inArray(paymentOrders.state, [...OPEN_ORDER_STATES]),
          lt(sql`coalesce(${paymentOrders.checkedAt}, ${paymentOrders.createdAt})`, before),
          seen.length ? notInArray(paymentOrders.id, seen) : undefined,
        ),
      )
      .orderBy(asc(paymentOrders.createdAt))
      .limit(BATCH);
    for (const order of due) {
      seen.push(order.id);
      await refreshOrder(deps, payments, order).catch((err: unknown) => {
        // A provider that does not answer leaves the order for the next sweep; anything else is told after the sweep.
        if (!(err instanceof ProviderUnavailable)) failures.push(err);
      });
    }
    if (due.length < BATCH) break;
  }
  if (failures.length > 0) throw new AggregateError(failures, `${failures.length} orders could not be settled`);
  return seen.length;
}
