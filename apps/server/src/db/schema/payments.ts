/**
 * Online payments: each organisation's provider and its secrets (sealed), orders (an online payment
 * attempt; its id is public) with what each pays, the provider's events as received, pay links, the
 * members' and invoices' public payment ids, and the simulated provider's own checkout sessions.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, instant, money, optionalReference, reference, tenantKey, tenantTarget } from './columns.ts';
import { members } from './members.ts';
import { installments, invoices, payments } from './sales.ts';
import { centerId, centers, organisationId, tenantRow, users } from './tenancy.ts';

/** A secret as stored: sealed with the server's key (`lib/vault.ts`), its last characters for the masked view. */
export interface SealedSecret {
  sealed: string;
  hint: string;
  createdAt: string;
}

/** The organisation's payment provider: one row per organisation, written when it is first needed or set. */
export const paymentSettings = pgTable(
  'payment_settings',
  {
    ...tenantRow(),
    provider: text('provider').notNull(),
    /** The provider's API key (sealed); the simulated provider needs none. */
    secretKey: jsonb('secret_key').$type<SealedSecret>(),
    /** The secrets webhooks are signed with (sealed), newest first: two while one is rotated. */
    webhookSecrets: jsonb('webhook_secrets').$type<SealedSecret[]>().notNull().default([]),
    /** Payment reminders: on or off, the days before (−) or after (+) a due date they go out, the centre's daytime window. */
    remindersEnabled: boolean('reminders_enabled').notNull().default(true),
    reminderOffsets: jsonb('reminder_offsets').$type<number[]>().notNull().default([-3, 1, 3, 7]),
    reminderWindowStart: text('reminder_window_start').notNull().default('09:00'),
    reminderWindowEnd: text('reminder_window_end').notNull().default('20:00'),
    /** Class bookings are refused once a debt is this many days overdue; null: never. */
    bookingBlockOverdueDays: integer('booking_block_overdue_days'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('payment_settings_org').on(t.organisationId),
    check('payment_settings_provider', sql`${t.provider} in ('simulated', 'stripe')`),
    check(
      'payment_settings_booking_block',
      sql`${t.bookingBlockOverdueDays} is null or ${t.bookingBlockOverdueDays} between 1 and 365`,
    ),
  ],
);

/**
 * A payment reminder: one per debt (an installment, or an invoice without installments: `debt_id`)
 * and offset (days from its due date), written before its e-mail is queued in the same transaction,
 * so two servers sweeping at once send it once. `sent` with its pay link and e-mail; `skipped` an
 * offset passed while a later one was due; `no_email` the member had no address.
 */
export const paymentReminders = pgTable(
  'payment_reminders',
  {
    ...tenantRow(),
    centerId: centerId(),
    memberId: reference('member_id', () => members.id),
    invoiceId: reference('invoice_id', () => invoices.id),
    installmentId: optionalReference('installment_id', () => installments.id),
    debtId: uuid('debt_id').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    offsetDays: integer('offset_days').notNull(),
    outcome: text('outcome').notNull(),
    amountMinor: money('amount_minor').notNull(),
    currencyCode: text('currency_code').notNull(),
    payLinkId: optionalReference('pay_link_id', () => payLinks.id),
    sentTo: text('sent_to'),
    at: instant('at').notNull(),
  },
  (t) => [
    uniqueIndex('payment_reminders_once').on(t.organisationId, t.debtId, t.offsetDays),
    index('payment_reminders_member').on(t.memberId, t.at),
    check('payment_reminders_outcome', sql`${t.outcome} in ('sent', 'skipped', 'no_email')`),
    tenantKey('payment_reminders_org_center_fk', t, t.centerId, centers),
    tenantKey('payment_reminders_org_member_fk', t, t.memberId, members),
    tenantKey('payment_reminders_org_invoice_fk', t, t.invoiceId, invoices),
    tenantKey('payment_reminders_org_installment_fk', t, t.installmentId, installments),
    tenantKey('payment_reminders_org_pay_link_fk', t, t.payLinkId, payLinks),
  ],
);

/**
 * A pay link: staff's link for an invoice's open balance, one installment's open part, or a fixed
 * amount of the invoice (`amount_minor`, with a description). Its token is random and is its only
 * public name. Paid at most once (`paid_at`, by `paid_order_id`).
 */
export const payLinks = pgTable(
  'pay_links',
  {
    ...tenantRow(),
    centerId: centerId(),
    memberId: reference('member_id', () => members.id),
    invoiceId: reference('invoice_id', () => invoices.id),
    installmentId: optionalReference('installment_id', () => installments.id),
    kind: text('kind').notNull(),
    /** The fixed amount of an `amount` link; null: what is open when paid. */
    amountMinor: money('amount_minor'),
    description: text('description'),
    token: text('token').notNull(),
    expiresAt: instant('expires_at').notNull(),
    createdBy: optionalReference('created_by', () => users.id),
    createdAt: instant('created_at').notNull(),
    revokedAt: instant('revoked_at'),
    revokedBy: optionalReference('revoked_by', () => users.id),
    paidAt: instant('paid_at'),
    /** The order that paid it (whose own `pay_link_id` is the key between the two). */
    paidOrderId: uuid('paid_order_id'),
  },
  (t) => [
    uniqueIndex('pay_links_token').on(t.token),
    index('pay_links_org_created').on(t.organisationId, t.createdAt),
    index('pay_links_invoice').on(t.invoiceId),
    check('pay_links_kind', sql`${t.kind} in ('balance', 'installment', 'amount')`),
    check(
      'pay_links_shape',
      sql`(${t.kind} = 'installment') = (${t.installmentId} is not null) and (${t.kind} = 'amount') = (${t.amountMinor} is not null)`,
    ),
    check('pay_links_amount', sql`${t.amountMinor} is null or ${t.amountMinor} > 0`),
    tenantTarget('pay_links_org_id', t),
    tenantKey('pay_links_org_center_fk', t, t.centerId, centers),
    tenantKey('pay_links_org_member_fk', t, t.memberId, members),
    tenantKey('pay_links_org_invoice_fk', t, t.invoiceId, invoices),
    tenantKey('pay_links_org_installment_fk', t, t.installmentId, installments),
    tenantKey('pay_links_org_created_by_fk', t, t.createdBy, users),
    tenantKey('pay_links_org_revoked_by_fk', t, t.revokedBy, users),
  ],
);

/**
 * An online payment attempt (its id is the public `order_id`): what it pays (`payment_order_items`),
 * the provider's checkout session and reference, and its state (`ORDER_TRANSITIONS` of the contract).
 * `purpose` names what is being paid (a pay link, an invoice, a member's lines): at most one order
 * per purpose is open at a time (a unique index), so double clicks and two tabs share one.
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    ...tenantRow(),
    centerId: centerId(),
    memberId: reference('member_id', () => members.id),
    provider: text('provider').notNull(),
    purpose: text('purpose').notNull(),
    payLinkId: optionalReference('pay_link_id', () => payLinks.id),
    state: text('state').notNull().default('created'),
    amountMinor: money('amount_minor').notNull(),
    currencyCode: text('currency_code').notNull(),
    description: text('description').notNull(),
    /** The provider's checkout session, where the member pays, and until when it takes a payment. */
    sessionId: text('session_id'),
    checkoutUrl: text('checkout_url'),
    sessionExpiresAt: instant('session_expires_at'),
    /** The provider's name of the money taken (a payment intent), kept on the recorded payments. */
    providerReference: text('provider_reference'),
    failureReason: text('failure_reason'),
    /** Money taken that the books do not hold yet: staff look at it (`ORDER_REVIEW_REASONS`). */
    reviewReason: text('review_reason'),
    /** The provider's word on money that does not match the order (amount and currency as it said). */
    reported: jsonb('reported').$type<Record<string, unknown>>(),
    /** Last time the provider was asked about it (the janitor and the member's return). */
    checkedAt: instant('checked_at'),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('payment_orders_open_purpose')
      .on(t.organisationId, t.purpose)
      .where(sql`${t.state} in ('created', 'pending', 'unknown')`),
    uniqueIndex('payment_orders_session').on(t.provider, t.sessionId),
    index('payment_orders_open').on(t.state, t.checkedAt),
    index('payment_orders_org_created').on(t.organisationId, t.createdAt),
    index('payment_orders_link').on(t.payLinkId),
    check(
      'payment_orders_state',
      sql`${t.state} in ('created', 'pending', 'unknown', 'succeeded', 'failed', 'canceled', 'expired')`,
    ),
    check('payment_orders_amount', sql`${t.amountMinor} > 0`),
    check(
      'payment_orders_review',
      sql`${t.reviewReason} is null or ${t.reviewReason} in ('amount_mismatch', 'currency_mismatch', 'invoice_changed')`,
    ),
    tenantTarget('payment_orders_org_id', t),
    tenantKey('payment_orders_org_center_fk', t, t.centerId, centers),
    tenantKey('payment_orders_org_member_fk', t, t.memberId, members),
    tenantKey('payment_orders_org_pay_link_fk', t, t.payLinkId, payLinks),
  ],
);

