/**
 * The door: every tap of a card (granted, denied with its reason, or a duplicate inside the
 * duplicate-tap window), overrides of denied taps, and staff clock-ins. Rows are never updated,
 * except a clock-in's `out_at`.
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant, reference, tenantKey, tenantTarget } from './columns.ts';
import { entitlements } from './entitlements.ts';
import { cards, members } from './members.ts';
import { readers } from './places.ts';
import { centerId, centers, tenantRow, users } from './tenancy.ts';

export const entries = pgTable(
  'entries',
  {
    ...tenantRow(),
    centerId: centerId(),
    readerId: uuid('reader_id').references(() => readers.id),
    /** The number as tapped (null only for an override, which is no tap). */
    cardNumber: text('card_number'),
    cardId: uuid('card_id').references(() => cards.id),
    memberId: uuid('member_id').references(() => members.id),
    /** `granted`, `denied`, `duplicate`. */
    result: text('result').notNull(),
    /** The denial reason (contract `ENTRY_DENIAL_REASONS`); null unless denied. */
    reason: text('reason'),
    /** What let them in (contract `ENTRY_GRANTS`); null unless granted. */
    grantedBy: text('granted_by'),
    entitlementId: uuid('entitlement_id').references(() => entitlements.id),
    daysLeft: integer('days_left'),
    creditsLeft: integer('credits_left'),
    /** `reader`, `wedge`, `offline`, `desk`. */
    source: text('source').notNull(),
    /** The reader's (or browser's) scan id: one scan records one entry. */
    scanId: text('scan_id'),
    tappedAt: instant('tapped_at').notNull(),
    /** The centre's business date of `tapped_at`, in its time zone. */
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    /** An override: the denied entry it let in (once). */
    overrideOf: uuid('override_of'),
    overrideReason: text('override_reason'),
    /** Who posted the tap, or who overrode. */
    staffId: uuid('staff_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    tenantTarget('entries_org_id', t),
    uniqueIndex('entries_org_scan').on(t.organisationId, t.scanId).where(sql`${t.scanId} is not null`),
    uniqueIndex('entries_override_of').on(t.overrideOf).where(sql`${t.overrideOf} is not null`),
    index('entries_org_center_tapped').on(t.organisationId, t.centerId, t.tappedAt),
    index('entries_member_tapped').on(t.memberId, t.tappedAt),
    index('entries_org_tapped').on(t.organisationId, t.tappedAt),
    // The reports read entries by the centre's business date (measured: bench/reports.ts).
    index('entries_org_business_date').on(t.organisationId, t.businessDate, t.centerId),
    index('entries_card_tapped').on(t.organisationId, t.cardNumber, t.tappedAt),
    tenantKey('entries_org_center_fk', t, t.centerId, centers),
    tenantKey('entries_org_member_fk', t, t.memberId, members),
    tenantKey('entries_org_entitlement_fk', t, t.entitlementId, entitlements),
    tenantKey('entries_org_staff_fk', t, t.staffId, users),
    tenantKey('entries_org_override_of_fk', t, t.overrideOf, t),
    check('entries_result', sql`${t.result} in ('granted','denied','duplicate')`),
    check(
      'entries_reason',
      sql`(${t.result} = 'denied') = (${t.reason} is not null) and (${t.result} = 'granted') = (${t.grantedBy} is not null)`,
    ),
    check(
      'entries_granted_by',
      sql`${t.grantedBy} is null or ${t.grantedBy} in ('membership','credit','booking','override')`,
    ),
    check('entries_source', sql`${t.source} in ('reader','wedge','offline','desk')`),
    check('entries_credits', sql`${t.creditsLeft} is null or ${t.creditsLeft} >= 0`),
    check(
      'entries_override',
      sql`(${t.overrideOf} is null) = (${t.overrideReason} is null) and (${t.overrideOf} is null or ${t.grantedBy} = 'override')`,
    ),
    tenantKey('entries_org_reader_fk', t, t.readerId, readers),
    tenantKey('entries_org_card_fk', t, t.cardId, cards),
  ],
);

/** A staff member's clock-in at a centre, and its clock-out once they tap again. */
export const staffAttendance = pgTable(
  'staff_attendance',
  {
    ...tenantRow(),
    centerId: centerId(),
    staffId: reference('staff_id', () => users.id),
    /** The centre's business date of the clock-in. */
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    inAt: instant('in_at').notNull(),
    outAt: instant('out_at'),
    inScanId: text('in_scan_id'),
    outScanId: text('out_scan_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('staff_attendance_org_in_scan').on(t.organisationId, t.inScanId).where(sql`${t.inScanId} is not null`),
    uniqueIndex('staff_attendance_org_out_scan')
      .on(t.organisationId, t.outScanId)
      .where(sql`${t.outScanId} is not null`),
    index('staff_attendance_org_center_in').on(t.organisationId, t.centerId, t.inAt),
    index('staff_attendance_staff_in').on(t.staffId, t.inAt),
    tenantKey('staff_attendance_org_center_fk', t, t.centerId, centers),
    tenantKey('staff_attendance_org_staff_fk', t, t.staffId, users),
    check('staff_attendance_out_after_in', sql`${t.outAt} is null or ${t.outAt} >= ${t.inAt}`),
  ],
);
