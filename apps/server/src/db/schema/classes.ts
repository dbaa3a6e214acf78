/**
 * Classes: class types, series (a recurrence rule that planned a run of classes), the classes
 * themselves (occurrences; a one-off class has no series) and members' bookings. A class stores its
 * centre-local date and start time as planned and the instants they give in the centre's time zone.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { shortCourses } from './catalogue.ts';
import { instant, tenantKey, tenantTarget, timestamps, timetableSlot } from './columns.ts';
import { entitlements } from './entitlements.ts';
import { members } from './members.ts';
import { rooms } from './places.ts';
import { invoices } from './sales.ts';
import { centers, tenantRow, users } from './tenancy.ts';

export const classTypes = pgTable(
  'class_types',
  {
    ...tenantRow(),
    name: text('name').notNull(),
    description: text('description'),
    colour: text('colour').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    capacity: integer('capacity').notNull(),
    credits: integer('credits').notNull().default(1),
    /** Credits of any package whose usage is `class` or `any` pay for it (besides those listed). */
    anyClassPackage: boolean('any_class_package').notNull().default(true),
    creditPackageIds: uuid('credit_package_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /** Any membership valid at the class's centre covers it (besides the plans listed). */
    allMemberships: boolean('all_memberships').notNull().default(false),
    membershipPlanIds: uuid('membership_plan_ids').array().notNull().default(sql`'{}'::uuid[]`),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    tenantTarget('class_types_org_id', t),
    uniqueIndex('class_types_org_name').on(t.organisationId, sql`lower(${t.name})`),
    check('class_types_duration', sql`${t.durationMinutes} between 5 and 720`),
    check('class_types_capacity', sql`${t.capacity} between 1 and 1000`),
    check('class_types_credits', sql`${t.credits} between 0 and 100`),
    check('class_types_colour', sql`${t.colour} ~ '^#[0-9a-fA-F]{6}$'`),
  ],
);

/** A recurrence rule: `weekdays` (1 Monday … 7 Sunday) every `every_weeks` weeks from `first_date`, until a date or a count. */
export const classSeries = pgTable(
  'class_series',
  {
    ...tenantRow(),
    centerId: uuid('center_id').notNull(),
    firstDate: date('first_date', { mode: 'string' }).notNull(),
    startTime: text('start_time').notNull(),
    weekdays: integer('weekdays').array().notNull(),
    everyWeeks: integer('every_weeks').notNull().default(1),
    untilDate: date('until_date', { mode: 'string' }),
    count: integer('count'),
    exceptions: date('exceptions', { mode: 'string' }).array().notNull().default(sql`'{}'::date[]`),
    /** The series this one was split from by a "this and following" edit. */
    splitFrom: uuid('split_from'),
    ...timestamps(),
  },
  (t) => [
    tenantTarget('class_series_org_id', t),
    tenantKey('class_series_org_center_fk', t, t.centerId, centers),
    check('class_series_every_weeks', sql`${t.everyWeeks} between 1 and 52`),
    check('class_series_until_or_count', sql`(${t.untilDate} is null) <> (${t.count} is null)`),
  ],
);

