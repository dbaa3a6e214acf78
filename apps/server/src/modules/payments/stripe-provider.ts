/**
 * The Stripe adapter, through the official `stripe` package: one Checkout Session per order (the
 * order's id its idempotency key, with the order's expiry), webhook signatures checked by the
 * package with each of the organisation's active secrets (two while one is rotated), the session
 * retrieved for the janitor (or found among the recent sessions by the order's id when its answer
 * was lost), and refunds of a session's payment intent. `STRIPE_API_URL` points the package at
 * another host, port and protocol (the tests' local Stripe-speaking server); unset, it is Stripe's.
 */

import Stripe from 'stripe';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import {
  type CheckoutSession,
  type PaymentProvider,
  type ProviderRefund,
  type ProviderReport,
  type ProviderSettings,
  ProviderUnavailable,
} from './provider.ts';
import { SIGNATURE_TOLERANCE_SECONDS, type SignatureCheck } from './signature.ts';
import { readSimulatedEvent, simulatedAddressee } from './simulated/events.ts';
import { readRefund } from './simulated/refunds.ts';

export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';
/** Stripe refuses a session expiring sooner than 30 minutes after it receives the request: a minute's margin. */
const EXPIRY_MARGIN_MS = 60_000;
/** How many of the latest sessions are looked through for an order's when its time is not known. */
const LOOKBACK_SESSIONS = 300;

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** Where the package sends its requests: Stripe, or the configured address. */
function apiOptions(url: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!url) return {};
  const u = new URL(url);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { host: u.hostname, port: u.port || (protocol === 'http' ? 80 : 443), protocol };
}

/** A session as the application reads it. */
export function reportOfStripeSession(s: Stripe.Checkout.Session): ProviderReport {
  const intent = s.payment_intent && typeof s.payment_intent === 'object' ? s.payment_intent : null;
  const reference = typeof s.payment_intent === 'string' ? s.payment_intent : (intent?.id ?? null);
  const status = ((): ProviderReport['status'] => {
    if (s.status === 'open') return 'open';
    if (s.status === 'expired') return 'expired';
    if (s.payment_status === 'paid' || s.payment_status === 'no_payment_required') return 'paid';
    if (intent && (intent.status === 'requires_payment_method' || intent.status === 'canceled')) return 'failed';
    return 'processing';
  })();
  return {
    sessionId: s.id,
    status,
    amountMinor: s.amount_total ?? null,
    currencyCode: s.currency ? s.currency.toUpperCase() : null,
    reference,
    failureReason: status === 'failed' ? (intent?.last_payment_error?.message ?? null) : null,
  };
}

const refundStatus = (status: string | null): ProviderRefund['status'] =>
  status === 'succeeded' ? 'succeeded' : status === 'failed' || status === 'canceled' ? 'failed' : 'pending';

const isMissing = (err: unknown) =>
  err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing';

