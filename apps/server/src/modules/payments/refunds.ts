/**
 * Refunds of online payments go back through the provider, with the desk's money rules: staff ask
 * for a refund as at the desk (lines, amounts, reason) of one invoice an order paid. The request is
 * checked by the desk's own refund use case (run and undone: what it would give back), limited to
 * what the order paid on that invoice less its refunds, and written (`requestOnlineRefund`); the
 * provider is then asked, between commands, with the request's id as its idempotency key; once it
 * has taken it, the refund is recorded on the invoice once through the desk's use case (method
 * `online`, the provider's refund named: `recordOnlineRefund`). A provider that does not answer
 * leaves the request `requested`: asked again for the same refund, staff send the same key, so the
 * provider gives the money back once. The provider's refund webhook only notes what it says (a
 * repeat changes nothing; the refund is never recorded twice).
 */
import type { OnlineRefund, onlineRefundRequestSchema } from '@gym/contract/payments';
import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import type { z } from 'zod';
import { onlineRefunds, paymentOrders } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { runCommand, systemCaller } from '../../lib/use-case.ts';
import { actingFor } from '../auth/index.ts';
import { failOnlineRefund } from './fail-online-refund.ts';
import { JANITOR_AFTER_MS } from './janitor.ts';
import { ProviderUnavailable, providerUnavailable, withDeadline } from './provider.ts';
import { recordOnlineRefund } from './record-online-refund.ts';
import { requestOnlineRefund } from './request-online-refund.ts';
import type { PaymentsRuntime } from './runtime.ts';

type RefundRow = typeof onlineRefunds.$inferSelect;
type OrderRow = typeof paymentOrders.$inferSelect;

export const onlineRefundView = (r: RefundRow): OnlineRefund => ({
  id: r.id,
  orderId: r.orderId,
  invoiceId: r.invoiceId,
  amount: r.amountMinor,
  currency: r.currencyCode,
  state: r.state as OnlineRefund['state'],
  providerRefundId: r.providerRefundId,
  paymentId: r.paymentId,
});

export async function refundOnline(
  deps: AppDeps,
  payments: PaymentsRuntime,
  auth: AuthContext,
  input: z.output<typeof onlineRefundRequestSchema> & { orderId: string },
): Promise<OnlineRefund> {
  const { refund, order } = await runCommand(deps, auth, requestOnlineRefund, input);
  if (refund.paymentId) return onlineRefundView(refund);
  return askProvider(deps, payments, auth, refund, order);
}

/**
 * Asks the provider for a refund written `requested` (its id the idempotency key: asked again, the
 * same refund) and records what it answers: taken, recorded on the invoice once; refused, the
 * request fails. No answer: 503, the request stays `requested` for staff or the janitor to ask again.
 */
async function askProvider(
  deps: AppDeps,
  payments: PaymentsRuntime,
  auth: AuthContext,
  refund: RefundRow,
  order: OrderRow,
): Promise<OnlineRefund> {
  const settings = await payments.settingsOf(auth.organisationId);
  const provider = payments.providerOf(order.provider);
  let answer: Awaited<ReturnType<typeof provider.refund>>;
  try {
    answer = await withDeadline(
      provider.refund(settings, {
        organisationId: auth.organisationId,
        orderId: order.id,
        refundId: refund.id,
        reference: order.providerReference!,
        amountMinor: refund.amountMinor,
        currencyCode: refund.currencyCode,
      }),
      payments.deadlineMs,
    );
  } catch (err) {
    if (err instanceof ProviderUnavailable) throw providerUnavailable();
    if (err instanceof AppError && err.code === 'refund_refused') {
      await runCommand(deps, systemCaller(auth.organisationId, 'a refused refund'), failOnlineRefund, {
        refundId: refund.id,
        reason: err.message,
      });
    }
    throw err;
  }
  if (answer.status === 'failed') {
    await runCommand(deps, systemCaller(auth.organisationId, 'a refused refund'), failOnlineRefund, {
      refundId: refund.id,
      reason: 'The provider refused the refund',
    });
    throw new AppError(409, 'refund_refused', 'The payment service refused this refund');
  }
  const recorded = await runCommand(deps, auth, recordOnlineRefund, {
    refundId: refund.id,
    providerRefundId: answer.providerRefundId,
    status: answer.status,
  });
  return onlineRefundView(recorded);
}

/**
 * The refund janitor: a refund still `requested` (the provider never answered, and nobody asked
 * again) 15 minutes after it was last touched is asked about again with its own key, so money the
 * provider took is recorded on the invoice and money it refused is not left promised. Runs with
 * the order janitor, for the staff member who asked (one who has left or may no longer refund
 * leaves it to staff); a provider still silent leaves it for the next sweep. Answers how many it found.
 */
export async function sweepRefunds(deps: AppDeps, payments: PaymentsRuntime): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - JANITOR_AFTER_MS);
  const due = await deps.database.db
    .select({ refund: onlineRefunds, order: paymentOrders })
    .from(onlineRefunds)
    .innerJoin(paymentOrders, eq(paymentOrders.id, onlineRefunds.orderId))
    .where(
      and(eq(onlineRefunds.state, 'requested'), isNull(onlineRefunds.paymentId), lt(onlineRefunds.updatedAt, before)),
    )
    .orderBy(asc(onlineRefunds.createdAt))
    .limit(100);
  const failures: unknown[] = [];
  for (const { refund, order } of due) {
    // Finished for the staff member who asked, with their rights now; one who has left leaves it to staff.
    const caller = refund.createdBy ? await actingFor(deps, order.organisationId, refund.createdBy) : null;
    if (!caller?.ability.can('create', 'Refund')) continue;
    await askProvider(deps, payments, caller, refund, order).catch((err: unknown) => {
      // Silent again, or refused (the request is failed): both are settled for this sweep.
      const code = (err as { code?: string }).code;
      if (code !== 'payment_provider_unavailable' && code !== 'refund_refused') failures.push(err);
    });
  }
  if (failures.length > 0) throw new AggregateError(failures, `${failures.length} refunds could not be settled`);
  return due.length;
}
