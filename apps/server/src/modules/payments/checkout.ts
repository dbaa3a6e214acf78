/**
 * Opening a member's checkout, and asking the provider about an order: the calls to the provider
 * happen between commands, never inside a transaction. The order is written first (`openOrder`),
 * the provider is asked for its checkout with the order's id as its key (asked again, it answers
 * the same session), and its answer is recorded (`recordCheckout`): a session (`pending`), or none
 * when it did not answer (`unknown`: the member is told to try again; the janitor asks again later).
 */
import type { CheckoutResponse, OrderState } from '@gym/contract/payments';
import { eq } from 'drizzle-orm';
import { organisations } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { runCommand, systemCaller } from '../../lib/use-case.ts';
import { fulfilOrder } from './fulfil-order.ts';
import { openOrder } from './open-order.ts';
import type { OrderTarget } from './order-plan.ts';
import type { OrderRow } from './order-state.ts';
import { type ProviderReport, ProviderUnavailable, providerUnavailable, withDeadline } from './provider.ts';
import { recordCheckout } from './record-checkout.ts';
import type { PaymentsRuntime } from './runtime.ts';

/** How long a member has to pay once the checkout is open. */
export const CHECKOUT_MINUTES = 30;

const OPEN: readonly OrderState[] = ['created', 'pending', 'unknown'];

/** The order to pay `target` with and where to pay it (the same for every click until it is over). */
export async function startCheckout(
  deps: AppDeps,
  payments: PaymentsRuntime,
  organisationId: string,
  target: OrderTarget,
): Promise<CheckoutResponse> {
  const settings = await payments.settingsOf(organisationId);
  const provider = payments.providerOf(settings.provider);
  const caller = systemCaller(organisationId, 'a member’s online checkout');
  for (let round = 0; round < 4; round += 1) {
    let order: OrderRow;
    try {
      order = await runCommand(deps, caller, openOrder, { target, provider: settings.provider });
    } catch (err) {
      // Another request opened the order for the same purpose at the same moment: take that one.
      if (isUniqueViolation(err, 'payment_orders_open_purpose')) continue;
      throw err;
    }
    const now = deps.clock.now();
    if (order.state === 'pending' && order.checkoutUrl && order.sessionExpiresAt && order.sessionExpiresAt > now) {
      return { orderId: order.id, checkoutUrl: order.checkoutUrl };
    }
    if (order.state === 'pending') {
      // Its checkout is over: what happened there is settled first, then a new attempt is made.
      await refreshOrder(deps, payments, order).catch((err: unknown) => {
        if (err instanceof ProviderUnavailable) throw providerUnavailable();
        throw err;
      });
      continue;
    }
    const [organisation] = await deps.database.db
      .select({ name: organisations.name })
      .from(organisations)
      .where(eq(organisations.id, organisationId));
    let session: Awaited<ReturnType<typeof provider.createCheckout>>;
    try {
      session = await withDeadline(
        provider.createCheckout(settings, {
          organisationId,
          orderId: order.id,
          amountMinor: order.amountMinor,
          currencyCode: order.currencyCode,
          description: order.description,
          merchantName: organisation!.name,
          returnUrl: `${deps.config.publicUrl}/payment-status/${order.id}/`,
          expiresAt: new Date(now.getTime() + CHECKOUT_MINUTES * 60_000),
        }),
        payments.deadlineMs,
      );
    } catch (err) {
      if (!(err instanceof ProviderUnavailable)) throw err;
      await runCommand(deps, caller, recordCheckout, { orderId: order.id, session: null });
      throw providerUnavailable();
    }
    await runCommand(deps, caller, recordCheckout, { orderId: order.id, session });
    return { orderId: order.id, checkoutUrl: session.checkoutUrl };
  }
  throw providerUnavailable();
}

/** Asks the order's provider where its checkout stands and applies the answer (`fulfilOrder`). */
export async function refreshOrder(
  deps: AppDeps,
  payments: PaymentsRuntime,
  order: Pick<OrderRow, 'id' | 'organisationId' | 'provider' | 'sessionId' | 'state'> &
    Partial<Pick<OrderRow, 'createdAt'>>,
): Promise<OrderRow> {
  const settings = await payments.settingsOf(order.organisationId);
  const provider = payments.providerOf(order.provider);
  const report: ProviderReport = await withDeadline(
    provider.lookup(settings, {
      orderId: order.id,
      sessionId: order.sessionId,
      ...(order.createdAt ? { createdAt: order.createdAt } : {}),
    }),
    payments.deadlineMs,
  );
  return runCommand(deps, systemCaller(order.organisationId, 'asking the provider about an order'), fulfilOrder, {
    orderId: order.id,
    report,
  });
}

export const isOpen = (state: string) => OPEN.includes(state as OrderState);
