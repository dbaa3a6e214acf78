/**
 * Sales and money. An invoice is one sale to a member; its lines, installments, payments, coupon
 * use, stock movements, entitlement grants (`entitlements.ts`) and commission (`commission.ts`) are
 * written in the sale's transaction. Amounts are integers of minor units (`money`), in the
 * organisation's currency recorded on the invoice.
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { coupons } from './catalogue.ts';
import { createdAt, instant, money, reference, tenantKey, tenantTarget } from './columns.ts';
import { members } from './members.ts';
import { centerId, centers, organisationId, tenantRow, users } from './tenancy.ts';

export const invoices = pgTable(
  'invoices',
  {
    ...tenantRow(),
    centerId: centerId(),
    memberId: reference('member_id', () => members.id),
    /** The organisation's invoice counter when this one was issued: 1, 2, 3... without gaps. */
    seq: integer('seq').notNull(),
    /** `CWB-000123`: the centre's code and the sequence. */
    number: text('number').notNull(),
    /** The centre's business date of the sale. */
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    currencyCode: text('currency_code').notNull(),
    /** Sum of quantity × unit price. */
    subtotalMinor: money('subtotal_minor').notNull(),
    /** Line discounts and the coupon's. */
    discountMinor: money('discount_minor').notNull(),
    /** What the member owes: subtotal − discounts, tax included. */
    totalMinor: money('total_minor').notNull(),
    taxMinor: money('tax_minor').notNull(),
    /**
     * Money received, net of money returned: Σ payments − Σ refunds. Kept with the invoice's row
     * (locked by every payment and refund, so two cannot both take the last installment) and
     * checked against the payments by a property test.
     */
    paidMinor: money('paid_minor').notNull().default(0),
    /** What refunds cancelled (Σ refund items' credit): balance = total − refunded − paid. */
    refundedMinor: money('refunded_minor').notNull().default(0),
    /** `issued`, `partly_paid`, `paid`, `void`, `partly_refunded`, `refunded` (derived, stored for the filters). */
    state: text('state').notNull().default('issued'),
    couponId: uuid('coupon_id').references(() => coupons.id),
    offerId: uuid('offer_id'),
    note: text('note'),
    staffId: uuid('staff_id').references(() => users.id),
    voidReason: text('void_reason'),
    voidedAt: instant('voided_at'),
    voidedBy: uuid('voided_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    unique('invoices_org_seq').on(t.organisationId, t.seq),
    unique('invoices_org_number').on(t.organisationId, t.number),
    tenantTarget('invoices_org_id', t),
    index('invoices_org_issued').on(t.organisationId, t.issuedOn),
    index('invoices_member').on(t.memberId, t.issuedOn),
    index('invoices_org_center_state').on(t.organisationId, t.centerId, t.state),
    tenantKey('invoices_org_center_fk', t, t.centerId, centers),
    tenantKey('invoices_org_member_fk', t, t.memberId, members),
    check('invoices_state', sql`${t.state} in ('issued','partly_paid','paid','void','partly_refunded','refunded')`),
    check(
      'invoices_amounts',
      sql`${t.subtotalMinor} >= 0 and ${t.discountMinor} >= 0 and ${t.totalMinor} = ${t.subtotalMinor} - ${t.discountMinor}
        and ${t.taxMinor} >= 0 and ${t.taxMinor} <= ${t.totalMinor}`,
    ),
    // Never more received than owed, never more returned than received.
    check(
      'invoices_paid_bounds',
      sql`${t.paidMinor} >= 0 and ${t.refundedMinor} >= 0 and ${t.paidMinor} + ${t.refundedMinor} <= ${t.totalMinor}`,
    ),
    tenantKey('invoices_org_coupon_fk', t, t.couponId, coupons),
    tenantKey('invoices_org_staff_fk', t, t.staffId, users),
    tenantKey('invoices_org_voided_by_fk', t, t.voidedBy, users),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    ...tenantRow(),
    invoiceId: reference('invoice_id', () => invoices.id),
    lineNo: integer('line_no').notNull(),
    /** `membership`, `package`, `short_course`, `product`, `product_set`, or `fee` (a late cancel or no-show; `item_id` is the booking). */
    itemType: text('item_type').notNull(),
    itemId: uuid('item_id').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    /** The catalogue price when sold; `unitPriceMinor` differs only by a price override (permission, reason, audited). */
    listPriceMinor: money('list_price_minor').notNull(),
    unitPriceMinor: money('unit_price_minor').notNull(),
    priceOverrideReason: text('price_override_reason'),
    /** The line's own discount. */
    discountMinor: money('discount_minor').notNull().default(0),
    /** This line's share of the coupon's discount. */
    couponDiscountMinor: money('coupon_discount_minor').notNull().default(0),
    /** quantity × unit price − discounts: what the line costs, tax included. */
    totalMinor: money('total_minor').notNull(),
    taxRateBp: integer('tax_rate_bp').notNull(),
    taxMinor: money('tax_minor').notNull(),
    /** The staff member credited with the sale (commission); by default the one at the desk. */
    soldById: uuid('sold_by_id').references(() => users.id),
  },
  (t) => [
    unique('invoice_lines_invoice_no').on(t.invoiceId, t.lineNo),
    index('invoice_lines_item').on(t.organisationId, t.itemType, t.itemId),
    index('invoice_lines_sold_by').on(t.soldById),
    check(
      'invoice_lines_type',
      sql`${t.itemType} in ('membership','package','short_course','product','product_set','fee')`,
    ),
    check('invoice_lines_quantity', sql`${t.quantity} between 1 and 10000`),
    check(
      'invoice_lines_amounts',
      sql`${t.unitPriceMinor} >= 0 and ${t.discountMinor} >= 0 and ${t.couponDiscountMinor} >= 0
        and ${t.totalMinor} = ${t.quantity} * ${t.unitPriceMinor} - ${t.discountMinor} - ${t.couponDiscountMinor}
        and ${t.totalMinor} >= 0 and ${t.taxMinor} >= 0 and ${t.taxMinor} <= ${t.totalMinor}`,
    ),
    tenantKey('invoice_lines_org_invoice_fk', t, t.invoiceId, invoices),
    tenantKey('invoice_lines_org_sold_by_fk', t, t.soldById, users),
    tenantTarget('invoice_lines_org_id', t),
  ],
);

