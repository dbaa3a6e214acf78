/**
 * Personal training: trainers' weekly working hours (per centre), their days off, and PT sessions
 * booked against a member's PT package. A session stores its centre-local date and start time as
 * planned and the instants they give in the centre's time zone, like a class. A session uses its
 * package's credit only when it is completed (or lost by a late cancel): the `use` ledger row it
 * wrote is `credit_ledger_id`.
 */
import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant, tenantKey, tenantTarget, timestamps, timetableSlot } from './columns.ts';
import { entitlementLedger, entitlements } from './entitlements.ts';
import { members } from './members.ts';
import { rooms } from './places.ts';
import { centers, tenantRow, users } from './tenancy.ts';

/** A trainer's working hours at a centre on a weekday (1 Monday … 7 Sunday); several spans a day are allowed. */
export const trainerHours = pgTable(
  'trainer_hours',
  {
    ...tenantRow(),
    trainerId: uuid('trainer_id').notNull(),
    centerId: uuid('center_id').notNull(),
    weekday: integer('weekday').notNull(),
    /** Wall-clock `HH:MM` at the centre. */
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    tenantTarget('trainer_hours_org_id', t),
    index('trainer_hours_trainer').on(t.organisationId, t.trainerId, t.weekday),
    tenantKey('trainer_hours_org_trainer_fk', t, t.trainerId, users),
    tenantKey('trainer_hours_org_center_fk', t, t.centerId, centers),
    check('trainer_hours_weekday', sql`${t.weekday} between 1 and 7`),
    check(
      'trainer_hours_times',
      sql`${t.startTime} ~ '^[0-2][0-9]:[0-5][0-9]$' and ${t.endTime} ~ '^[0-2][0-9]:[0-5][0-9]$'`,
    ),
    check('trainer_hours_order', sql`${t.endTime} > ${t.startTime}`),
  ],
);

/** A trainer's days off (holiday, sickness, training), `from_date` to `to_date` included. */
export const trainerDaysOff = pgTable(
  'trainer_days_off',
  {
    ...tenantRow(),
    trainerId: uuid('trainer_id').notNull(),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    note: text('note'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    tenantTarget('trainer_days_off_org_id', t),
    index('trainer_days_off_trainer').on(t.organisationId, t.trainerId, t.fromDate),
    tenantKey('trainer_days_off_org_trainer_fk', t, t.trainerId, users),
    check('trainer_days_off_order', sql`${t.toDate} >= ${t.fromDate}`),
    tenantKey('trainer_days_off_org_created_by_fk', t, t.createdBy, users),
  ],
);

export const ptSessions = pgTable(
  'pt_sessions',
  {
    ...tenantRow(),
    centerId: uuid('center_id').notNull(),
    memberId: uuid('member_id').notNull(),
    trainerId: uuid('trainer_id').notNull(),
    roomId: uuid('room_id'),
    /** The member's PT package that pays for the session. */
    entitlementId: uuid('entitlement_id').notNull(),
    ...timetableSlot(),
    /** Contract `PT_SESSION_STATUSES`. */
    status: text('status').notNull().default('booked'),
    /** The `use` ledger row that took the session's credit (completed, late cancel, no-show). */
    creditLedgerId: uuid('credit_ledger_id'),
    completedAt: instant('completed_at'),
    completedBy: uuid('completed_by').references(() => users.id),
    cancelledAt: instant('cancelled_at'),
    cancelReason: text('cancel_reason'),
    notes: text('notes'),
    bookedBy: uuid('booked_by').references(() => users.id),
    ...timestamps(),
  },
  (t) => [
    tenantTarget('pt_sessions_org_id', t),
    index('pt_sessions_org_center_starts').on(t.organisationId, t.centerId, t.startsAt),
    index('pt_sessions_org_trainer_starts').on(t.organisationId, t.trainerId, t.startsAt),
    index('pt_sessions_entitlement').on(t.entitlementId, t.status),
    index('pt_sessions_org_member').on(t.organisationId, t.memberId),
    uniqueIndex('pt_sessions_credit_ledger').on(t.creditLedgerId),
    tenantKey('pt_sessions_org_center_fk', t, t.centerId, centers),
    tenantKey('pt_sessions_org_member_fk', t, t.memberId, members),
    tenantKey('pt_sessions_org_trainer_fk', t, t.trainerId, users),
    tenantKey('pt_sessions_org_room_fk', t, t.roomId, rooms),
    tenantKey('pt_sessions_org_entitlement_fk', t, t.entitlementId, entitlements),
    foreignKey({
      name: 'pt_sessions_credit_ledger_fk',
      columns: [t.creditLedgerId],
      foreignColumns: [entitlementLedger.id],
    }),
    check('pt_sessions_status', sql`${t.status} in ('booked','completed','cancelled','late_cancelled','no_show')`),
    check('pt_sessions_duration', sql`${t.durationMinutes} between 15 and 240`),
    check('pt_sessions_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
    check('pt_sessions_completed', sql`(${t.status} = 'completed') = (${t.completedAt} is not null)`),
    tenantKey('pt_sessions_org_completed_by_fk', t, t.completedBy, users),
    tenantKey('pt_sessions_org_booked_by_fk', t, t.bookedBy, users),
    tenantKey('pt_sessions_org_credit_ledger_fk', t, t.creditLedgerId, entitlementLedger),
  ],
);
