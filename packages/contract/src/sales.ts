/**
 * Selling to a member: the sale (invoice, lines, coupon, installments, first payment), payments,
 * refunds, voids, and the member's entitlements with their ledger-derived state. Amounts are
 * integers of minor units (`@gym/contract/money`).
 */
import { z } from 'zod';
import { LANGUAGES } from './constants.ts';
import { amountSchema, positiveAmountSchema, ZERO } from './money.ts';
import { listQuerySchema, pageOf } from './pagination.ts';
import { text } from './text.ts';
import { isBusinessDate } from './time.ts';

export const SALE_ITEM_TYPES = ['membership', 'package', 'short_course', 'product', 'product_set'] as const;
export type SaleItemType = (typeof SALE_ITEM_TYPES)[number];
/** Item types that grant an entitlement (one per line: quantity 1). */
export const ENTITLEMENT_ITEM_TYPES = ['membership', 'package', 'short_course'] as const;

export const businessDateSchema = z.string().refine(isBusinessDate, 'date_invalid');

/** Built-in payment methods; organisations add their own in `/system-config`. */
export const BUILT_IN_PAYMENT_METHODS = ['cash', 'card', 'transfer'] as const;
export const paymentMethodSchema = z.string().regex(/^[a-z][a-z0-9_]{1,30}$/, 'method_invalid');
/** A method staff take a payment by: any but `online`, which only a provider's confirmed payment records. */
export const deskPaymentMethodSchema = paymentMethodSchema.refine((m) => m !== 'online', 'method_online_only');

export const saleLineRequestSchema = z.strictObject({
  itemType: z.enum(SALE_ITEM_TYPES),
  itemId: z.uuid(),
  quantity: z.number().int().min(1).max(1000).default(1),
  /** A price other than the catalogue's: needs the price-override permission and a reason (audited). */
  unitPriceMinor: amountSchema.optional(),
  priceOverrideReason: text().trim().min(3).max(200).optional(),
  discountMinor: amountSchema.default(ZERO),
  /** The staff member credited with the line (commission); default: the seller. */
  soldById: z.uuid().optional(),
  /** Memberships whose plan starts on a chosen date. */
  startOn: businessDateSchema.optional(),
});

export const saleInstallmentSchema = z.strictObject({
  dueOn: businessDateSchema,
  /** Omitted: what is left after the deposit, split equally, the remainder on the last. */
  amountMinor: positiveAmountSchema.optional(),
});

export const salePaymentRequestSchema = z.strictObject({
  method: deskPaymentMethodSchema,
  amountMinor: positiveAmountSchema,
  /** Cash handed over (cash only); the change is computed. */
  tenderedMinor: positiveAmountSchema.optional(),
  reference: text().trim().max(100).optional(),
});

export const saleRequestSchema = z.strictObject({
  centerId: z.uuid(),
  lines: z.array(saleLineRequestSchema).min(1).max(50),
  couponCode: text().trim().min(1).max(40).optional(),
  offerId: z.uuid().optional(),
  note: text({ multiline: true }).trim().max(500).optional(),
  /** A deposit (due today) and installments; omitted: the whole total due today. */
  depositMinor: positiveAmountSchema.optional(),
  installments: z.array(saleInstallmentSchema).max(36).default([]),
  /** Taken now, in the sale's transaction; omitted: pay later. */
  payment: salePaymentRequestSchema.optional(),
});
export type SaleRequest = z.input<typeof saleRequestSchema>;

/** What an invoice line may be: a sold item, or a `fee` (a late cancel or a no-show, billed by the booking rules). */
export const INVOICE_LINE_TYPES = [...SALE_ITEM_TYPES, 'fee'] as const;
export type InvoiceLineType = (typeof INVOICE_LINE_TYPES)[number];