/** Deposit (seq 0) and installments: due dates and amounts adding up to the invoice's total. */
export const installments = pgTable(
  'installments',
  {
    ...tenantRow(),
    invoiceId: reference('invoice_id', () => invoices.id),
    seq: integer('seq').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    amountMinor: money('amount_minor').notNull(),
  },
  (t) => [
    unique('installments_invoice_seq').on(t.invoiceId, t.seq),
    index('installments_org_due').on(t.organisationId, t.dueOn),
    check('installments_amount', sql`${t.amountMinor} > 0`),
    tenantKey('installments_org_invoice_fk', t, t.invoiceId, invoices),
    tenantTarget('installments_org_id', t),
  ],
);

/** Money in (`payment`) and money out (`refund`); amounts are positive, the kind gives the direction. Never updated. */
export const payments = pgTable(
  'payments',
  {
    ...tenantRow(),
    centerId: centerId(),
    invoiceId: reference('invoice_id', () => invoices.id),
    memberId: reference('member_id', () => members.id),
    kind: text('kind').notNull(),
    /** `cash`, `card`, `transfer`, or a method the organisation added. */
    method: text('method').notNull(),
    amountMinor: money('amount_minor').notNull(),
    /** Cash handed over and the change given back (cash only). */
    tenderedMinor: money('tendered_minor'),
    changeMinor: money('change_minor'),
    reference: text('reference'),
    reason: text('reason'),
    /** The payment a refund gives money back from. */
    refundOfId: uuid('refund_of_id'),
    staffId: uuid('staff_id').references(() => users.id),
    /** The centre's business date it was taken on. */
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('payments_invoice').on(t.invoiceId),
    index('payments_org_paid').on(t.organisationId, t.paidOn),
    index('payments_member').on(t.memberId),
    // An online payment's provider reference is recorded once per invoice: a webhook applied twice cannot pay twice.
    uniqueIndex('payments_online_once')
      .on(t.invoiceId, t.reference)
      .where(sql`${t.kind} = 'payment' and ${t.method} = 'online'`),
    tenantKey('payments_org_invoice_fk', t, t.invoiceId, invoices),
    check('payments_kind', sql`${t.kind} in ('payment','refund')`),
    // A refund may give no money back (a line not yet paid for is only cancelled).
    check('payments_amount', sql`${t.amountMinor} > 0 or (${t.kind} = 'refund' and ${t.amountMinor} = 0)`),
    check(
      'payments_change',
      sql`(${t.tenderedMinor} is null and ${t.changeMinor} is null) or (${t.tenderedMinor} - ${t.changeMinor} = ${t.amountMinor} and ${t.changeMinor} >= 0)`,
    ),
    tenantKey('payments_org_center_fk', t, t.centerId, centers),
    tenantKey('payments_org_member_fk', t, t.memberId, members),
    tenantKey('payments_org_staff_fk', t, t.staffId, users),
    tenantTarget('payments_org_id', t),
  ],
);

