/**
 * The simulated provider: the default, needing nothing. It behaves as a hosted checkout does (its
 * own page at `/simulated-checkout/{sessionId}`, sessions kept on its side, one per order, each with
 * an expiry) and sends signed webhooks as Stripe does. It runs in the server's process, on the
 * server's clock, and posts its webhooks through the server's own HTTP stack (`app.inject`) rather
 * than the network, which `PUBLIC_URL` may not reach from inside. Tests may stop it answering
 * (`outage`) and hold its webhooks to deliver them as they like (`webhooks.hold()`).
 */
import { randomBytes } from 'node:crypto';
import type { SimulatedOutcome, SimulatedSession } from '@gym/contract/payments';
import { and, eq, inArray, lte, or } from 'drizzle-orm';
import { simulatedCheckoutSessions } from '../../../db/schema/index.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { tenantDb } from '../../../lib/tenant-db.ts';
import { runCommand, systemCaller } from '../../../lib/use-case.ts';
import {
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentProvider,
  type ProviderReport,
  type ProviderSettings,
  ProviderUnavailable,
} from '../provider.ts';
import { checkSignature } from '../signature.ts';
import { advanceSimulatedSession } from './advance-simulated-session.ts';
import { answerSimulatedCheckout } from './answer-simulated-checkout.ts';
import { readSimulatedEvent, reportOfSession, type SessionRow, simulatedAddressee } from './events.ts';
import { openSimulatedSession } from './open-simulated-session.ts';
import { readRefund, refundObject, simulatedRefundEvent, simulatedRefundId } from './refunds.ts';
import { SIMULATED_SIGNATURE_HEADER, SimulatedWebhooks } from './webhooks.ts';

/** How often the provider lets its own time pass (settles, expires) while the server runs. */
const TICK_MS = 5_000;
const TASK = 'the simulated payment provider';

const randomId = (prefix: string) => `${prefix}${randomBytes(18).toString('base64url')}`;

export interface SimulatedProvider extends PaymentProvider {
  readonly webhooks: SimulatedWebhooks;
  /** For tests: the next `calls` checkout or refund requests are not answered (`down`), or are done but their answer is lost (`lose-answer`). */
  outage: { mode: 'down' | 'lose-answer'; calls: number } | null;
  /** The checkout page's session. */
  view(sessionId: string): Promise<SimulatedSession>;
  /** The member's button on the checkout page (see `answerSimulatedCheckout`); refused (409) when the session is over. */
  answer(sessionId: string, outcome: SimulatedOutcome): Promise<SimulatedSession>;
  /** Lets the provider's time pass: settles and expires what is due, sending their events; answers how many. */
  tick(): Promise<number>;
  start(): void;
  /** Stops its clock (its webhooks still go out). */
  stop(): void;
  close(): void;
}

