import {
  checkoutResponseSchema,
  memberPaymentParamsSchema,
  orderIdParamsSchema,
  owedCheckoutRequestSchema,
  payLinkTokenParamsSchema,
  publicOrderSchema,
  publicOwedSchema,
  publicPayLinkSchema,
  publicTransactionSchema,
  simulatedCheckoutParamsSchema,
  simulatedOutcomeRequestSchema,
  simulatedSessionSchema,
  transactionParamsSchema,
} from '@gym/contract/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { PUBLIC } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { createRateLimiter } from '../../lib/rate-limit.ts';
import { routeTable } from '../../lib/routes.ts';
import { invoicePdf } from '../sales/index.ts';
import { startCheckout } from './checkout.ts';
import { orderReceiptTarget, publicOrder } from './public-order.ts';
import {
  invoiceByPaymentId,
  memberByPaymentId,
  payLinkByToken,
  publicOwed,
  publicPayLink,
  publicTransaction,
} from './public-pages.ts';
import { paymentsOf } from './runtime.ts';

const tags = ['payments'];

/** `/public/…` of online payments: no sign-in; each address names what it is about by a random id. */
export function paymentPublicRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const payments = paymentsOf(deps);
    const { get, post } = routeTable(app, tags);
    const perMinute = deps.config.PUBLIC_CHECKOUTS_PER_ADDRESS_PER_MINUTE;
    const checkouts = createRateLimiter({ ratePerSecond: perMinute / 60, burst: perMinute });
    /** A checkout costs an order and a provider's call: an address opening too many is refused before either. */
    const limited = (req: { ip: string }) => {
      const wait = checkouts.take(req.ip);
      if (wait > 0) throw new AppError(429, 'rate_limited', 'Too many checkouts from this address', undefined, wait);
    };

    // A pay link's page, and paying it (a link paid, expired or revoked is refused before any provider is asked).
    get('/pay-links/:token', PUBLIC, { params: payLinkTokenParamsSchema, reply: publicPayLinkSchema }, (req) =>
      publicPayLink(deps, req.params.token),
    );
    post(
      '/pay-links/:token/checkout',
      PUBLIC,
      { params: payLinkTokenParamsSchema, reply: checkoutResponseSchema, idempotent: true },
      async (req) => {
        limited(req);
        const link = await payLinkByToken(deps, req.params.token);
        return startCheckout(deps, payments, link.organisationId, { kind: 'link', token: link.token });
      },
    );
    // The member's payment page: what is owed up to a day, all or some paid in one checkout.
    get('/payments/:studentUuid/:date', PUBLIC, { params: memberPaymentParamsSchema, reply: publicOwedSchema }, (req) =>
      publicOwed(deps, req.params),
    );
    post(
      '/payments/:studentUuid/:date/checkout',
      PUBLIC,
      {
        params: memberPaymentParamsSchema,
        body: owedCheckoutRequestSchema,
        reply: checkoutResponseSchema,
        idempotent: true,
      },
      async (req) => {
        limited(req);
        const page = await memberByPaymentId(deps, req.params.studentUuid);
        return startCheckout(deps, payments, page.organisationId, {
          kind: 'member',
          memberId: page.memberId,
          date: req.params.date,
          ...(req.body.lines ? { lines: req.body.lines } : {}),
        });
      },
    );
    // One invoice's page: its open balance.
    get(
      '/transactions/:transactionUuid',
      PUBLIC,
      { params: transactionParamsSchema, reply: publicTransactionSchema },
      (req) => publicTransaction(deps, req.params.transactionUuid),
    );
    post(
      '/transactions/:transactionUuid/checkout',
      PUBLIC,
      { params: transactionParamsSchema, reply: checkoutResponseSchema, idempotent: true },
      async (req) => {
        limited(req);
        const page = await invoiceByPaymentId(deps, req.params.transactionUuid);
        return startCheckout(deps, payments, page.organisationId, { kind: 'invoice', invoiceId: page.invoiceId });
      },
    );

    // The order's status page: where the member comes back to from the checkout.
    get('/orders/:orderId', PUBLIC, { params: orderIdParamsSchema, reply: publicOrderSchema }, (req) =>
      publicOrder(deps, payments, req.params.orderId),
    );
    get('/orders/:orderId/receipt', PUBLIC, { params: orderIdParamsSchema }, async (req, reply) => {
      const { order, invoiceId, paymentId, db } = await orderReceiptTarget(deps, req.params.orderId);
      const { language } = await publicOrder(deps, payments, order.id);
      const auth = { organisationId: order.organisationId, centerIds: null, userId: null };
      const pdf = await invoicePdf(
        { auth, db, clock: deps.clock },
        { id: invoiceId, paymentId, layout: 'receipt', lang: language },
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${pdf.number}.pdf"`)
        .send(Buffer.from(pdf.bytes));
    });

    // The simulated provider's hosted checkout (its page is `/simulated-checkout/{sessionId}`).
    get(
      '/simulated-checkout/:sessionId',
      PUBLIC,
      { params: simulatedCheckoutParamsSchema, reply: simulatedSessionSchema },
      (req) => payments.simulated.view(req.params.sessionId),
    );
    post(
      '/simulated-checkout/:sessionId',
      PUBLIC,
      { params: simulatedCheckoutParamsSchema, body: simulatedOutcomeRequestSchema, reply: simulatedSessionSchema },
      (req) => payments.simulated.answer(req.params.sessionId, req.body.outcome),
    );
  };
}
