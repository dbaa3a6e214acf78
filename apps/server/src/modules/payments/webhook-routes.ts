import { PAYMENT_EVENTS, webhookAnswerSchema, webhookParamsSchema } from '@gym/contract/payments';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { PUBLIC } from '../../lib/access.ts';
import { routeTable } from '../../lib/routes.ts';
import { paymentsOf } from './runtime.ts';
import { takeWebhook, webhookApplier } from './webhook-intake.ts';

/** A webhook's body is read as it came (its signature is over those bytes), up to this size. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * `/webhooks/payments/{provider}`: the providers' events. Their bodies are kept raw (no JSON parser
 * here), whatever their content type says. Registers the outbox's listener that applies them, and
 * gives the simulated provider this address to post to.
 */
export function paymentWebhookRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const payments = paymentsOf(deps);
  deps.outbox.onEvent(PAYMENT_EVENTS.webhookReceived, 'payments.apply-webhook', webhookApplier(deps, payments));
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );
    const root = app as unknown as FastifyInstance;
    payments.simulated.webhooks.transport = async (raw, headers) =>
      (await root.inject({ method: 'POST', url: '/api/v1/webhooks/payments/simulated', payload: raw, headers }))
        .statusCode;
    const { post } = routeTable(app, ['payments']);
    post(
      '/payments/:provider',
      PUBLIC,
      { params: webhookParamsSchema, reply: webhookAnswerSchema, bodyLimit: WEBHOOK_BODY_LIMIT },
      async (req) => {
        const provider = payments.providerOf(req.params.provider);
        const header = req.headers[provider.signatureHeader];
        await takeWebhook(deps, payments, {
          provider: req.params.provider,
          raw: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
          signature: Array.isArray(header) ? header.join(',') : header,
        });
        return { received: true as const };
      },
    );
  };
}
