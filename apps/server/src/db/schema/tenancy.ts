import type { OpeningDay } from '@gym/contract/centers';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, instant, reference, tenantKey, tenantTarget, timestamps } from './columns.ts';

/** The organisation a row belongs to. */
export const organisationId = () => reference('organisation_id', () => organisations.id);
/** A row of an organisation: its id and its organisation. */
export const tenantRow = () => ({ id: id(), organisationId: organisationId() });
/** A required reference to a centre (kept inside the organisation by a `tenantKey`). */
export const centerId = () => reference('center_id', () => centers.id);

export const organisations = pgTable(
  'organisations',
  {
    id: id(),
    name: text('name').notNull(),
    initial: text('initial').notNull().unique(),
    /** System configuration (`@gym/contract/config`); missing keys take the defaults. */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** Last member code sequence number handed out; bumped with `update ... returning` so codes never repeat. */
    memberSeq: integer('member_seq').notNull().default(0),
    /** Last invoice sequence number; bumped in the sale's transaction, so numbers have no gaps and no duplicates. */
    invoiceSeq: integer('invoice_seq').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [check('organisations_initial_format', sql`${t.initial} ~ '^[A-Z][A-Z0-9]{1,9}$'`)],
);

export const centers = pgTable(
  'centers',
  {
    ...tenantRow(),
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
    createdAt: createdAt(),
  },
  (t) => [
    unique('centers_org_code').on(t.organisationId, t.code),
    index('centers_org').on(t.organisationId),
    // Target of the composite keys that keep every centre reference inside its organisation.
    tenantTarget('centers_org_id', t),
  ],
);

export const users = pgTable(
  'users',
  {
    ...tenantRow(),
    email: text('email').notNull().unique(),
    fullName: text('full_name').notNull(),
    /** null until an invited staff member chooses a password. */
    passwordHash: text('password_hash'),
    role: text('role').notNull(),
    phone: text('phone'),
    isTrainer: boolean('is_trainer').notNull().default(false),
    lastLoginAt: instant('last_login_at'),
    /** true: every centre of the organisation; false: only those in user_centers. */
    allCenters: boolean('all_centers').notNull().default(true),
    active: boolean('active').notNull().default(true),
    language: text('language').notNull().default('en'),
    skin: text('skin').notNull().default('light'),
    layout: text('layout').notNull().default('vertical'),
    ...timestamps(),
  },
  (t) => [
    index('users_org').on(t.organisationId),
    tenantTarget('users_org_id', t),
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
    centerId: centerId(),
    organisationId: organisationId(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.centerId] }),
    tenantKey('user_centers_org_user_fk', t, t.userId, users).onDelete('cascade'),
    tenantKey('user_centers_org_center_fk', t, t.centerId, centers),
  ],
);

/** Server-wide secrets generated on first start (e.g. the token signing key), shared by every API server. */
export const appSecrets = pgTable('app_secrets', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
