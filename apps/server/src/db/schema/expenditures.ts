import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { centers, organisations, users } from './tenancy.ts';

/** The organisation's own list of expenditure categories (rent, utilities, supplies, ...). */
export const expenditureCategories = pgTable(
  'expenditure_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('expenditure_categories_org_name').on(t.organisationId, sql`lower(${t.name})`),
    unique('expenditure_categories_org_id').on(t.organisationId, t.id),
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
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    centerId: uuid('center_id')
      .notNull()
      .references(() => centers.id),
    date: date('date', { mode: 'string' }).notNull(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => expenditureCategories.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    taxAmount: bigint('tax_amount', { mode: 'number' }).notNull().default(0),
    supplier: text('supplier'),
    method: text('method').notNull(),
    note: text('note'),
    receiptKey: text('receipt_key'),
    receiptName: text('receipt_name'),
    receiptType: text('receipt_type'),
    receiptSize: integer('receipt_size'),
    recordedBy: uuid('recorded_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: uuid('deleted_by').references(() => users.id),
    deleteReason: text('delete_reason'),
  },
  (t) => [
    index('expenditures_org_center_date').on(t.organisationId, t.centerId, t.date),
    foreignKey({
      name: 'expenditures_org_center_fk',
      columns: [t.organisationId, t.centerId],
      foreignColumns: [centers.organisationId, centers.id],
    }),
    foreignKey({
      name: 'expenditures_org_category_fk',
      columns: [t.organisationId, t.categoryId],
      foreignColumns: [expenditureCategories.organisationId, expenditureCategories.id],
    }),
    foreignKey({
      name: 'expenditures_org_recorded_by_fk',
      columns: [t.organisationId, t.recordedBy],
      foreignColumns: [users.organisationId, users.id],
    }),
    check('expenditures_amounts', sql`${t.amount} >= 0 and ${t.taxAmount} >= 0 and ${t.taxAmount} <= ${t.amount}`),
    check('expenditures_method', sql`${t.method} in ('cash', 'card', 'bank_transfer', 'other')`),
    foreignKey({
      name: 'expenditures_org_deleted_by_fk',
      columns: [t.organisationId, t.deletedBy],
      foreignColumns: [users.organisationId, users.id],
    }),
  ],
);