/** What an order pays: part or all of an invoice, or of one installment; the payment once recorded. */
export const paymentOrderItems = pgTable(
  'payment_order_items',
  {
    ...tenantRow(),
    orderId: reference('order_id', () => paymentOrders.id),
    invoiceId: reference('invoice_id', () => invoices.id),
    installmentId: optionalReference('installment_id', () => installments.id),
    amountMinor: money('amount_minor').notNull(),
    paymentId: optionalReference('payment_id', () => payments.id),
  },
  (t) => [
    index('payment_order_items_order').on(t.orderId),
    index('payment_order_items_invoice').on(t.invoiceId),
    check('payment_order_items_amount', sql`${t.amountMinor} > 0`),
    tenantKey('payment_order_items_org_order_fk', t, t.orderId, paymentOrders),
    tenantKey('payment_order_items_org_invoice_fk', t, t.invoiceId, invoices),
    tenantKey('payment_order_items_org_installment_fk', t, t.installmentId, installments),
    tenantKey('payment_order_items_org_payment_fk', t, t.paymentId, payments),
  ],
);

/** A provider's event, stored once (its id is unique per provider): applied to its order through the outbox. */
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    ...tenantRow(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    orderId: uuid('order_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: instant('received_at').notNull(),
    /** When it was applied, and what it did (`applied`, `ignored`, `no_order`). */
    processedAt: instant('processed_at'),
    outcome: text('outcome'),
  },
  (t) => [
    uniqueIndex('payment_webhook_events_once').on(t.organisationId, t.provider, t.eventId),
    index('payment_webhook_events_order').on(t.orderId),
    tenantKey('payment_webhook_events_org_order_fk', t, t.orderId, paymentOrders),
  ],
);