export const INVOICE_STATES = ['issued', 'partly_paid', 'paid', 'void', 'partly_refunded', 'refunded'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

const person = z.object({ id: z.string(), name: z.string() }).nullable();

export const invoiceLineSchema = z.object({
  id: z.string(),
  lineNo: z.number().int(),
  itemType: z.enum(INVOICE_LINE_TYPES),
  itemId: z.string(),
  description: z.string(),
  quantity: z.number().int(),
  listPriceMinor: z.number().int(),
  unitPriceMinor: z.number().int(),
  priceOverrideReason: z.string().nullable(),
  discountMinor: z.number().int(),
  couponDiscountMinor: z.number().int(),
  totalMinor: z.number().int(),
  taxRateBp: z.number().int(),
  taxMinor: z.number().int(),
  soldBy: person,
  refundedQuantity: z.number().int(),
  refundedMinor: z.number().int(),
  entitlementId: z.string().nullable(),
  /** Commission earned on the line (credited less reversed); null for a caller who may not read commission. */
  commissionMinor: z.number().int().nullable(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const installmentSchema = z.object({
  id: z.string(),
  seq: z.number().int(),
  dueOn: z.string(),
  amountMinor: z.number().int(),
  paidMinor: z.number().int(),
  /** Past due (before the centre's today) and not fully paid. */
  overdue: z.boolean(),
});
export type Installment = z.infer<typeof installmentSchema>;

export const paymentSchema = z.object({
  id: z.string(),
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  member: z.object({ id: z.string(), code: z.string(), name: z.string() }),
  center: z.object({ id: z.string(), code: z.string(), name: z.string() }),
  kind: z.enum(['payment', 'refund']),
  method: z.string(),
  amountMinor: z.number().int(),
  tenderedMinor: z.number().int().nullable(),
  changeMinor: z.number().int().nullable(),
  reference: z.string().nullable(),
  reason: z.string().nullable(),
  refundOfId: z.string().nullable(),
  staff: person,
  paidOn: z.string(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** Net, tax and gross per tax rate, as European invoices print them. */
export const taxBreakdownSchema = z.object({
  rateBp: z.number().int(),
  netMinor: z.number().int(),
  taxMinor: z.number().int(),
  grossMinor: z.number().int(),
});

export const invoiceSummarySchema = z.object({
  id: z.string(),
  number: z.string(),
  issuedOn: z.string(),
  member: z.object({ id: z.string(), code: z.string(), name: z.string() }),
  center: z.object({ id: z.string(), code: z.string(), name: z.string() }),
  currencyCode: z.string(),
  totalMinor: z.number().int(),
  paidMinor: z.number().int(),
  refundedMinor: z.number().int(),
  balanceMinor: z.number().int(),
  overdueMinor: z.number().int(),
  state: z.enum(INVOICE_STATES),
  staff: person,
  createdAt: z.string(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const invoiceSchema = invoiceSummarySchema.extend({
  subtotalMinor: z.number().int(),
  discountMinor: z.number().int(),
  taxMinor: z.number().int(),
  netMinor: z.number().int(),
  taxes: z.array(taxBreakdownSchema),
  coupon: z.object({ id: z.string(), code: z.string() }).nullable(),
  note: z.string().nullable(),
  voidReason: z.string().nullable(),
  lines: z.array(invoiceLineSchema),
  installments: z.array(installmentSchema),
  payments: z.array(paymentSchema),
  /** The next installment not fully paid. */
  nextDue: z.object({ dueOn: z.string(), amountMinor: z.number().int() }).nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceListQuerySchema = listQuerySchema.extend({
  centerId: z.uuid().optional(),
  memberId: z.uuid().optional(),
  state: z.enum([...INVOICE_STATES, 'unpaid']).optional(),
  method: paymentMethodSchema.optional(),
  from: businessDateSchema.optional(),
  to: businessDateSchema.optional(),
  overdue: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  sort: z
    .enum(['issuedOn', '-issuedOn', 'number', '-number', 'total', '-total', 'balance', '-balance'])
    .default('-issuedOn'),
});
export const invoiceExportQuerySchema = invoiceListQuerySchema
  .omit({ page: true, pageSize: true })
  .extend({ format: z.enum(['csv', 'xlsx']) });
export const invoiceListResponseSchema = pageOf(invoiceSummarySchema);
export const idParamsSchema = z.object({ id: z.uuid() });

export const paymentRequestSchema = salePaymentRequestSchema.extend({
  /** Installments to pay, in this order; omitted: the earliest due first. */
  installmentIds: z.array(z.uuid()).max(40).optional(),
});

export const REFUND_MODES = ['whole', 'unused'] as const;
export const refundRequestSchema = z.strictObject({
  reason: text().trim().min(3).max(300),
  /** Where the money goes back; default the method of the last payment. */
  method: paymentMethodSchema.optional(),
  lines: z
    .array(
      z.strictObject({
        lineId: z.uuid(),
        /** Products and sets: how many come back (returned to stock); entitlements: 1. */
        quantity: z.number().int().min(1).max(10000).default(1),
        /** Money given back for this line; default: what was paid for it (`whole`) or for what is unused (`unused`). */
        amountMinor: amountSchema.optional(),
        /** Entitlements: refund what is unused (pro rata of credits or days left) or the whole. */
        mode: z.enum(REFUND_MODES).default('whole'),
      }),
    )
    .min(1)
    .max(50),
});

export const voidRequestSchema = z.strictObject({ reason: text().trim().min(3).max(300) });

export const paymentListQuerySchema = listQuerySchema.extend({
  centerId: z.uuid().optional(),
  memberId: z.uuid().optional(),
  kind: z.enum(['payment', 'refund']).optional(),
  method: paymentMethodSchema.optional(),
  from: businessDateSchema.optional(),
  to: businessDateSchema.optional(),
  sort: z.enum(['createdAt', '-createdAt', 'amount', '-amount']).default('-createdAt'),
});
export const paymentListResponseSchema = pageOf(paymentSchema);

export const ENTITLEMENT_STATUSES = [
  'pending',
  'active',
  'frozen',
  'expired',
  'used_up',
  'transferred',
  'refunded',
] as const;

export const entitlementSchema = z.object({
  id: z.string(),
  kind: z.enum(['membership', 'package', 'short_course']),
  itemId: z.string(),
  name: z.string(),
  usage: z.string().nullable(),
  status: z.enum(ENTITLEMENT_STATUSES),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  frozen: z.boolean(),
  frozenFrom: z.string().nullable(),
  frozenUntil: z.string().nullable(),
  creditsGranted: z.number().int().nullable(),
  creditsLeft: z.number().int().nullable(),
  freezes: z.number().int(),
  maxFreezes: z.number().int(),
  maxFreezeDays: z.number().int(),
  invoiceId: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  /** The centre that sold it. */
  center: z.object({ id: z.string(), code: z.string() }),
  /** Where it may be used: every centre, or those listed. */
  allCenters: z.boolean(),
  centerIds: z.array(z.string()),
  createdAt: z.string(),
});
export type Entitlement = z.infer<typeof entitlementSchema>;
export const entitlementListResponseSchema = z.object({ items: z.array(entitlementSchema) });

export const ledgerEntrySchema = z.object({
  seq: z.number().int(),
  kind: z.string(),
  creditsDelta: z.number().int(),
  daysDelta: z.number().int(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  refType: z.string().nullable(),
  refId: z.string().nullable(),
  reason: z.string().nullable(),
  staff: person,
  effectiveOn: z.string(),
  createdAt: z.string(),
});
export const ledgerResponseSchema = z.object({ items: z.array(ledgerEntrySchema) });

/** Staff changes to an entitlement (each needs its permission, gives a reason, and appends a ledger row). */
export const entitlementActionSchema = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('freeze'),
    from: businessDateSchema,
    until: businessDateSchema,
    reason: text().trim().max(300).optional(),
  }),
  z.strictObject({
    action: z.literal('unfreeze'),
    on: businessDateSchema.optional(),
    reason: text().trim().max(300).optional(),
  }),
  z.strictObject({
    action: z.literal('extend'),
    days: z.number().int().min(1).max(3660),
    reason: text().trim().min(3).max(300),
  }),
  z.strictObject({
    action: z.literal('adjust'),
    credits: z.number().int().min(-10000).max(10000).default(0),
    days: z.number().int().min(-3660).max(3660).default(0),
    reason: text().trim().min(3).max(300),
  }),
  z.strictObject({ action: z.literal('transfer'), toMemberId: z.uuid(), reason: text().trim().min(3).max(300) }),
]);
export type EntitlementAction = z.infer<typeof entitlementActionSchema>;

/** The member file's money header: balance due, the overdue part, the next installment. */
export const memberAccountSchema = z.object({
  balanceMinor: z.number().int(),
  overdueMinor: z.number().int(),
  nextDue: z.object({ dueOn: z.string(), amountMinor: z.number().int(), invoiceId: z.string() }).nullable(),
  currencyCode: z.string(),
});
export type MemberAccount = z.infer<typeof memberAccountSchema>;

export const saleResponseSchema = invoiceSchema;
export const memberIdParamsSchema = z.object({ id: z.uuid() });
export const entitlementParamsSchema = z.object({ id: z.uuid(), entitlementId: z.uuid() });
export const quoteResponseSchema = z.object({
  subtotalMinor: z.number().int(),
  discountMinor: z.number().int(),
  totalMinor: z.number().int(),
  taxMinor: z.number().int(),
  lines: z.array(
    z.object({
      description: z.string(),
      quantity: z.number().int(),
      unitPriceMinor: z.number().int(),
      discountMinor: z.number().int(),
      couponDiscountMinor: z.number().int(),
      totalMinor: z.number().int(),
      taxMinor: z.number().int(),
    }),
  ),
  installments: z.array(z.object({ seq: z.number().int(), dueOn: z.string(), amountMinor: z.number().int() })),
});
export const entitlementListQuerySchema = z.object({
  includeEnded: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});

/** An invoice or receipt as a PDF: `receipt` is an 80 mm thermal receipt, `a4` an A4 invoice. */
export const INVOICE_PDF_LAYOUTS = ['a4', 'receipt'] as const;
export const invoicePdfQuerySchema = z.object({
  layout: z.enum(INVOICE_PDF_LAYOUTS).default('a4'),
  /** The language of the labels; default: the caller's. */
  lang: z.enum(LANGUAGES).optional(),
  /** The payment (or refund) the receipt shows; default: the invoice's last. */
  paymentId: z.uuid().optional(),
});
export type InvoicePdfQuery = z.infer<typeof invoicePdfQuerySchema>;

/** A rule for `pt_session` pays a trainer on each PT session they complete (modules/pt). */
export const COMMISSION_ITEM_TYPES = [...SALE_ITEM_TYPES, 'pt_session', 'any'] as const;
export const COMMISSION_ROLES = ['manager', 'frontdesk', 'trainer', 'accountant'] as const;

export const commissionRuleSchema = z.object({
  id: z.string(),
  staff: z.object({ id: z.string(), name: z.string() }).nullable(),
  role: z.string().nullable(),
  itemType: z.enum(COMMISSION_ITEM_TYPES),
  kind: z.enum(['percent', 'fixed']),
  percentBp: z.number().int(),
  amountMinor: z.number().int(),
  active: z.boolean(),
});
export type CommissionRule = z.infer<typeof commissionRuleSchema>;
export const commissionRuleListResponseSchema = z.object({ items: z.array(commissionRuleSchema) });
export const commissionRuleListQuerySchema = z.object({ staffId: z.uuid().optional() });

const commissionFor = { staff: { staffId: z.uuid() }, role: { role: z.enum(COMMISSION_ROLES) } };
const commissionValue = {
  percent: { kind: z.literal('percent'), percentBp: z.number().int().min(1).max(10_000) },
  fixed: { kind: z.literal('fixed'), amountMinor: positiveAmountSchema },
};
/** A rule for one staff member or for a role: a percentage of what is paid, or a fixed amount per item. */
export const createCommissionRuleRequestSchema = z.union([
  z.strictObject({ ...commissionFor.staff, itemType: z.enum(COMMISSION_ITEM_TYPES), ...commissionValue.percent }),
  z.strictObject({ ...commissionFor.staff, itemType: z.enum(COMMISSION_ITEM_TYPES), ...commissionValue.fixed }),
  z.strictObject({ ...commissionFor.role, itemType: z.enum(COMMISSION_ITEM_TYPES), ...commissionValue.percent }),
  z.strictObject({ ...commissionFor.role, itemType: z.enum(COMMISSION_ITEM_TYPES), ...commissionValue.fixed }),
]);
export const updateCommissionRuleRequestSchema = z.strictObject({ active: z.boolean() });

export const staffCommissionQuerySchema = z.object({ year: z.coerce.number().int().min(2000).max(2100) });
export const staffCommissionExportQuerySchema = staffCommissionQuerySchema.extend({ format: z.enum(['csv', 'xlsx']) });
export const staffCommissionMonthSchema = z.object({
  /** `YYYY-MM`. */
  month: z.string(),
  /** Lines this staff member sold in the month (invoices not void), and their total. */
  lines: z.number().int(),
  salesMinor: z.number().int(),
  /** Commission credited less reversed in the month. */
  commissionMinor: z.number().int(),
});
export const staffCommissionResponseSchema = z.object({
  staff: z.object({ id: z.string(), name: z.string(), role: z.string() }),
  year: z.number().int(),
  months: z.array(staffCommissionMonthSchema),
  totals: staffCommissionMonthSchema.omit({ month: true }),
});
export type StaffCommission = z.infer<typeof staffCommissionResponseSchema>;

/** What a member owes past due, as the desk and the door show it (`overdue 12 days, HKD 500.00`). */
export const overdueFlagSchema = z.object({
  days: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  /** Whether class bookings are refused for it (the organisation's setting). */
  blocksBookings: z.boolean(),
});
export type OverdueFlag = z.infer<typeof overdueFlagSchema>;
