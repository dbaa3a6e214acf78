import type { OpeningDay } from '@gym/contract/centers';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

export const organisations = pgTable(
  'organisations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    initial: text('initial').notNull().unique(),
    /** System configuration (`@gym/contract/config`); missing keys take the defaults. */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** Last member code sequence number handed out; bumped with `update ... returning` so codes never repeat. */
    memberSeq: integer('member_seq').notNull().default(0),
    /** Last invoice sequence number; bumped in the sale's transaction, so numbers have no gaps and no duplicates. */
    invoiceSeq: integer('invoice_seq').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('organisations_initial_format', sql`${t.initial} ~ '^[A-Z][A-Z0-9]{1,9}$'`)],
);

export const centers = pgTable(
  'centers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    timeZone: text('time_zone').notNull(),
    /** ISO 3166 country (HK, DE, ...): the default country of phone numbers typed without one. */
    country: text('country'),
    /** The organisation's currency's symbol unless the centre writes it otherwise; no default. */
    currencySymbol: text('currency_symbol').notNull(),
    /** ISO 4217 code (contract `currency.ts` holds its minor-unit exponent). */
    currencyCode: text('currency_code').notNull(),
    address: text('address'),
    phone: text('phone'),
    email: text('email'),
    openingHours: jsonb('opening_hours').$type<OpeningDay[]>().notNull().default([]),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('centers_org_code').on(t.organisationId, t.code),
    index('centers_org').on(t.organisationId),
    // Target of the composite keys that keep every centre reference inside its organisation.
    unique('centers_org_id').on(t.organisationId, t.id),
  ],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    email: text('email').notNull().unique(),
    fullName: text('full_name').notNull(),
    /** null until an invited staff member chooses a password. */
    passwordHash: text('password_hash'),
    role: text('role').notNull(),
    phone: text('phone'),
    isTrainer: boolean('is_trainer').notNull().default(false),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** true: every centre of the organisation; false: only those in user_centers. */
    allCenters: boolean('all_centers').notNull().default(true),
    active: boolean('active').notNull().default(true),
    language: text('language').notNull().default('en'),
    skin: text('skin').notNull().default('light'),
    layout: text('layout').notNull().default('vertical'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('users_org').on(t.organisationId),
    unique('users_org_id').on(t.organisationId, t.id),
    check(
      'users_role_known',
      sql`${t.role} in ('admin','developer','client','manager','frontdesk','trainer','accountant')`,
    ),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

export const userCenters = pgTable(
  'user_centers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    centerId: uuid('center_id')
      .notNull()
      .references(() => centers.id),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.centerId] }),
    foreignKey({
      name: 'user_centers_org_user_fk',
      columns: [t.organisationId, t.userId],
      foreignColumns: [users.organisationId, users.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'user_centers_org_center_fk',
      columns: [t.organisationId, t.centerId],
      foreignColumns: [centers.organisationId, centers.id],
    }),
  ],
);

/** Server-wide secrets generated on first start (e.g. the token signing key), shared by every API server. */
export const appSecrets = pgTable('app_secrets', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
