import {
  simulatedCheckoutParamsSchema,
  simulatedOutcomeRequestSchema,
  simulatedSessionSchema,
} from '@gym/contract/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { PUBLIC } from '../../lib/access.ts';
import { routeTable } from '../../lib/routes.ts';
import { paymentsOf } from './runtime.ts';

const tags = ['payments'];

/** `/public/…` of online payments: no sign-in; each address names what it is about by a random id. */
export function paymentPublicRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const payments = paymentsOf(deps);
    const { get, post } = routeTable(app, tags);

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
