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
import type { z } from 'zod';
import type { onlineRefunds } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { runCommand, systemCaller } from '../../lib/use-case.ts';
import { failOnlineRefund } from './fail-online-refund.ts';
import { ProviderUnavailable, providerUnavailable, withDeadline } from './provider.ts';
import { recordOnlineRefund } from './record-online-refund.ts';
import { requestOnlineRefund } from './request-online-refund.ts';
import type { PaymentsRuntime } from './runtime.ts';

type RefundRow = typeof onlineRefunds.$inferSelect;

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
