/**
 * Personal training: trainers' weekly working hours (per centre), their days off, and PT sessions
 * booked against a member's PT package. A session stores its centre-local date and start time as
 * planned and the instants they give in the centre's time zone, like a class. A session uses its
 * package's credit only when it is completed (or lost by a late cancel): the `use` ledger row it
 * wrote is `credit_ledger_id`.
 */
import { sql } from 'drizzle-orm';
import {
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
import { entitlementLedger, entitlements } from './entitlements.ts';
import { members } from './members.ts';
import { rooms } from './places.ts';
import { centers, organisations, users } from './tenancy.ts';

const organisationColumn = () =>
  uuid('organisation_id')
    .notNull()
    .references(() => organisations.id);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A trainer's working hours at a centre on a weekday (1 Monday … 7 Sunday); several spans a day are allowed. */
export const trainerHours = pgTable(
  'trainer_hours',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: organisationColumn(),
    trainerId: uuid('trainer_id').notNull(),
    centerId: uuid('center_id').notNull(),
    weekday: integer('weekday').notNull(),
    /** Wall-clock `HH:MM` at the centre. */
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('trainer_hours_org_id').on(t.organisationId, t.id),
    index('trainer_hours_trainer').on(t.organisationId, t.trainerId, t.weekday),
    foreignKey({
      name: 'trainer_hours_org_trainer_fk',
      columns: [t.organisationId, t.trainerId],
      foreignColumns: [users.organisationId, users.id],
    }),
    foreignKey({
      name: 'trainer_hours_org_center_fk',
      columns: [t.organisationId, t.centerId],
      foreignColumns: [centers.organisationId, centers.id],
    }),
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
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: organisationColumn(),
    trainerId: uuid('trainer_id').notNull(),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    note: text('note'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    unique('trainer_days_off_org_id').on(t.organisationId, t.id),
    index('trainer_days_off_trainer').on(t.organisationId, t.trainerId, t.fromDate),
    foreignKey({
      name: 'trainer_days_off_org_trainer_fk',
      columns: [t.organisationId, t.trainerId],
      foreignColumns: [users.organisationId, users.id],
    }),
    check('trainer_days_off_order', sql`${t.toDate} >= ${t.fromDate}`),
    foreignKey({
      name: 'trainer_days_off_org_created_by_fk',
      columns: [t.organisationId, t.createdBy],
      foreignColumns: [users.organisationId, users.id],
    }),
  ],
);

export const ptSessions = pgTable(
  'pt_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: organisationColumn(),
    centerId: uuid('center_id').notNull(),
    memberId: uuid('member_id').notNull(),
    trainerId: uuid('trainer_id').notNull(),
    roomId: uuid('room_id'),
    /** The member's PT package that pays for the session. */
    entitlementId: uuid('entitlement_id').notNull(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    startTime: text('start_time').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Contract `PT_SESSION_STATUSES`. */
    status: text('status').notNull().default('booked'),
    /** The `use` ledger row that took the session's credit (completed, late cancel, no-show). */
    creditLedgerId: uuid('credit_ledger_id'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    completedBy: uuid('completed_by').references(() => users.id),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    notes: text('notes'),
    bookedBy: uuid('booked_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('pt_sessions_org_id').on(t.organisationId, t.id),
    index('pt_sessions_org_center_starts').on(t.organisationId, t.centerId, t.startsAt),
    index('pt_sessions_org_trainer_starts').on(t.organisationId, t.trainerId, t.startsAt),
    index('pt_sessions_entitlement').on(t.entitlementId, t.status),
    index('pt_sessions_org_member').on(t.organisationId, t.memberId),
    uniqueIndex('pt_sessions_credit_ledger').on(t.creditLedgerId),
    foreignKey({
      name: 'pt_sessions_org_center_fk',
      columns: [t.organisationId, t.centerId],
      foreignColumns: [centers.organisationId, centers.id],
    }),
    foreignKey({
      name: 'pt_sessions_org_member_fk',
      columns: [t.organisationId, t.memberId],
      foreignColumns: [members.organisationId, members.id],
    }),
    foreignKey({
      name: 'pt_sessions_org_trainer_fk',
      columns: [t.organisationId, t.trainerId],
      foreignColumns: [users.organisationId, users.id],
    }),
    foreignKey({
      name: 'pt_sessions_org_room_fk',
      columns: [t.organisationId, t.roomId],
      foreignColumns: [rooms.organisationId, rooms.id],
    }),
    foreignKey({
      name: 'pt_sessions_org_entitlement_fk',
      columns: [t.organisationId, t.entitlementId],
      foreignColumns: [entitlements.organisationId, entitlements.id],
    }),
    foreignKey({
      name: 'pt_sessions_credit_ledger_fk',
      columns: [t.creditLedgerId],
      foreignColumns: [entitlementLedger.id],
    }),
    check('pt_sessions_status', sql`${t.status} in ('booked','completed','cancelled','late_cancelled','no_show')`),
    check('pt_sessions_duration', sql`${t.durationMinutes} between 15 and 240`),
    check('pt_sessions_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
    check('pt_sessions_completed', sql`(${t.status} = 'completed') = (${t.completedAt} is not null)`),
    foreignKey({
      name: 'pt_sessions_org_completed_by_fk',
      columns: [t.organisationId, t.completedBy],
      foreignColumns: [users.organisationId, users.id],
    }),
    foreignKey({
      name: 'pt_sessions_org_booked_by_fk',
      columns: [t.organisationId, t.bookedBy],
      foreignColumns: [users.organisationId, users.id],
    }),
    foreignKey({
      name: 'pt_sessions_org_credit_ledger_fk',
      columns: [t.organisationId, t.creditLedgerId],
      foreignColumns: [entitlementLedger.organisationId, entitlementLedger.id],
    }),
  ],
);
