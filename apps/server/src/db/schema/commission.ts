/**
 * Commission: its rules, and what staff earned on a sale's paid lines (modules/sales) or on a
 * completed PT session (modules/pt). Above both sales and PT, which it names.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, money, reference, tenantKey } from './columns.ts';
import { ptSessions } from './pt.ts';
import { invoiceLines, payments } from './sales.ts';
import { tenantRow, users } from './tenancy.ts';

/** Commission rules: per staff member (or per role when `staffId` is null), per item type. */
export const commissionRules = pgTable(
  'commission_rules',
  {
    ...tenantRow(),
    staffId: uuid('staff_id').references(() => users.id),
    role: text('role'),
    /** `membership`, `package`, `short_course`, `product`, `product_set`, or `any`. */
    itemType: text('item_type').notNull(),
    /** `percent` of the paid amount, or `fixed` per item (credited in proportion as the line is paid). */
    kind: text('kind').notNull(),
    percentBp: integer('percent_bp').notNull().default(0),
    amountMinor: money('amount_minor').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('commission_rules_org').on(t.organisationId),
    check('commission_rules_who', sql`(${t.staffId} is null) <> (${t.role} is null)`),
    check('commission_rules_kind', sql`${t.kind} in ('percent','fixed')`),
    check(
      'commission_rules_type',
      sql`${t.itemType} in ('membership','package','short_course','product','product_set','pt_session','any')`,
    ),
    tenantKey('commission_rules_org_staff_fk', t, t.staffId, users),
  ],
);

/** Commission credited (positive, when a line is paid) and reversed (negative, on refund). Never updated. */
export const commissionEntries = pgTable(
  'commission_entries',
  {
    ...tenantRow(),
    staffId: reference('staff_id', () => users.id),
    /** A sale's commission: the line and the payment (or refund) that earned it; null for a PT session's. */
    invoiceLineId: uuid('invoice_line_id').references(() => invoiceLines.id),
    paymentId: uuid('payment_id').references(() => payments.id),
    /** A trainer's commission on a completed PT session (modules/pt); null for a sale's. */
    ptSessionId: uuid('pt_session_id').references((): AnyPgColumn => ptSessions.id),
    amountMinor: money('amount_minor').notNull(),
    earnedOn: date('earned_on', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('commission_entries_staff').on(t.organisationId, t.staffId, t.earnedOn),
    index('commission_entries_line').on(t.invoiceLineId),
    uniqueIndex('commission_entries_pt_session').on(t.ptSessionId),
    check(
      'commission_entries_source',
      sql`(${t.invoiceLineId} is not null and ${t.paymentId} is not null) <> (${t.ptSessionId} is not null)`,
    ),
    tenantKey('commission_entries_org_payment_fk', t, t.paymentId, payments),
    tenantKey('commission_entries_org_staff_fk', t, t.staffId, users),
    tenantKey('commission_entries_org_invoice_line_fk', t, t.invoiceLineId, invoiceLines),
    tenantKey('commission_entries_org_pt_session_fk', t, t.ptSessionId, ptSessions),
  ],
);