export function createStripeProvider(config: Pick<Config, 'STRIPE_API_URL'>): PaymentProvider {
  const clients = new Map<string, Stripe>();
  const where = apiOptions(config.STRIPE_API_URL);
  /** The package's client for the organisation's key (kept: it holds its connections). */
  function clientOf(settings: ProviderSettings): Stripe {
    const key = settings.secretKey;
    if (!key) throw new AppError(503, 'payment_provider_unavailable', 'Online payments have no Stripe key yet');
    let client = clients.get(key);
    if (!client) {
      // No retries of its own: an unanswered call is the janitor's to ask about again.
      client = new Stripe(key, { ...where, maxNetworkRetries: 0, timeout: 8_000, telemetry: false });
      clients.set(key, client);
    }
    return client;
  }
  const webhooks = Stripe.webhooks;

  return {
    name: 'stripe',
    signatureHeader: STRIPE_SIGNATURE_HEADER,

    async createCheckout(settings, request): Promise<CheckoutSession> {
      const stripe = clientOf(settings);
      const metadata = { organisationId: request.organisationId, orderId: request.orderId };
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: request.orderId,
          metadata,
          payment_intent_data: { metadata, description: request.description },
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currencyCode.toLowerCase(),
                unit_amount: request.amountMinor,
                product_data: { name: request.description },
              },
            },
          ],
          success_url: request.returnUrl,
          cancel_url: request.returnUrl,
          expires_at: seconds(new Date(request.expiresAt.getTime() + EXPIRY_MARGIN_MS)),
        },
        { idempotencyKey: `checkout-${request.orderId}` },
      );
      if (!session.url) throw new ProviderUnavailable('Stripe opened a session with no address');
      return { sessionId: session.id, checkoutUrl: session.url, expiresAt: new Date(session.expires_at * 1000) };
    },

    async lookup(settings, order): Promise<ProviderReport> {
      const stripe = clientOf(settings);
      let session: Stripe.Checkout.Session | null = null;
      if (order.sessionId) {
        session = await stripe.checkout.sessions
          .retrieve(order.sessionId, { expand: ['payment_intent'] })
          .catch((err: unknown) => {
            if (isMissing(err)) return null;
            throw err;
          });
      } else {
        const since = order.createdAt ? seconds(order.createdAt) - 60 : undefined;
        let seen = 0;
        for await (const s of stripe.checkout.sessions.list({
          limit: 100,
          ...(since ? { created: { gte: since } } : {}),
        })) {
          if (s.client_reference_id === order.orderId) {
            session = await stripe.checkout.sessions.retrieve(s.id, { expand: ['payment_intent'] });
            break;
          }
          seen += 1;
          if (since === undefined && seen >= LOOKBACK_SESSIONS) break;
        }
      }
      if (!session) {
        return {
          sessionId: null,
          status: 'missing',
          amountMinor: null,
          currencyCode: null,
          reference: null,
          failureReason: null,
        };
      }
      return reportOfStripeSession(session);
    },

    addresseeOf: simulatedAddressee,

    eventOf(payload) {
      // Checkout Session events read as the simulated provider's (it writes Stripe's shape).
      const refund = readRefund(payload);
      const event = readSimulatedEvent(payload);
      return { ...event, orderId: refund?.orderId ?? event.orderId, ...(refund ? { refund } : {}) };
    },

    verify(raw, header, secrets, nowMs): SignatureCheck {
      if (!header) return 'invalid';
      let stale = false;
      for (const secret of secrets) {
        try {
          webhooks.constructEvent(raw, header, secret, SIGNATURE_TOLERANCE_SECONDS, undefined, nowMs);
        } catch (err) {
          if (err instanceof Stripe.errors.StripeSignatureVerificationError && /tolerance/i.test(err.message)) {
            stale = true;
          }
          continue;
        }
        // The package refuses an old timestamp only; one from the future is refused here as well.
        const t = Number(/(?:^|,)\s*t=(\d+)/.exec(header)?.[1]);
        return t - nowMs / 1000 > SIGNATURE_TOLERANCE_SECONDS ? 'stale' : 'valid';
      }
      return stale ? 'stale' : 'invalid';
    },

    async refund(settings, request): Promise<ProviderRefund> {
      const stripe = clientOf(settings);
      const refund = await stripe.refunds
        .create(
          {
            payment_intent: request.reference,
            amount: request.amountMinor,
            metadata: {
              organisationId: request.organisationId,
              orderId: request.orderId,
              refundId: request.refundId,
            },
          },
          { idempotencyKey: `refund-${request.refundId}` },
        )
        .catch((err: unknown) => {
          if (err instanceof Stripe.errors.StripeInvalidRequestError || err instanceof Stripe.errors.StripeCardError) {
            throw new AppError(409, 'refund_refused', err.message);
          }
          throw err;
        });
      return {
        providerRefundId: refund.id,
        refundId: request.refundId,
        orderId: request.orderId,
        status: refundStatus(refund.status),
        amountMinor: refund.amount,
        currencyCode: refund.currency.toUpperCase(),
      };
    },
  };
}