export const classes = pgTable(
  'classes',
  {
    ...tenantRow(),
    seriesId: uuid('series_id'),
    centerId: uuid('center_id').notNull(),
    roomId: uuid('room_id').notNull(),
    teacherId: uuid('teacher_id').notNull(),
    classTypeId: uuid('class_type_id').notNull(),
    ...timetableSlot(),
    capacity: integer('capacity').notNull(),
    credits: integer('credits').notNull(),
    bookingOpensDaysBefore: integer('booking_opens_days_before').notNull(),
    bookingClosesMinutesBefore: integer('booking_closes_minutes_before').notNull(),
    cancellationWindowMinutes: integer('cancellation_window_minutes').notNull(),
    /** `in_house` or `rental`. */
    mode: text('mode').notNull().default('in_house'),
    /** A rental class's renter: the outside teacher's member record, whose rental package pays the room. */
    renterMemberId: uuid('renter_member_id'),
    /** The short course this class is a session of (its enrolled members are booked into it), else null. */
    shortCourseId: uuid('short_course_id'),
    /** `scheduled` or `cancelled`. */
    status: text('status').notNull().default('scheduled'),
    notes: text('notes'),
    cancelledAt: instant('cancelled_at'),
    cancelReason: text('cancel_reason'),
    ...timestamps(),
  },
  (t) => [
    tenantTarget('classes_org_id', t),
    index('classes_org_center_starts').on(t.organisationId, t.centerId, t.startsAt),
    index('classes_series_date').on(t.seriesId, t.businessDate),
    index('classes_org_teacher_starts').on(t.organisationId, t.teacherId, t.startsAt),
    tenantKey('classes_org_center_fk', t, t.centerId, centers),
    tenantKey('classes_org_room_fk', t, t.roomId, rooms),
    tenantKey('classes_org_teacher_fk', t, t.teacherId, users),
    tenantKey('classes_org_type_fk', t, t.classTypeId, classTypes),
    tenantKey('classes_org_renter_fk', t, t.renterMemberId, members),
    index('classes_org_renter_starts')
      .on(t.organisationId, t.renterMemberId, t.startsAt)
      .where(sql`${t.renterMemberId} is not null`),
    tenantKey('classes_org_series_fk', t, t.seriesId, classSeries),
    tenantKey('classes_org_short_course_fk', t, t.shortCourseId, shortCourses),
    index('classes_short_course_starts').on(t.shortCourseId, t.startsAt).where(sql`${t.shortCourseId} is not null`),
    check('classes_course_in_house', sql`${t.shortCourseId} is null or ${t.mode} = 'in_house'`),
    check('classes_mode', sql`${t.mode} in ('in_house','rental')`),
    check('classes_rental_renter', sql`(${t.mode} = 'rental') = (${t.renterMemberId} is not null)`),
    check('classes_status', sql`${t.status} in ('scheduled','cancelled')`),
    check('classes_capacity', sql`${t.capacity} between 1 and 1000`),
    check('classes_credits', sql`${t.credits} between 0 and 100`),
    check('classes_duration', sql`${t.durationMinutes} between 5 and 720`),
    check('classes_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

export const bookings = pgTable(
  'bookings',
  {
    ...tenantRow(),
    classId: uuid('class_id').notNull(),
    memberId: uuid('member_id').notNull(),
    /** Contract `BOOKING_STATUSES`. */
    status: text('status').notNull(),
    /** `package` or `membership`; null while waitlisted. */
    paidBy: text('paid_by'),
    entitlementId: uuid('entitlement_id'),
    creditsUsed: integer('credits_used').notNull().default(0),
    creditReturned: boolean('credit_returned').notNull().default(false),
    /** Order on the waitlist (smallest first); null unless waitlisted. */
    waitlistPosition: integer('waitlist_position'),
    bookedAt: instant('booked_at').notNull().defaultNow(),
    promotedAt: instant('promoted_at'),
    cancelledAt: instant('cancelled_at'),
    cancelReason: text('cancel_reason'),
    attendedAt: instant('attended_at'),
    /** `teacher` or `door`. */
    attendanceSource: text('attendance_source'),
    waived: boolean('waived').notNull().default(false),
    waiverNote: text('waiver_note'),
    waivedBy: uuid('waived_by').references(() => users.id),
    bookedBy: uuid('booked_by').references(() => users.id),
    /** A prospect's free trial class: nothing pays it (`paid_by` null), one per member. */
    trial: boolean('trial').notNull().default(false),
    /** The fee invoice of a late cancel or a no-show under the organisation's `fee` rule. */
    feeInvoiceId: uuid('fee_invoice_id').references(() => invoices.id),
    ...timestamps(),
  },
  (t) => [
    tenantTarget('bookings_org_id', t),
    index('bookings_org_trial').on(t.organisationId, t.memberId).where(sql`${t.trial}`),
    uniqueIndex('bookings_active_member_class')
      .on(t.classId, t.memberId)
      .where(sql`${t.status} in ('booked','waitlisted','attended')`),
    index('bookings_class_status').on(t.classId, t.status),
    index('bookings_org_member').on(t.organisationId, t.memberId),
    tenantKey('bookings_org_class_fk', t, t.classId, classes),
    tenantKey('bookings_org_member_fk', t, t.memberId, members),
    tenantKey('bookings_org_entitlement_fk', t, t.entitlementId, entitlements),
    check(
      'bookings_status',
      sql`${t.status} in ('booked','waitlisted','cancelled','late_cancelled','no_show','attended')`,
    ),
    check('bookings_paid_by', sql`${t.paidBy} is null or ${t.paidBy} in ('package','membership')`),
    check('bookings_waitlist', sql`(${t.status} = 'waitlisted') = (${t.waitlistPosition} is not null)`),
    tenantKey('bookings_org_booked_by_fk', t, t.bookedBy, users),
    tenantKey('bookings_org_waived_by_fk', t, t.waivedBy, users),
    tenantKey('bookings_org_fee_invoice_fk', t, t.feeInvoiceId, invoices),
  ],
);
