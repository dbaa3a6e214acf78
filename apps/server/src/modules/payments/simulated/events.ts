/**
 * The simulated provider's events, in the shape of Stripe's Checkout Session events (`event.data.object`
 * is the session; amounts in minor units, the currency in lower case), and how the application reads
 * them back.
 */
import type { simulatedCheckoutSessions } from '../../../db/schema/index.ts';
import type { ProviderEvent, ProviderReport } from '../provider.ts';

export type SessionRow = typeof simulatedCheckoutSessions.$inferSelect;

export const SIMULATED_EVENT_TYPES = {
  completed: 'checkout.session.completed',
  asyncSucceeded: 'checkout.session.async_payment_succeeded',
  asyncFailed: 'checkout.session.async_payment_failed',
  expired: 'checkout.session.expired',
} as const;
type EventType = (typeof SIMULATED_EVENT_TYPES)[keyof typeof SIMULATED_EVENT_TYPES];

/** An event to send: its id (the same on every delivery of it) and its body. */
export interface SimulatedEvent {
  id: string;
  organisationId: string;
  body: string;
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** The session as Stripe's API writes a Checkout Session. */
export function sessionObject(s: SessionRow) {
  const complete = ['processing', 'paid', 'failed'].includes(s.status);
  return {
    id: s.id,
    object: 'checkout.session',
    client_reference_id: s.orderId,
    metadata: { organisationId: s.organisationId, orderId: s.orderId },
    amount_total: s.amountMinor,
    currency: s.currencyCode.toLowerCase(),
    status: complete ? 'complete' : s.status === 'expired' || s.status === 'canceled' ? 'expired' : 'open',
    payment_status: s.status === 'paid' ? 'paid' : 'unpaid',
    payment_intent: s.paymentIntent,
    expires_at: seconds(s.expiresAt),
    ...(s.status === 'canceled' ? { canceled_by_member: true } : {}),
    ...(s.failureReason ? { last_payment_error: { message: s.failureReason } } : {}),
  };
}

/** The `n`th event of the session (its id is stable, so a resent event is the same event). */
export function simulatedEvent(s: SessionRow, type: EventType, n: number, at: Date): SimulatedEvent {
  const id = `evt_${s.id.slice('cs_'.length)}_${n}`;
  const body = { id, object: 'event', type, created: seconds(at), livemode: false, data: { object: sessionObject(s) } };
  return { id, organisationId: s.organisationId, body: JSON.stringify(body) };
}

/** What the session's state says of the order's checkout at `now` (an open session past its time is expired). */
export function reportOfSession(s: SessionRow, now: Date): ProviderReport {
  const waiting = s.status === 'open' || s.status === 'requires_action';
  const status: ProviderReport['status'] =
    waiting && now >= s.expiresAt ? 'expired' : waiting ? 'open' : (s.status as ProviderReport['status']);
  return {
    sessionId: s.id,
    status,
    amountMinor: s.amountMinor,
    currencyCode: s.currencyCode,
    reference: s.paymentIntent,
    failureReason: s.failureReason,
  };
}

const text = (v: unknown) => (typeof v === 'string' ? v : null);
const int = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) ? v : null);

/** An event's body, read: its id, type, order and what it says of the checkout. */
export function readSimulatedEvent(payload: Record<string, unknown>): ProviderEvent {
  const object = ((payload.data as { object?: Record<string, unknown> } | undefined)?.object ?? {}) as Record<
    string,
    unknown
  >;
  const type = text(payload.type) ?? '';
  const status = ((): ProviderReport['status'] | null => {
    switch (type) {
      case SIMULATED_EVENT_TYPES.completed:
        return object.payment_status === 'paid' ? 'paid' : 'processing';
      case SIMULATED_EVENT_TYPES.asyncSucceeded:
        return 'paid';
      case SIMULATED_EVENT_TYPES.asyncFailed:
        return 'failed';
      case SIMULATED_EVENT_TYPES.expired:
        return object.canceled_by_member === true ? 'canceled' : 'expired';
      default:
        return null;
    }
  })();
  const currency = text(object.currency);
  const error = object.last_payment_error as { message?: unknown } | undefined;
  return {
    eventId: text(payload.id) ?? '',
    type,
    orderId: text(object.client_reference_id),
    report: status
      ? {
          sessionId: text(object.id),
          status,
          amountMinor: int(object.amount_total),
          currencyCode: currency ? currency.toUpperCase() : null,
          reference: text(object.payment_intent),
          failureReason: text(error?.message),
        }
      : null,
  };
}

/** The organisation an event's body names (its session's metadata), read before the signature is checked. */
export function simulatedAddressee(payload: unknown): string | null {
  const object = (payload as { data?: { object?: { metadata?: { organisationId?: unknown } } } } | null)?.data?.object;
  const id = object?.metadata?.organisationId;
  return typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id) ? id : null;
}
