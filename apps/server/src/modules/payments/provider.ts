/**
 * What the application asks of a payment provider, and the provider's answers in the application's
 * words. One adapter per provider (`simulated/`, later Stripe); nothing else knows a provider's API.
 */
import type { PaymentProviderName } from '@gym/contract/payments';
import { AppError } from '../../lib/errors.ts';
import type { SignatureCheck } from './signature.ts';

/** The organisation's provider and its secrets, opened. */
export interface ProviderSettings {
  organisationId: string;
  provider: PaymentProviderName;
  secretKey: string | null;
  /** Newest first. */
  webhookSecrets: string[];
}

/** A checkout to open: one per order (the order's id makes a repeated request answer the same session). */
export interface CheckoutRequest {
  organisationId: string;
  orderId: string;
  amountMinor: number;
  currencyCode: string;
  description: string;
  merchantName: string;
  /** The order's status page: where the member comes back to, paid or not. */
  returnUrl: string;
  expiresAt: Date;
}

export interface CheckoutSession {
  sessionId: string;
  checkoutUrl: string;
  expiresAt: Date;
}

/**
 * What the provider says of an order's checkout. `open`: waiting for the member (or their bank's
 * check); `processing`: paid, the money on its way; `paid`; `failed` (declined); `canceled` (by the
 * member); `expired` (never paid in time); `missing`: the provider holds no checkout for the order.
 */
export interface ProviderReport {
  sessionId: string | null;
  status: 'open' | 'processing' | 'paid' | 'failed' | 'canceled' | 'expired' | 'missing';
  /** What the provider took or asks for, as it says. */
  amountMinor: number | null;
  currencyCode: string | null;
  /** The provider's name of the money (a payment intent). */
  reference: string | null;
  failureReason: string | null;
}

/** Money given back of an order's payment, asked for by the application (`refundId` is its key: asked again, the same refund). */
export interface RefundRequest {
  organisationId: string;
  orderId: string;
  /** The application's id of the refund (its idempotency key at the provider). */
  refundId: string;
  /** The provider's name of the money to give back from (the order's payment intent). */
  reference: string;
  amountMinor: number;
  currencyCode: string;
}

/** A refund as the provider has it. */
export interface ProviderRefund {
  /** The provider's id of the refund. */
  providerRefundId: string;
  /** The application's id of the refund, as it was given when asked (null: a refund made elsewhere, at the provider). */
  refundId: string | null;
  orderId: string | null;
  status: 'pending' | 'succeeded' | 'failed';
  amountMinor: number;
  currencyCode: string;
}

/** A provider's event, its signature checked, in the application's words. */
export interface ProviderEvent {
  eventId: string;
  type: string;
  orderId: string | null;
  /** What the event says of the order's checkout; null: an event that changes nothing of an order. */
  report: ProviderReport | null;
  /** What the event says of a refund, if it is about one. */
  refund?: ProviderRefund | null;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** The request header its webhooks carry their signature in. */
  readonly signatureHeader: string;
  createCheckout(settings: ProviderSettings, request: CheckoutRequest): Promise<CheckoutSession>;
  /** The order's checkout as the provider has it now (by its session, else by the order's id, made at `createdAt`). */
  lookup(
    settings: ProviderSettings,
    order: { orderId: string; sessionId: string | null; createdAt?: Date },
  ): Promise<ProviderReport>;
  /** Whether `header` signs the raw body with one of `secrets` (newest first), at a time within the tolerance of `nowMs`. */
  verify(raw: Buffer, header: string | undefined, secrets: readonly string[], nowMs: number): SignatureCheck;
  /** Gives money back from an order's payment (asked again with the same `refundId`, answers the same refund). */
  refund(settings: ProviderSettings, request: RefundRequest): Promise<ProviderRefund>;
  /** The organisation an event's body says it is for, read before its signature is checked (with that organisation's secrets). */
  addresseeOf(payload: unknown): string | null;
  /** The event in the application's words (its signature already checked). */
  eventOf(payload: Record<string, unknown>): ProviderEvent;
}

/** The provider did not answer (or not in time): what it did is not known. */
export class ProviderUnavailable extends Error {}

export const providerUnavailable = () =>
  new AppError(503, 'payment_provider_unavailable', 'The payment provider does not answer; try again in a moment');

/** Runs a provider call with a deadline: past it, the call counts as unanswered. */
export async function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ProviderUnavailable(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } catch (err) {
    if (err instanceof ProviderUnavailable || err instanceof AppError) throw err;
    throw new ProviderUnavailable(err instanceof Error ? err.message : String(err));
  } finally {
    clearTimeout(timer);
  }
}
