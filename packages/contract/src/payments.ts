/**
 * Online payments: the payment provider's settings, orders (one online payment attempt each, its id
 * public), pay links, the member's and the invoice's public payment ids, and the public pages'
 * answers. Amounts are integers of minor units of the currency named beside them.
 */
import { z } from 'zod';
import { languageSchema } from './auth.ts';
import { EXPORT_FORMATS, isoDateSchema } from './members.ts';
import { positiveAmountSchema } from './money.ts';
import { listQuerySchema, pageOf } from './pagination.ts';
import { refundRequestSchema } from './sales.ts';
import { text } from './text.ts';

/** The providers an organisation may choose. */
export const PAYMENT_PROVIDERS = ['simulated', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
/** Every provider the webhook address may name (a provider's events come to `/webhooks/payments/{provider}`). */
export const paymentProviderSchema = z.enum(PAYMENT_PROVIDERS);

/** The method a payment recorded from an online order carries (beside cash, card, transfer and the organisation's own). */
export const ONLINE_PAYMENT_METHOD = 'online';

/**
 * An order's states: `created` (written, the provider not yet asked), `pending` (a checkout is open
 * at the provider, or its money is on its way), `unknown` (the provider did not answer when asked to
 * open it), and the outcomes `succeeded`, `failed`, `canceled`, `expired`.
 */
export const ORDER_STATES = ['created', 'pending', 'unknown', 'succeeded', 'failed', 'canceled', 'expired'] as const;
export type OrderState = (typeof ORDER_STATES)[number];
/** The states in which an order still waits for the provider's word (the janitor asks about them). */
export const OPEN_ORDER_STATES = ['created', 'pending', 'unknown'] as const satisfies readonly OrderState[];

/**
 * The allowed moves of an order, written once. An outcome is final for the member's page, but money
 * the provider says it took is always recorded: a failed, canceled or expired order may still
 * become `succeeded` (a late success of the same checkout). Nothing leaves `succeeded`.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderState, readonly OrderState[]>> = {
  created: ['pending', 'unknown', 'succeeded', 'failed', 'canceled', 'expired'],
  unknown: ['pending', 'succeeded', 'failed', 'canceled', 'expired'],
  pending: ['succeeded', 'failed', 'canceled', 'expired'],
  failed: ['succeeded'],
  canceled: ['succeeded'],
  expired: ['succeeded'],
  succeeded: [],
};

/** Whether an order in state `from` may move to `to` (staying where it is is no move). */
export const canMoveOrder = (from: OrderState, to: OrderState): boolean => ORDER_TRANSITIONS[from].includes(to);

/** Why an order waits for staff: the money taken differs from the order, or the invoice changed meanwhile. */
export const ORDER_REVIEW_REASONS = ['amount_mismatch', 'currency_mismatch', 'invoice_changed'] as const;
export type OrderReviewReason = (typeof ORDER_REVIEW_REASONS)[number];

/** The outcomes the simulated provider's checkout page offers. */
export const SIMULATED_OUTCOMES = ['success', 'decline', 'action', 'pending', 'cancel'] as const;
export type SimulatedOutcome = (typeof SIMULATED_OUTCOMES)[number];
export const simulatedCheckoutParamsSchema = z.object({ sessionId: text().regex(/^cs_sim_[A-Za-z0-9_-]{16,64}$/) });
export const simulatedOutcomeRequestSchema = z.strictObject({ outcome: z.enum(SIMULATED_OUTCOMES) });
/** The simulated checkout session as its page shows it. */
export const simulatedSessionSchema = z.object({
  sessionId: z.string(),
  status: z.enum(['open', 'requires_action', 'processing', 'paid', 'failed', 'canceled', 'expired']),
  amount: z.number().int(),
  currency: z.string(),
  description: z.string(),
  merchantName: z.string(),
  expiresAt: z.string(),
  /** Where the member goes back to (the order's status page). */
  returnUrl: z.string(),
});
export type SimulatedSession = z.infer<typeof simulatedSessionSchema>;

// --- Settings ----------------------------------------------------------------------------------

const secretSchema = text().trim().min(8).max(500);

/**
 * `PUT /pro/payment-settings`. Secrets are written, never read back: a given `webhookSecret` becomes
 * the newest signing secret and the one before stays valid beside it (a rotation) until
 * `retireOldWebhookSecrets`; the simulated provider makes its own when none is given.
 */
export const paymentSettingsRequestSchema = z.strictObject({
  provider: paymentProviderSchema,
  secretKey: secretSchema.optional(),
  webhookSecret: secretSchema.optional(),
  retireOldWebhookSecrets: z.boolean().optional(),
});
export type PaymentSettingsRequest = z.infer<typeof paymentSettingsRequestSchema>;

// --- Payment reminders -------------------------------------------------------------------------

/** Days from a due date a reminder goes out by default: three days before, one, three and seven after. */
export const DEFAULT_REMINDER_OFFSETS = [-3, 1, 3, 7] as const;
export const MAX_REMINDER_OFFSETS = 8;
const timeOfDaySchema = text().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time_format');

/** The organisation's payment reminders and the overdue booking block (`PUT /pro/payment-settings/reminders`). */
export const reminderSettingsSchema = z.strictObject({
  enabled: z.boolean(),
  offsets: z
    .array(z.number().int().min(-30).max(90))
    .max(MAX_REMINDER_OFFSETS)
    .refine((o) => new Set(o).size === o.length, 'offsets_unique'),
  /** The centre's daytime, on its wall clock, in which reminders go out (`HH:MM`, start before end). */
  windowStart: timeOfDaySchema,
  windowEnd: timeOfDaySchema,
  /** Class bookings are refused once a debt is this many days overdue; null: never. */
  blockBookingsAfterDays: z.number().int().min(1).max(365).nullable(),
});
/** The window's end must come after its start (checked by the server, naming `windowEnd`). */
export const reminderWindowValid = (s: Pick<ReminderSettings, 'windowStart' | 'windowEnd'>) =>
  s.windowStart < s.windowEnd;
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;
export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = {
  enabled: true,
  offsets: [...DEFAULT_REMINDER_OFFSETS],
  windowStart: '09:00',
  windowEnd: '20:00',
  blockBookingsAfterDays: null,
};

export const REMINDER_OUTCOMES = ['sent', 'skipped', 'no_email'] as const;
/** One reminder as staff see it on the member file: when, which offset of which debt, and its link. */
export const paymentReminderSchema = z.object({
  id: z.uuid(),
  at: z.string(),
  invoiceId: z.uuid(),
  invoiceNumber: z.string(),
  installmentId: z.uuid().nullable(),
  dueOn: z.string(),
  offsetDays: z.number().int(),
  outcome: z.enum(REMINDER_OUTCOMES),
  amount: z.number().int(),
  currency: z.string(),
  sentTo: z.string().nullable(),
  /** The pay link it carried (its public address), when sent. */
  url: z.string().nullable(),
});
export type PaymentReminder = z.infer<typeof paymentReminderSchema>;
export const paymentReminderListSchema = z.object({ items: z.array(paymentReminderSchema) });

/** A secret as the API shows it: never its value, its last four characters behind dots. */
export const maskedSecretSchema = z.object({ masked: z.string(), createdAt: z.string() });
export const paymentSettingsSchema = z.object({
  provider: paymentProviderSchema,
  secretKey: maskedSecretSchema.nullable(),
  /** Newest first; two while one is being rotated. */
  webhookSecrets: z.array(maskedSecretSchema),
  /** Where the provider sends its events. */
  webhookUrl: z.string(),
  reminders: reminderSettingsSchema,
});
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

// --- Pay links ---------------------------------------------------------------------------------

export const PAY_LINK_KINDS = ['balance', 'installment', 'amount'] as const;
/** `outdated`: a fixed amount more than is still owed (paid otherwise meanwhile, in part). */
export const PAY_LINK_STATES = ['active', 'paid', 'expired', 'revoked', 'outdated'] as const;
export type PayLinkState = (typeof PAY_LINK_STATES)[number];
/** Days a pay link stays valid unless staff choose otherwise. */
export const PAY_LINK_DEFAULT_DAYS = 7;
export const PAY_LINK_MAX_DAYS = 90;

/**
 * `POST /pro/pay-links`: an invoice's open balance (`invoiceId`), one installment's open part
 * (`installmentId`), or a free amount of an invoice's balance with a description (`invoiceId`,
 * `amount`, `description`). Expires after `PAY_LINK_DEFAULT_DAYS` unless `expiresAt` says.
 */
export const payLinkCreateSchema = z.strictObject({
  invoiceId: z.uuid().optional(),
  installmentId: z.uuid().optional(),
  amount: positiveAmountSchema.optional(),
  description: text().trim().min(1).max(200).optional(),
  expiresAt: z.iso.datetime({ offset: true }).optional(),
});
export type PayLinkCreate = z.infer<typeof payLinkCreateSchema>;

export const payLinkSchema = z.object({
  id: z.string(),
  token: z.string(),
  url: z.string(),
  kind: z.enum(PAY_LINK_KINDS),
  amount: z.number().int(),
  currency: z.string(),
  state: z.enum(PAY_LINK_STATES),
  expiresAt: z.string(),
  description: z.string().nullable(),
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  installmentId: z.string().nullable(),
  member: z.object({ id: z.string(), name: z.string() }),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** The order that paid it. */
  orderId: z.string().nullable(),
});
export type PayLink = z.infer<typeof payLinkSchema>;
export const payLinkListQuerySchema = listQuerySchema.extend({
  state: z.enum(PAY_LINK_STATES).optional(),
  memberId: z.uuid().optional(),
  invoiceId: z.uuid().optional(),
});
export const payLinkListResponseSchema = pageOf(payLinkSchema);
export const payLinkExportQuerySchema = payLinkListQuerySchema
  .omit({ page: true, pageSize: true })
  .extend({ format: z.enum(EXPORT_FORMATS) });
/** `POST /pro/pay-links/{id}/email`: where the link was sent (the member's address). */
export const payLinkEmailResponseSchema = z.object({ to: z.string() });

/** A pay link's token in an address: random, at least 128 bits, URL-safe. */
export const payLinkTokenParamsSchema = z.object({ token: text().regex(/^[A-Za-z0-9_-]{22,64}$/) });

/** Who the public pages name: the centre, whom to contact, the member's language. */
const publicPlaceSchema = z.object({
  organisationName: z.string(),
  centerName: z.string(),
  centerPhone: z.string().nullable(),
  centerEmail: z.string().nullable(),
  /** The member's language (else the organisation's). */
  language: languageSchema,
  currency: z.string(),
});

/** `GET /public/pay-links/{token}`: what the pay link's page shows. */
export const publicPayLinkSchema = publicPlaceSchema.extend({
  state: z.enum(PAY_LINK_STATES),
  amount: z.number().int(),
  description: z.string().nullable(),
  memberFirstName: z.string(),
  invoiceNumber: z.string(),
  /** The installment's due date. */
  dueOn: z.string().nullable(),
  expiresAt: z.string(),
});
export type PublicPayLink = z.infer<typeof publicPayLinkSchema>;

/** What a checkout request answers: the order and where to pay it. */
export const checkoutResponseSchema = z.object({ orderId: z.string(), checkoutUrl: z.string() });
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

// --- Orders ------------------------------------------------------------------------------------

export const orderIdParamsSchema = z.object({ orderId: z.uuid() });
/** `GET /public/orders/{orderId}`: the order as its status page follows it. */
export const publicOrderSchema = z.object({
  state: z.enum(ORDER_STATES),
  amount: z.number().int(),
  currency: z.string(),
  /** The receipt (PDF) once the payment is recorded. */
  receiptUrl: z.string().optional(),
  /** Why it did not go through (the provider's words), for a failure. */
  failureReason: z.string().optional(),
  /** Where to try again, for a failure, a cancel or an expiry. */
  retryUrl: z.string().optional(),
  organisationName: z.string(),
  centerName: z.string(),
  language: languageSchema,
});
export type PublicOrder = z.infer<typeof publicOrderSchema>;

export const onlinePaymentSchema = z.object({
  id: z.string(),
  state: z.enum(ORDER_STATES),
  amount: z.number().int(),
  currency: z.string(),
  provider: z.string(),
  providerReference: z.string().nullable(),
  /** `recorded`: its payments are on the invoices; `review`: money taken that staff must look at; `none`: no money (yet). */
  reconciliation: z.enum(['recorded', 'review', 'none']),
  reviewReason: z.enum(ORDER_REVIEW_REASONS).nullable(),
  member: z.object({ id: z.string(), name: z.string() }),
  center: z.object({ id: z.string(), name: z.string() }),
  invoices: z.array(z.object({ id: z.string(), number: z.string(), amount: z.number().int() })),
  payLinkId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OnlinePayment = z.infer<typeof onlinePaymentSchema>;
export const onlinePaymentListQuerySchema = listQuerySchema.extend({
  state: z.enum(ORDER_STATES).optional(),
  review: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  memberId: z.uuid().optional(),
  centerId: z.uuid().optional(),
  /** Business dates (inclusive) of the order's creation, in the caller's centre's time zone. */
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
});
export const onlinePaymentListResponseSchema = pageOf(onlinePaymentSchema);
export const onlinePaymentExportQuerySchema = onlinePaymentListQuerySchema
  .omit({ page: true, pageSize: true })
  .extend({ format: z.enum(EXPORT_FORMATS) });

// --- The member's and the invoice's public payment pages -----------------------------------------

/** The member's public payment id (`student_uuid`), and the address of their payment page. */
export const memberPaymentIdSchema = z.object({ studentUuid: z.string(), url: z.string() });
/** An invoice's public id (`transaction_uuid`), and the address of its payment page. */
export const invoicePaymentIdSchema = z.object({ transactionUuid: z.string(), url: z.string() });

export const memberPaymentParamsSchema = z.object({ studentUuid: z.uuid(), date: isoDateSchema });
export const transactionParamsSchema = z.object({ transactionUuid: z.uuid() });

/** One thing owed: an installment, or an invoice without installments. `key` names it in a checkout. */
export const owedLineSchema = z.object({
  key: z.string(),
  invoiceNumber: z.string(),
  description: z.string(),
  dueOn: z.string(),
  amount: z.number().int(),
});
export type OwedLine = z.infer<typeof owedLineSchema>;

/** `GET /public/payments/{studentUuid}/{date}`: what the member owes up to that date. */
export const publicOwedSchema = publicPlaceSchema.extend({
  memberFirstName: z.string(),
  date: z.string(),
  lines: z.array(owedLineSchema),
  total: z.number().int(),
});
export type PublicOwed = z.infer<typeof publicOwedSchema>;
/** `POST /public/payments/{studentUuid}/{date}/checkout`: the lines to pay (all when omitted). */
export const owedCheckoutRequestSchema = z.strictObject({
  lines: z.array(z.uuid()).min(1).max(50).optional(),
});

/** `GET /public/transactions/{transactionUuid}`: one invoice's open balance. */
export const publicTransactionSchema = publicPlaceSchema.extend({
  memberFirstName: z.string(),
  invoiceNumber: z.string(),
  issuedOn: z.string(),
  total: z.number().int(),
  paid: z.number().int(),
  balance: z.number().int(),
  lines: z.array(z.object({ description: z.string(), quantity: z.number().int(), total: z.number().int() })),
});
export type PublicTransaction = z.infer<typeof publicTransactionSchema>;

export const webhookParamsSchema = z.object({ provider: paymentProviderSchema });
export const webhookAnswerSchema = z.object({ received: z.literal(true) });

/** Domain events of online payments. */
export const PAYMENT_EVENTS = {
  webhookReceived: 'payment.webhook_received',
  onlinePaymentReceived: 'payment.online_received',
} as const;

/**
 * A refund of an online payment, given back through the provider: the desk refund's request
 * (reason, lines, amounts; the money rules are the desk's) for one invoice the order paid.
 */
export const onlineRefundRequestSchema = refundRequestSchema.omit({ method: true }).extend({ invoiceId: z.uuid() });
export type OnlineRefundRequest = z.input<typeof onlineRefundRequestSchema>;
/** `requested`: the provider asked, its answer not yet had; `pending`/`succeeded`: taken (and recorded); `failed`: refused, nothing recorded. */
export const ONLINE_REFUND_STATES = ['requested', 'pending', 'succeeded', 'failed'] as const;
export const onlineRefundSchema = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  invoiceId: z.uuid(),
  amount: z.number().int(),
  currency: z.string(),
  state: z.enum(ONLINE_REFUND_STATES),
  providerRefundId: z.string().nullable(),
  /** The refund as recorded on the invoice (null until the provider took it). */
  paymentId: z.uuid().nullable(),
});
export type OnlineRefund = z.infer<typeof onlineRefundSchema>;
