import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
import { centers, organisations } from './tenancy.ts';

export const rooms = pgTable(
  'rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    centerId: uuid('center_id')
      .notNull()
      .references(() => centers.id),
    name: text('name').notNull(),
    capacity: integer('capacity').notNull(),
    notes: text('notes'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('rooms_center_name').on(t.centerId, sql`lower(${t.name})`),
    unique('rooms_org_id').on(t.organisationId, t.id),
    index('rooms_org').on(t.organisationId),
    foreignKey({
      name: 'rooms_org_center_fk',
      columns: [t.organisationId, t.centerId],
      foreignColumns: [centers.organisationId, centers.id],
    }),
    check('rooms_capacity_positive', sql`${t.capacity} > 0`),
  ],
);

/** Physical card readers. The secret is shown once and stored as a SHA-256 hash. */
export const readers = pgTable(
  'readers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    centerId: uuid('center_id')
      .notNull()
      .references(() => centers.id),
    name: text('name').notNull(),
    sn: text('sn').notNull(),
    secretHash: text('secret_hash').notNull(),
    active: boolean('active').notNull().default(true),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('readers_org_sn').on(t.organisationId, t.sn).where(sql`${t.deletedAt} is null`),
    index('readers_center').on(t.centerId),
    // The reader ingest finds a reader by its serial number alone (unique per organisation only).
    index('readers_sn').on(t.sn),
    foreignKey({
      name: 'readers_org_center_fk',
      columns: [t.organisationId, t.centerId],
      foreignColumns: [centers.organisationId, centers.id],
    }),
    unique('readers_org_id').on(t.organisationId, t.id),
  ],
);

/**
 * Scans received from physical readers (`POST /pro/readers/{sn}/scans`): one row per scan id and
 * reader, so that a retried scan is recognised and published once. The scan decides nothing; the
 * entry it leads to is recorded by the entry rule.
 */
export const readerScans = pgTable(
  'reader_scans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    centerId: uuid('center_id')
      .notNull()
      .references(() => centers.id),
    readerId: uuid('reader_id')
      .notNull()
      .references(() => readers.id),
    scanId: text('scan_id').notNull(),
    card: text('card').notNull(),
    /** When the card was tapped, by the reader's clock. */
    tappedAt: timestamp('tapped_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reader_scans_reader_scan').on(t.readerId, t.scanId),
    index('reader_scans_org').on(t.organisationId),
    foreignKey({
      name: 'reader_scans_org_center_fk',
      columns: [t.organisationId, t.centerId],
      foreignColumns: [centers.organisationId, centers.id],
    }),
    foreignKey({
      name: 'reader_scans_org_reader_fk',
      columns: [t.organisationId, t.readerId],
      foreignColumns: [readers.organisationId, readers.id],
    }),
  ],
);
