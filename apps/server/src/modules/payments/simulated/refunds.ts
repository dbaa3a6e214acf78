/**
 * Refunds at the simulated provider, in Stripe's shape: a refund of a paid session's payment intent,
 * its id made from the application's refund id (asked again, the same refund), succeeded at once,
 * and its `refund.created` event sent as Stripe sends it (`event.data.object` is the refund, the
 * application's ids in its metadata).
 */
import { createHash } from 'node:crypto';
import type { ProviderRefund, RefundRequest } from '../provider.ts';
import type { SimulatedEvent } from './events.ts';

export const REFUND_EVENT_TYPES = {
  created: 'refund.created',
  updated: 'refund.updated',
  failed: 'refund.failed',
} as const;

/** The refund's id at the provider: the same for the same application refund. */
export const simulatedRefundId = (refundId: string) =>
  `re_sim_${createHash('sha256').update(refundId).digest('base64url').slice(0, 24)}`;

/** The refund as Stripe's API writes one. */
export function refundObject(request: RefundRequest, status: ProviderRefund['status'], at: Date) {
  return {
    id: simulatedRefundId(request.refundId),
    object: 'refund',
    amount: request.amountMinor,
    currency: request.currencyCode.toLowerCase(),
    payment_intent: request.reference,
    status,
    created: Math.floor(at.getTime() / 1000),
    metadata: { organisationId: request.organisationId, orderId: request.orderId, refundId: request.refundId },
  };
}

export function simulatedRefundEvent(request: RefundRequest, at: Date): SimulatedEvent {
  const object = refundObject(request, 'succeeded', at);
  const id = `evt_${object.id.slice('re_'.length)}_1`;
  const body = {
    id,
    object: 'event',
    type: REFUND_EVENT_TYPES.created,
    created: object.created,
    livemode: false,
    data: { object },
  };
  return { id, organisationId: request.organisationId, body: JSON.stringify(body) };
}

const text = (v: unknown) => (typeof v === 'string' ? v : null);

/** A refund event's refund in the application's words (Stripe's shape, from either provider); null for any other event. */
export function readRefund(payload: Record<string, unknown>): ProviderRefund | null {
  const type = text(payload.type) ?? '';
  if (!Object.values(REFUND_EVENT_TYPES).includes(type as never)) return null;
  const object = ((payload.data as { object?: Record<string, unknown> } | undefined)?.object ?? {}) as Record<
    string,
    unknown
  >;
  const metadata = (object.metadata ?? {}) as Record<string, unknown>;
  const amount = object.amount;
  const currency = text(object.currency);
  if (!text(object.id) || typeof amount !== 'number' || !Number.isSafeInteger(amount) || !currency) return null;
  const status = text(object.status);
  return {
    providerRefundId: text(object.id)!,
    refundId: text(metadata.refundId),
    orderId: text(metadata.orderId),
    status: status === 'succeeded' ? 'succeeded' : status === 'failed' || status === 'canceled' ? 'failed' : 'pending',
    amountMinor: amount,
    currencyCode: currency.toUpperCase(),
  };
}
