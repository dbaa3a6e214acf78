import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant, money, reference, tenantKey, tenantTarget, timestamps } from './columns.ts';
import { centerId, centers, tenantRow, users } from './tenancy.ts';

/** The organisation's own list of expenditure categories (rent, utilities, supplies, ...). */
export const expenditureCategories = pgTable(
  'expenditure_categories',
  {
    ...tenantRow(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('expenditure_categories_org_name').on(t.organisationId, sql`lower(${t.name})`),
    tenantTarget('expenditure_categories_org_id', t),
  ],
);

/**
 * Money paid out by a centre. Amounts are integers of minor units; `date` is the centre's business
 * date. A deleted expenditure stays (with who, when and why) and leaves every list and total.
 * The receipt's bytes live under `DATA_DIR/receipts/<organisation>/<key>`; the row keeps the key.
 */
export const expenditures = pgTable(
  'expenditures',
  {
    ...tenantRow(),
    centerId: centerId(),
    date: date('date', { mode: 'string' }).notNull(),
    categoryId: reference('category_id', () => expenditureCategories.id),
    amount: money('amount').notNull(),
    taxAmount: money('tax_amount').notNull().default(0),
    supplier: text('supplier'),
    method: text('method').notNull(),
    note: text('note'),
    receiptKey: text('receipt_key'),
    receiptName: text('receipt_name'),
    receiptType: text('receipt_type'),
    receiptSize: integer('receipt_size'),
    recordedBy: reference('recorded_by', () => users.id),
    ...timestamps(),
    deletedAt: instant('deleted_at'),
    deletedBy: uuid('deleted_by').references(() => users.id),
    deleteReason: text('delete_reason'),
  },
  (t) => [
    index('expenditures_org_center_date').on(t.organisationId, t.centerId, t.date),
    tenantKey('expenditures_org_center_fk', t, t.centerId, centers),
    tenantKey('expenditures_org_category_fk', t, t.categoryId, expenditureCategories),
    tenantKey('expenditures_org_recorded_by_fk', t, t.recordedBy, users),
    check('expenditures_amounts', sql`${t.amount} >= 0 and ${t.taxAmount} >= 0 and ${t.taxAmount} <= ${t.amount}`),
    check('expenditures_method', sql`${t.method} in ('cash', 'card', 'bank_transfer', 'other')`),
    tenantKey('expenditures_org_deleted_by_fk', t, t.deletedBy, users),
  ],
);