/** A member's public payment id (`student_uuid`): random, not the member's id; staff may renew it. */
export const memberPaymentIds = pgTable(
  'member_payment_ids',
  {
    ...tenantRow(),
    memberId: reference('member_id', () => members.id),
    publicId: uuid('public_id').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [
    unique('member_payment_ids_member').on(t.organisationId, t.memberId),
    uniqueIndex('member_payment_ids_public').on(t.publicId),
    tenantKey('member_payment_ids_org_member_fk', t, t.memberId, members),
  ],
);

/** An invoice's public id (`transaction_uuid`) for its payment page. */
export const invoicePaymentIds = pgTable(
  'invoice_payment_ids',
  {
    ...tenantRow(),
    invoiceId: reference('invoice_id', () => invoices.id),
    publicId: uuid('public_id').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [
    unique('invoice_payment_ids_invoice').on(t.organisationId, t.invoiceId),
    uniqueIndex('invoice_payment_ids_public').on(t.publicId),
    tenantKey('invoice_payment_ids_org_invoice_fk', t, t.invoiceId, invoices),
  ],
);

/**
 * The simulated provider's checkout sessions: what it keeps as a real provider would on its side
 * (one session per order it was asked for, whatever the retries). Not the application's data: it
 * names the order only as the provider knows it (its reference), with no key to it.
 */
export const simulatedCheckoutSessions = pgTable(
  'simulated_checkout_sessions',
  {
    id: text('id').primaryKey(),
    organisationId: organisationId(),
    orderId: uuid('order_id').notNull(),
    amountMinor: money('amount_minor').notNull(),
    currencyCode: text('currency_code').notNull(),
    description: text('description').notNull(),
    merchantName: text('merchant_name').notNull(),
    returnUrl: text('return_url').notNull(),
    /** `open`, `requires_action`, `processing` (settles at `settle_at`), `paid`, `failed`, `canceled`, `expired`. */
    status: text('status').notNull().default('open'),
    paymentIntent: text('payment_intent').notNull(),
    failureReason: text('failure_reason'),
    expiresAt: instant('expires_at').notNull(),
    settleAt: instant('settle_at'),
    /** Events sent so far (each event's id is `evt_<session>_<n>`). */
    events: integer('events').notNull().default(0),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('simulated_checkout_sessions_order').on(t.organisationId, t.orderId),
    index('simulated_checkout_sessions_due').on(t.status, t.settleAt),
    check(
      'simulated_checkout_sessions_status',
      sql`${t.status} in ('open', 'requires_action', 'processing', 'paid', 'failed', 'canceled', 'expired')`,
    ),
  ],
);

/** What staff asked to give back of an online payment: the desk refund's request (reason and lines). */
export interface OnlineRefundRequest {
  reason: string;
  lines: { lineId: string; quantity: number; amountMinor?: number; mode: 'whole' | 'unused' }[];
}

/**
 * A refund of an online payment, given back through the provider: written before the provider is
 * asked (its id is the provider's idempotency key and travels in the refund's metadata), then
 * recorded once on the invoice through the desk's refund use case when the provider has taken it
 * (its answer, or its refund webhook, whichever comes first: `payment_id` says it is recorded).
 */
export const onlineRefunds = pgTable(
  'online_refunds',
  {
    ...tenantRow(),
    orderId: reference('order_id', () => paymentOrders.id),
    invoiceId: reference('invoice_id', () => invoices.id),
    amountMinor: money('amount_minor').notNull(),
    currencyCode: text('currency_code').notNull(),
    request: jsonb('request').$type<OnlineRefundRequest>().notNull(),
    /** `requested` (the provider asked, no word yet), `pending`, `succeeded`, `failed` (refused: nothing recorded). */
    state: text('state').notNull(),
    providerRefundId: text('provider_refund_id'),
    failureReason: text('failure_reason'),
    paymentId: optionalReference('payment_id', () => payments.id),
    createdBy: optionalReference('created_by', () => users.id),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('online_refunds_payment').on(t.paymentId),
    index('online_refunds_order').on(t.orderId),
    check('online_refunds_state', sql`${t.state} in ('requested', 'pending', 'succeeded', 'failed')`),
    check('online_refunds_amount', sql`${t.amountMinor} > 0`),
    tenantTarget('online_refunds_org_id', t),
    tenantKey('online_refunds_org_order_fk', t, t.orderId, paymentOrders),
    tenantKey('online_refunds_org_invoice_fk', t, t.invoiceId, invoices),
    tenantKey('online_refunds_org_payment_fk', t, t.paymentId, payments),
    tenantKey('online_refunds_org_created_by_fk', t, t.createdBy, users),
  ],
);