/** Which installments a payment paid, and how much of each: an installment's paid part is the sum. */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    organisationId: organisationId(),
    paymentId: reference('payment_id', () => payments.id),
    installmentId: reference('installment_id', () => installments.id),
    amountMinor: money('amount_minor').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.paymentId, t.installmentId] }),
    index('payment_allocations_installment').on(t.installmentId),
    check('payment_allocations_amount', sql`${t.amountMinor} > 0`),
    tenantKey('payment_allocations_org_payment_fk', t, t.paymentId, payments),
    tenantKey('payment_allocations_org_installment_fk', t, t.installmentId, installments),
  ],
);

/** What a refund gave back, per line: quantity (stock returned) and amount; for an entitlement, how it ended. */
export const refundItems = pgTable(
  'refund_items',
  {
    organisationId: organisationId(),
    refundId: reference('refund_id', () => payments.id),
    invoiceLineId: reference('invoice_line_id', () => invoiceLines.id),
    quantity: integer('quantity').notNull(),
    /** Money given back for the line. */
    amountMinor: money('amount_minor').notNull(),
    /**
     * What the line no longer costs: the returned part's value (all of an entitlement, or the returned
     * quantity's share) less what was paid for it and kept (the used part, a fee). Lowers the balance;
     * `refunded_minor` of the invoice is the sum.
     */
    creditMinor: money('credit_minor').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.refundId, t.invoiceLineId] }),
    index('refund_items_line').on(t.invoiceLineId),
    check(
      'refund_items_amounts',
      sql`${t.quantity} >= 0 and ${t.amountMinor} >= 0 and ${t.creditMinor} >= ${t.amountMinor}`,
    ),
    tenantKey('refund_items_org_refund_fk', t, t.refundId, payments),
    tenantKey('refund_items_org_invoice_line_fk', t, t.invoiceLineId, invoiceLines),
  ],
);

/** One use of a coupon by a sale; a voided sale releases it. */
export const couponUses = pgTable(
  'coupon_uses',
  {
    ...tenantRow(),
    couponId: reference('coupon_id', () => coupons.id),
    invoiceId: reference('invoice_id', () => invoices.id),
    memberId: reference('member_id', () => members.id),
    discountMinor: money('discount_minor').notNull(),
    releasedAt: instant('released_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('coupon_uses_coupon').on(t.couponId, t.memberId),
    uniqueIndex('coupon_uses_invoice').on(t.invoiceId),
    tenantKey('coupon_uses_org_coupon_fk', t, t.couponId, coupons),
    tenantKey('coupon_uses_org_invoice_fk', t, t.invoiceId, invoices),
    tenantKey('coupon_uses_org_member_fk', t, t.memberId, members),
  ],
);