export function createSimulatedProvider(
  deps: AppDeps,
  secretsOf: (organisationId: string) => Promise<string[]>,
): SimulatedProvider {
  const { db } = deps.database;
  const webhooks = new SimulatedWebhooks(secretsOf, deps.clock);
  let ticker: NodeJS.Timeout | undefined;

  /** The session's row, found by its id alone (the one read before its organisation is known). */
  async function sessionRow(sessionId: string): Promise<SessionRow> {
    const [row] = await db.select().from(simulatedCheckoutSessions).where(eq(simulatedCheckoutSessions.id, sessionId));
    if (!row) throw notFound('checkout session');
    return row;
  }

  const viewOf = (s: SessionRow): SimulatedSession => ({
    sessionId: s.id,
    status: s.status as SimulatedSession['status'],
    amount: s.amountMinor,
    currency: s.currencyCode,
    description: s.description,
    merchantName: s.merchantName,
    expiresAt: s.expiresAt.toISOString(),
    returnUrl: s.returnUrl,
  });

  const provider: SimulatedProvider = {
    name: 'simulated',
    signatureHeader: SIMULATED_SIGNATURE_HEADER,
    webhooks,
    outage: null,

    async createCheckout(_settings: ProviderSettings, request: CheckoutRequest): Promise<CheckoutSession> {
      const outage = provider.outage;
      if (outage && outage.calls > 0) {
        outage.calls -= 1;
        if (outage.calls === 0) provider.outage = null;
        if (outage.mode === 'down') throw new ProviderUnavailable('the simulated provider is down');
      }
      const session = await runCommand(deps, systemCaller(request.organisationId, TASK), openSimulatedSession, {
        request,
        sessionId: randomId('cs_sim_'),
        paymentIntent: randomId('pi_sim_'),
      });
      if (outage?.mode === 'lose-answer') throw new ProviderUnavailable('the simulated provider’s answer was lost');
      return {
        sessionId: session.id,
        checkoutUrl: `${deps.config.publicUrl}/simulated-checkout/${session.id}`,
        expiresAt: session.expiresAt,
      };
    },

    async lookup(settings, order): Promise<ProviderReport> {
      const sessions = tenantDb(db, { organisationId: settings.organisationId, centerIds: null });
      const [row] = await sessions.rows(
        simulatedCheckoutSessions,
        order.sessionId
          ? eq(simulatedCheckoutSessions.id, order.sessionId)
          : eq(simulatedCheckoutSessions.orderId, order.orderId),
      );
      if (!row) {
        return {
          sessionId: null,
          status: 'missing',
          amountMinor: null,
          currencyCode: null,
          reference: null,
          failureReason: null,
        };
      }
      return reportOfSession(row, deps.clock.now());
    },

    addresseeOf: simulatedAddressee,
    eventOf: (payload) => {
      const refund = readRefund(payload);
      const event = readSimulatedEvent(payload);
      return { ...event, orderId: refund?.orderId ?? event.orderId, ...(refund ? { refund } : {}) };
    },
    verify: (raw, header, secrets, nowMs) => checkSignature(header, raw, secrets, nowMs / 1000),

    async refund(settings, request) {
      const outage = provider.outage;
      if (outage && outage.calls > 0) {
        outage.calls -= 1;
        if (outage.calls === 0) provider.outage = null;
        if (outage.mode === 'down') throw new ProviderUnavailable('the simulated provider is down');
      }
      const sessions = tenantDb(db, { organisationId: settings.organisationId, centerIds: null });
      const [paid] = await sessions.rows(
        simulatedCheckoutSessions,
        and(
          eq(simulatedCheckoutSessions.paymentIntent, request.reference),
          eq(simulatedCheckoutSessions.status, 'paid'),
        )!,
      );
      if (!paid) throw new AppError(409, 'refund_refused', 'The provider holds no payment to refund');
      const now = deps.clock.now();
      webhooks.dispatch(simulatedRefundEvent(request, now));
      const object = refundObject(request, 'succeeded', now);
      if (outage?.mode === 'lose-answer') throw new ProviderUnavailable('the simulated provider’s answer was lost');
      return {
        providerRefundId: simulatedRefundId(request.refundId),
        refundId: request.refundId,
        orderId: request.orderId,
        status: 'succeeded',
        amountMinor: object.amount,
        currencyCode: request.currencyCode,
      };
    },

    async view(sessionId) {
      return viewOf(await sessionRow(sessionId));
    },

    async answer(sessionId, outcome) {
      const { organisationId } = await sessionRow(sessionId);
      const answered = await runCommand(deps, systemCaller(organisationId, TASK), answerSimulatedCheckout, {
        sessionId,
        outcome,
      });
      for (const event of answered.events) webhooks.dispatch(event);
      if (answered.refused) {
        throw new AppError(
          409,
          'checkout_closed',
          answered.refused === 'expired' ? 'This checkout has expired' : 'This checkout is already over',
        );
      }
      return viewOf(answered.session);
    },

    async tick() {
      const now = deps.clock.now();
      // Every organisation's sessions: the provider's own time, not a tenant's.
      const due = await db
        .select({ id: simulatedCheckoutSessions.id, organisationId: simulatedCheckoutSessions.organisationId })
        .from(simulatedCheckoutSessions)
        .where(
          or(
            and(eq(simulatedCheckoutSessions.status, 'processing'), lte(simulatedCheckoutSessions.settleAt, now)),
            and(
              inArray(simulatedCheckoutSessions.status, ['open', 'requires_action']),
              lte(simulatedCheckoutSessions.expiresAt, now),
            ),
          ),
        )
        .limit(500);
      let sent = 0;
      for (const s of due) {
        const events = await runCommand(deps, systemCaller(s.organisationId, TASK), advanceSimulatedSession, {
          sessionId: s.id,
        });
        for (const event of events) webhooks.dispatch(event);
        sent += events.length;
      }
      return sent;
    },

    start() {
      if (ticker) return;
      ticker = setInterval(() => void provider.tick().catch(() => {}), TICK_MS);
      ticker.unref();
    },

    stop() {
      clearInterval(ticker);
      ticker = undefined;
    },

    close() {
      provider.stop();
      webhooks.close();
    },
  };
  return provider;
}
