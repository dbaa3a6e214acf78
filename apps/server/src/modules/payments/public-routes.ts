import {
  orderIdParamsSchema,
  publicOrderSchema,
  simulatedCheckoutParamsSchema,
  simulatedOutcomeRequestSchema,
  simulatedSessionSchema,
} from '@gym/contract/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { PUBLIC } from '../../lib/access.ts';
import { routeTable } from '../../lib/routes.ts';
import { invoicePdf } from '../sales/index.ts';
import { orderReceiptTarget, publicOrder } from './public-order.ts';
import { paymentsOf } from './runtime.ts';

const tags = ['payments'];

/** `/public/…` of online payments: no sign-in; each address names what it is about by a random id. */
export function paymentPublicRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const payments = paymentsOf(deps);
    const { get, post } = routeTable(app, tags);

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
