import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, instant, reference, tenantKey, tenantTarget } from './columns.ts';
import { centerId, centers, tenantRow } from './tenancy.ts';

export const rooms = pgTable(
  'rooms',
  {
    ...tenantRow(),
    centerId: centerId(),
    name: text('name').notNull(),
    capacity: integer('capacity').notNull(),
    notes: text('notes'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('rooms_center_name').on(t.centerId, sql`lower(${t.name})`),
    tenantTarget('rooms_org_id', t),
    index('rooms_org').on(t.organisationId),
    tenantKey('rooms_org_center_fk', t, t.centerId, centers),
    check('rooms_capacity_positive', sql`${t.capacity} > 0`),
  ],
);

/** Physical card readers. The secret is shown once and stored as a SHA-256 hash. */
export const readers = pgTable(
  'readers',
  {
    ...tenantRow(),
    centerId: centerId(),
    name: text('name').notNull(),
    sn: text('sn').notNull(),
    secretHash: text('secret_hash').notNull(),
    active: boolean('active').notNull().default(true),
    lastSeenAt: instant('last_seen_at'),
    createdAt: createdAt(),
    deletedAt: instant('deleted_at'),
  },
  (t) => [
    uniqueIndex('readers_org_sn').on(t.organisationId, t.sn).where(sql`${t.deletedAt} is null`),
    index('readers_center').on(t.centerId),
    // The reader ingest finds a reader by its serial number alone (unique per organisation only).
    index('readers_sn').on(t.sn),
    tenantKey('readers_org_center_fk', t, t.centerId, centers),
    tenantTarget('readers_org_id', t),
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
    ...tenantRow(),
    centerId: centerId(),
    readerId: reference('reader_id', () => readers.id),
    scanId: text('scan_id').notNull(),
    card: text('card').notNull(),
    /** When the card was tapped, by the reader's clock. */
    tappedAt: instant('tapped_at').notNull(),
    receivedAt: instant('received_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reader_scans_reader_scan').on(t.readerId, t.scanId),
    // A browser back after a disconnection asks for its reader's latest scans (modules/readers/unanswered-scans.ts).
    index('reader_scans_reader_received').on(t.readerId, t.receivedAt),
    index('reader_scans_org').on(t.organisationId),
    tenantKey('reader_scans_org_center_fk', t, t.centerId, centers),
    tenantKey('reader_scans_org_reader_fk', t, t.readerId, readers),
  ],
);
