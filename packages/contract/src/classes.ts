/**
 * Classes and bookings: class types, scheduled classes (one-off or a recurring series), the class
 * list, and members' bookings (paid by a package credit or covered by a membership; waitlist;
 * cancellation, late cancellation, a manager's waiver, attendance).
 *
 * Times: a class is planned on its centre's wall clock (`date` + `startTime`, `HH:MM`), and the
 * server stores the instant (`startsAt`, ISO 8601) computed in the centre's time zone, so 18:00
 * stays 18:00 across a daylight-saving change. Business rule refusals are 422 `business_rule` with
 * one field whose `code` is one of `CLASS_CODES` / `BOOKING_CODES` (translated by the web app).
 */
import { z } from 'zod';
import { EXPORT_FORMATS } from './members.ts';
import { listQuerySchema, pageOf } from './pagination.ts';
import { businessDateSchema } from './sales.ts';
import { text } from './text.ts';

export const CLASS_MODES = ['in_house', 'rental'] as const;
export type ClassMode = (typeof CLASS_MODES)[number];
export const CLASS_STATUSES = ['scheduled', 'cancelled'] as const;
export type ClassStatus = (typeof CLASS_STATUSES)[number];
/** What an edit of a class in a series touches: this occurrence, this and the following ones, or the whole series. */
export const EDIT_SCOPES = ['one', 'following', 'all'] as const;
export type EditScope = (typeof EDIT_SCOPES)[number];

export const BOOKING_STATUSES = ['booked', 'waitlisted', 'cancelled', 'late_cancelled', 'no_show', 'attended'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** Statuses that hold a place (or a waitlist position) in a class: one such booking per member and class. */
export const ACTIVE_BOOKING_STATUSES = ['booked', 'waitlisted', 'attended'] as const;
/** How a booking is paid: `auto` picks a covering membership first, then the package credit that expires first. */
/** `trial`: a prospect's free trial class (one per member; no credit, no membership). */
export const BOOKING_PAYMENTS = ['auto', 'package', 'membership', 'trial'] as const;
export type BookingPaymentChoice = (typeof BOOKING_PAYMENTS)[number];
/** What paid a booking (null while waitlisted: nothing is used until a place is given). */
export const BOOKING_PAID_BY = ['package', 'membership'] as const;
export type BookingPaidBy = (typeof BOOKING_PAID_BY)[number];
/** Attendance a teacher (or the door: `attended`) records on a booked member. */
export const ATTENDANCE_MARKS = ['attended', 'no_show'] as const;
export type AttendanceMark = (typeof ATTENDANCE_MARKS)[number];
/** Where the attendance came from. */
export const ATTENDANCE_SOURCES = ['teacher', 'door'] as const;

/** The organisation's rules (config; defaults shown). */
export const FULL_CLASS_RULES = ['waitlist', 'refuse'] as const;
export type FullClassRule = (typeof FULL_CLASS_RULES)[number];
/**
 * A late cancel or a no-show: the credit is lost, nothing happens, or a fee is billed (an invoice
 * of one `fee` line, the organisation's `lateCancelFeeMinor`) and the credit comes back.
 */
export const LATE_CANCEL_RULES = ['credit_lost', 'no_penalty', 'fee'] as const;
export type LateCancelRule = (typeof LATE_CANCEL_RULES)[number];
export const DEFAULT_CLASS_RULES = { fullClass: 'waitlist', lateCancel: 'credit_lost' } as const;

/** Limits the database checks too. */
export const CLASS_LIMITS = {
  durationMinutes: { min: 5, max: 720 },
  capacity: { min: 1, max: 1000 },
  credits: { min: 0, max: 100 },
  bookingOpensDaysBefore: { min: 0, max: 365 },
  bookingClosesMinutesBefore: { min: 0, max: 10_080 },
  cancellationWindowMinutes: { min: 0, max: 10_080 },
  everyWeeks: { min: 1, max: 52 },
  count: { min: 1, max: 500 },
  /** A series is expanded at most this far ahead of its first class. */
  horizonDays: 400,
  exceptions: 200,
} as const;

/** Field codes of the classes' and bookings' own rules (422 `business_rule`, or 400 on a field). */
export const CLASS_CODES = {
  untilOrCount: 'until_or_count',
  untilBeforeStart: 'until_before_start',
  noOccurrence: 'no_occurrence',
  tooManyOccurrences: 'too_many_occurrences',
  roomNotInCentre: 'room_not_in_centre',
  teacherNotInCentre: 'teacher_not_in_centre',
  typeInactive: 'type_inactive',
  classCancelled: 'class_cancelled',
  classStarted: 'class_started',
  capacityBelowBookings: 'capacity_below_bookings',
  dateOnlyForOne: 'date_only_for_one',
  notInSeries: 'not_in_series',
  timeInvalid: 'time_invalid',
  /** Another class of the room overlaps (the refusal's `details.conflict` names it). */
  roomBusy: 'room_busy',
  /** Another class of the teacher overlaps (named in `details.conflict`). */
  teacherBusy: 'teacher_busy',
  /** The room has fewer places than the members booked into the class. */
  roomTooSmall: 'room_too_small',
  capacityOverRoom: 'capacity_over_room',
  outsideOpeningHours: 'outside_opening_hours',
  /** A rental class names its renter (the member whose rental package pays the room). */
  renterRequired: 'renter_required',
  /** Only a rental class has a renter. */
  renterOnlyForRental: 'renter_only_for_rental',
  /** The renter's rental packages hold fewer hours than the class takes (`details`: `needed`, `left`). */
  rentalHoursShort: 'rental_hours_short',
  /** A short course's sessions are in-house classes at the course's centre. */
  courseInHouse: 'course_in_house',
  courseNotInCentre: 'course_not_in_centre',
  courseInactive: 'course_inactive',
  /** The course has as many scheduled sessions as it sells (`details`: `sessions`, `scheduled`). */
  courseSessionsFull: 'course_sessions_full',
} as const;
export const BOOKING_CODES = {
  alreadyBooked: 'already_booked',
  classFull: 'class_full',
  bookingNotOpen: 'booking_not_open',
  bookingClosed: 'booking_closed',
  noCredit: 'no_credit',
  notCovered: 'not_covered',
  entitlementNotUsable: 'entitlement_not_usable',
  notCancellable: 'not_cancellable',
  notWaivable: 'not_waivable',
  notAttendable: 'not_attendable',
  notYourClass: 'not_your_class',
  memberInactive: 'member_inactive',
  /** A trial class is for prospects (members who have not joined). */
  trialNotProspect: 'trial_not_prospect',
  /** The member has had (or holds) their trial class already. */
  trialUsed: 'trial_used',
  /** The fee of this late cancel or no-show has been paid: refund its invoice first. */
  feePaid: 'fee_paid',
  /** A short course's session is for the members enrolled on the course (they bought it). */
  notEnrolled: 'not_enrolled',
} as const;

const int = (limits: { min: number; max: number }) => z.number().int().min(limits.min).max(limits.max);
/** A wall-clock time `HH:MM` (00:00–23:59). */
export const wallTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, CLASS_CODES.timeInvalid);
/** A colour `#rrggbb`. */
export const colourSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'colour_invalid');
const queryFlag = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();

const ref = z.object({ id: z.string(), name: z.string() });
const centreRef = z.object({ id: z.string(), code: z.string(), name: z.string() });

// ---- class types ----

/**
 * What pays for a class of this type: credits of the listed credit packages (or, with
 * `anyClassPackage`, of any package whose usage is `class` or `any`), and the listed membership
 * plans (or, with `allMemberships`, any membership) valid at the class's centre.
 */
export const classTypeSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  colour: z.string(),
  durationMinutes: z.number().int(),
  capacity: z.number().int(),
  credits: z.number().int(),
  anyClassPackage: z.boolean(),
  creditPackageIds: z.array(z.string()),
  allMemberships: z.boolean(),
  membershipPlanIds: z.array(z.string()),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ClassType = z.infer<typeof classTypeSchema>;
export const classTypeListResponseSchema = pageOf(classTypeSchema);

export const classTypeFieldsSchema = z.strictObject({
  name: text().trim().min(1).max(80),
  description: text({ multiline: true }).trim().max(1000).nullish(),
  colour: colourSchema,
  durationMinutes: int(CLASS_LIMITS.durationMinutes),
  capacity: int(CLASS_LIMITS.capacity),
  credits: int(CLASS_LIMITS.credits).default(1),
  anyClassPackage: z.boolean().default(true),
  creditPackageIds: z.array(z.uuid()).max(200).default([]),
  allMemberships: z.boolean().default(false),
  membershipPlanIds: z.array(z.uuid()).max(200).default([]),
});
export const createClassTypeRequestSchema = classTypeFieldsSchema;
/** `PATCH pro/class-types/:id`; `active: false` deactivates (no new classes of it), `true` activates. */
export const updateClassTypeRequestSchema = z
  .strictObject({
    name: text().trim().min(1).max(80),
    description: text({ multiline: true }).trim().max(1000).nullish(),
    colour: colourSchema,
    durationMinutes: int(CLASS_LIMITS.durationMinutes),
    capacity: int(CLASS_LIMITS.capacity),
    credits: int(CLASS_LIMITS.credits),
    anyClassPackage: z.boolean(),
    creditPackageIds: z.array(z.uuid()).max(200),
    allMemberships: z.boolean(),
    membershipPlanIds: z.array(z.uuid()).max(200),
    active: z.boolean(),
  })
  .partial();
export type CreateClassTypeRequest = z.input<typeof createClassTypeRequestSchema>;
export type UpdateClassTypeRequest = z.input<typeof updateClassTypeRequestSchema>;
export const classTypeListQuerySchema = listQuerySchema.extend({
  status: z.enum(['active', 'inactive', 'all']).default('all'),
  sort: z.enum(['name', '-name', 'created', '-created']).default('name'),
});

// ---- recurrence ----

/**
 * A weekly rule: on `weekdays` (1 Monday … 7 Sunday) every `everyWeeks` weeks from the first
 * class's date, until a date (included) or for a count of classes, skipping `exceptions` (dates).
 */
export const recurrenceRuleSchema = z
  .strictObject({
    weekdays: z.array(z.number().int().min(1).max(7)).min(1).max(7),
    everyWeeks: int(CLASS_LIMITS.everyWeeks).default(1),
    until: businessDateSchema.nullish(),
    count: int(CLASS_LIMITS.count).nullish(),
    exceptions: z.array(businessDateSchema).max(CLASS_LIMITS.exceptions).default([]),
  })
  .superRefine((rule, ctx) => {
    if ((rule.until == null) === (rule.count == null)) {
      ctx.addIssue({ code: 'custom', path: ['until'], message: CLASS_CODES.untilOrCount });
    }
  });
export type RecurrenceRule = z.output<typeof recurrenceRuleSchema>;
export type RecurrenceRuleInput = z.input<typeof recurrenceRuleSchema>;

// ---- classes ----

/** What a class runs by; the class type gives the defaults of the optional fields. */
const classSettingsFields = {
  capacity: int(CLASS_LIMITS.capacity),
  credits: int(CLASS_LIMITS.credits),
  bookingOpensDaysBefore: int(CLASS_LIMITS.bookingOpensDaysBefore),
  bookingClosesMinutesBefore: int(CLASS_LIMITS.bookingClosesMinutesBefore),
  cancellationWindowMinutes: int(CLASS_LIMITS.cancellationWindowMinutes),
};
/**
 * Hours of room use a rental class takes off its renter's rental package: every hour begun counts
 * (45 minutes take 1, 90 minutes take 2).
 */
export const rentalHoursOf = (durationMinutes: number) => Math.ceil(durationMinutes / 60);

/** Rental ⇔ renter, on the fields a request gives (an update may leave either to the class). */
const renterRule = (
  v: { mode?: ClassMode; renterMemberId?: string | null; shortCourseId?: string | null },
  ctx: z.RefinementCtx,
) => {
  if (v.mode === 'rental' && v.shortCourseId) {
    ctx.addIssue({ code: 'custom', path: ['shortCourseId'], message: CLASS_CODES.courseInHouse });
  }
  if (v.mode === 'rental' && v.renterMemberId === null) {
    ctx.addIssue({ code: 'custom', path: ['renterMemberId'], message: CLASS_CODES.renterRequired });
  }
  if (v.mode === 'in_house' && v.renterMemberId) {
    ctx.addIssue({ code: 'custom', path: ['renterMemberId'], message: CLASS_CODES.renterOnlyForRental });
  }
};

export const CLASS_DEFAULTS = {
  bookingOpensDaysBefore: 14,
  bookingClosesMinutesBefore: 0,
  cancellationWindowMinutes: 720,
  mode: 'in_house',
} as const;

/**
 * `POST pro/classes`: one class, or a series when `recurrence` is given (`date` is its first day).
 * A `rental` class names its `renterMemberId` (an outside teacher's member record): every class
 * takes `rentalHoursOf(duration)` hours off the renter's rental packages, and members booking it
 * pay the teacher, not the centre (its credits are 0).
 * A `shortCourseId` makes the classes sessions of that short course (in-house, at the course's
 * centre, its capacity, one credit of the course each): the members enrolled on the course are
 * booked into each new session, and a course has at most its `sessions` scheduled sessions.
 */
export const createClassRequestSchema = z
  .strictObject({
    centerId: z.uuid(),
    roomId: z.uuid(),
    teacherId: z.uuid(),
    classTypeId: z.uuid(),
    date: businessDateSchema,
    startTime: wallTimeSchema,
    durationMinutes: int(CLASS_LIMITS.durationMinutes).optional(),
    capacity: classSettingsFields.capacity.optional(),
    credits: classSettingsFields.credits.optional(),
    bookingOpensDaysBefore: classSettingsFields.bookingOpensDaysBefore.optional(),
    bookingClosesMinutesBefore: classSettingsFields.bookingClosesMinutesBefore.optional(),
    cancellationWindowMinutes: classSettingsFields.cancellationWindowMinutes.optional(),
    mode: z.enum(CLASS_MODES).default(CLASS_DEFAULTS.mode),
    renterMemberId: z.uuid().nullish(),
    shortCourseId: z.uuid().nullish(),
    notes: text({ multiline: true }).trim().max(1000).nullish(),
    recurrence: recurrenceRuleSchema.optional(),
  })
  .superRefine((v, ctx) => renterRule({ ...v, renterMemberId: v.renterMemberId ?? null }, ctx));
export type CreateClassRequest = z.input<typeof createClassRequestSchema>;

/**
 * `PATCH pro/classes/:id`: `scope` says which classes of its series change (`one` for a one-off
 * class). `date` moves one occurrence only. A `following` edit splits the series at this class: the
 * earlier classes keep the old rule, this and the later ones form a new series. `recurrence`
 * (with `following` or `all`) re-plans the classes from this one on (those with bookings are kept).
 */
export const updateClassRequestSchema = z
  .strictObject({
    roomId: z.uuid(),
    teacherId: z.uuid(),
    classTypeId: z.uuid(),
    date: businessDateSchema,
    startTime: wallTimeSchema,
    durationMinutes: int(CLASS_LIMITS.durationMinutes),
    ...classSettingsFields,
    mode: z.enum(CLASS_MODES),
    /** With `mode: 'rental'` (or on a rental class): the renter; `null` only with `mode: 'in_house'`. */
    renterMemberId: z.uuid().nullable(),
    notes: text({ multiline: true }).trim().max(1000).nullish(),
    recurrence: recurrenceRuleSchema,
  })
  .partial()
  .extend({ scope: z.enum(EDIT_SCOPES).default('one') })
  .superRefine(renterRule);
export type UpdateClassRequest = z.input<typeof updateClassRequestSchema>;

/** `POST pro/classes/:id/cancel`: booked and waitlisted members are cancelled, credits returned, members notified. */
export const cancelClassRequestSchema = z.strictObject({
  scope: z.enum(EDIT_SCOPES).default('one'),
  reason: text().trim().max(300).nullish(),
});
export type CancelClassRequest = z.input<typeof cancelClassRequestSchema>;
export const cancelClassResponseSchema = z.object({
  cancelledClasses: z.number().int(),
  cancelledBookings: z.number().int(),
  creditsReturned: z.number().int(),
});

export const classSchema = z.object({
  id: z.string(),
  seriesId: z.string().nullable(),
  center: centreRef,
  timeZone: z.string(),
  room: ref,
  teacher: ref,
  type: z.object({ id: z.string(), name: z.string(), colour: z.string() }),
  /** The centre's business date and wall-clock times. */
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  /** Instants (ISO 8601, UTC). */
  startsAt: z.string(),
  endsAt: z.string(),
  durationMinutes: z.number().int(),
  capacity: z.number().int(),
  credits: z.number().int(),
  bookingOpensDaysBefore: z.number().int(),
  bookingClosesMinutesBefore: z.number().int(),
  cancellationWindowMinutes: z.number().int(),
  mode: z.enum(CLASS_MODES),
  /** A rental class's renter (a member), else null. */
  renter: ref.nullable(),
  /** Hours of room use a rental class takes off its renter's rental package; null in-house. */
  rentalHours: z.number().int().nullable(),
  /** The short course this class is a session of (`number` of its scheduled sessions in time order), else null. */
  shortCourse: z
    .object({ id: z.string(), name: z.string(), number: z.number().int(), sessions: z.number().int() })
    .nullable(),
  status: z.enum(CLASS_STATUSES),
  notes: z.string().nullable(),
  /** Bookings holding a place (booked or attended). */
  booked: z.number().int(),
  waitlisted: z.number().int(),
  attended: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ClassDetail = z.infer<typeof classSchema>;
/** `POST pro/classes` answers the first class and how many were created (1 for a one-off class). */
export const createClassResponseSchema = z.object({
  class: classSchema,
  seriesId: z.string().nullable(),
  created: z.number().int(),
});
export const updateClassResponseSchema = z.object({
  class: classSchema,
  /** Classes changed by the edit. */
  updated: z.number().int(),
  /** The series the edited classes now belong to (a new one after a `following` split). */
  seriesId: z.string().nullable(),
});

/** One row of `/class-list`. */
export const classListItemSchema = z.object({
  id: z.string(),
  seriesId: z.string().nullable(),
  center: centreRef,
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  room: ref,
  teacher: ref,
  type: z.object({ id: z.string(), name: z.string(), colour: z.string() }),
  mode: z.enum(CLASS_MODES),
  renter: ref.nullable(),
  rentalHours: z.number().int().nullable(),
  /** The short course this class is a session of (`number` of its scheduled sessions in time order), else null. */
  shortCourse: z
    .object({ id: z.string(), name: z.string(), number: z.number().int(), sessions: z.number().int() })
    .nullable(),
  status: z.enum(CLASS_STATUSES),
  credits: z.number().int(),
  booked: z.number().int(),
  capacity: z.number().int(),
  waitlisted: z.number().int(),
  attended: z.number().int(),
});
export type ClassListItem = z.infer<typeof classListItemSchema>;
export const classListResponseSchema = pageOf(classListItemSchema);

export const CLASS_SORTS = ['startsAt', '-startsAt'] as const;
/**
 * `GET pro/classes`: classes whose business date is in `from`..`to` (both included; default the
 * centre's today, or the organisation's first centre's today without a centre filter).
 */
export const classListQuerySchema = listQuerySchema.omit({ keyword: true }).extend({
  from: businessDateSchema.optional(),
  to: businessDateSchema.optional(),
  center: z.uuid().optional(),
  room: z.uuid().optional(),
  teacher: z.uuid().optional(),
  type: z.uuid().optional(),
  status: z.enum([...CLASS_STATUSES, 'all']).default('all'),
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
  sort: z.enum(CLASS_SORTS).default('startsAt'),
});
export type ClassListQuery = z.input<typeof classListQuerySchema>;
export const classExportQuerySchema = classListQuerySchema
  .omit({ page: true, pageSize: true })
  .extend({ format: z.enum(EXPORT_FORMATS) });
export const classIdParamsSchema = z.object({ id: z.uuid() });

// ---- bookings ----

/** `POST pro/bookings` (with an `Idempotency-Key`). */
export const bookRequestSchema = z.strictObject({
  memberId: z.uuid(),
  classId: z.uuid(),
  paidBy: z.enum(BOOKING_PAYMENTS).default('auto'),
  /** The membership or credit package to use (else the server picks one by `paidBy`). */
  entitlementId: z.uuid().optional(),
});
export type BookRequest = z.input<typeof bookRequestSchema>;

/** `POST pro/bookings/:id/cancel`. Inside the class's cancellation window the credit is returned; later the organisation's late-cancel rule applies. */
export const cancelBookingRequestSchema = z.strictObject({
  reason: text().trim().max(300).nullish(),
});
/** `POST pro/bookings/:id/waive`: a manager lifts a late cancel's or a no-show's penalty (the credit comes back). */
export const waiveBookingRequestSchema = z.strictObject({
  note: text().trim().min(3).max(300),
});
/** `POST pro/bookings/:id/attendance`. */
export const attendanceRequestSchema = z.strictObject({
  mark: z.enum(ATTENDANCE_MARKS),
});
export type AttendanceRequest = z.input<typeof attendanceRequestSchema>;

export const bookingSchema = z.object({
  id: z.string(),
  status: z.enum(BOOKING_STATUSES),
  member: z.object({
    id: z.string(),
    code: z.string(),
    name: z.string(),
    chineseName: z.string().nullable(),
    photoUrl: z.string().nullable(),
  }),
  class: z.object({
    id: z.string(),
    center: centreRef,
    date: z.string(),
    startTime: z.string(),
    endTime: z.string(),
    startsAt: z.string(),
    room: ref,
    teacher: ref,
    type: z.object({ id: z.string(), name: z.string(), colour: z.string() }),
    status: z.enum(CLASS_STATUSES),
  }),
  paidBy: z.enum(BOOKING_PAID_BY).nullable(),
  entitlement: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Credits taken from the package (0 for a membership; returned credits are not deducted here). */
  creditsUsed: z.number().int(),
  creditReturned: z.boolean(),
  /** 1-based position while waitlisted, else null. */
  waitlistPosition: z.number().int().nullable(),
  bookedAt: z.string(),
  cancelledAt: z.string().nullable(),
  attendedAt: z.string().nullable(),
  attendanceSource: z.enum(ATTENDANCE_SOURCES).nullable(),
  /** A manager's waiver of a late cancel or a no-show. */
  waived: z.boolean(),
  waiverNote: z.string().nullable(),
  /** Set when the booking came off the waitlist. */
  promotedAt: z.string().nullable(),
  bookedBy: ref.nullable(),
  /** A prospect's free trial class. */
  trial: z.boolean(),
  /** The fee invoice of a late cancel or a no-show (the organisation's `fee` rule), voided by a waiver. */
  feeInvoice: z
    .object({ id: z.string(), number: z.string(), state: z.string(), totalMinor: z.number().int() })
    .nullable(),
});
export type Booking = z.infer<typeof bookingSchema>;

/**
 * The answer of `POST pro/bookings/:id/cancel`: the booking as it is now, and the members the freed
 * place went to from the waitlist (in the waitlist's order; none when nobody moved up), so the desk
 * can say who.
 */
export const cancelBookingResponseSchema = bookingSchema.extend({
  promoted: z.array(
    z.object({
      bookingId: z.string(),
      member: bookingSchema.shape.member,
    }),
  ),
});
export type CancelBookingResponse = z.infer<typeof cancelBookingResponseSchema>;

/**
 * `GET pro/bookings/trials`: trial classes of a period (by the class's date), with whether the
 * prospect came and when they joined (their first membership or package bought on or after the
 * trial's booking): the trial-and-new-join figures.
 */
export const trialListQuerySchema = listQuerySchema.omit({ keyword: true }).extend({
  from: businessDateSchema,
  to: businessDateSchema,
  center: z.uuid().optional(),
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
});
export const trialItemSchema = z.object({
  bookingId: z.string(),
  status: z.enum(BOOKING_STATUSES),
  member: z.object({ id: z.string(), code: z.string(), name: z.string(), status: z.string() }),
  class: z.object({ id: z.string(), date: z.string(), startTime: z.string(), type: z.string(), center: centreRef }),
  attended: z.boolean(),
  /** When the member first bought a membership or package after booking the trial; null: not (yet). */
  joinedAt: z.string().nullable(),
});
export type TrialItem = z.infer<typeof trialItemSchema>;
export const trialListResponseSchema = pageOf(trialItemSchema).extend({
  summary: z.object({ trials: z.number().int(), attended: z.number().int(), joined: z.number().int() }),
});
export const bookingListResponseSchema = pageOf(bookingSchema);
/** `GET pro/bookings?class=…` or `?member=…` (at least one). */
export const bookingListQuerySchema = listQuerySchema
  .omit({ keyword: true })
  .extend({
    class: z.uuid().optional(),
    member: z.uuid().optional(),
    status: z.enum(BOOKING_STATUSES).optional(),
    /** Only bookings of classes from this business date on (member view: upcoming). */
    from: businessDateSchema.optional(),
    includeCancelled: queryFlag,
    pageSize: z.coerce.number().int().min(1).max(500).default(100),
    sort: z.enum(['startsAt', '-startsAt', 'bookedAt', '-bookedAt']).default('bookedAt'),
  })
  .superRefine((q, ctx) => {
    if (!q.class && !q.member) ctx.addIssue({ code: 'custom', path: ['class'], message: 'class_or_member' });
  });
export const bookingIdParamsSchema = z.object({ id: z.uuid() });

/** Events through the outbox (e-mail notification listeners, realtime). */
export const CLASS_EVENTS = {
  /** Per booked member of a cancelled class (their e-mail). */
  classCancelled: 'class.cancelled',
  /** Classes of a centre planned, moved, edited, cancelled or imported: other desks' lists and calendars refresh. */
  classChanged: 'class.changed',
  /** Booked members of classes that ended without them marked no-shows (the automatic sweep). */
  bookingsNoShow: 'booking.no_show',
  bookingCreated: 'booking.created',
  bookingCancelled: 'booking.cancelled',
  bookingPromoted: 'booking.promoted',
  bookingAttended: 'booking.attended',
} as const;
export const CLASS_CHANGES = ['created', 'updated', 'cancelled', 'imported'] as const;
export type ClassChange = (typeof CLASS_CHANGES)[number];
export const bookingNotificationSchema = z.object({
  bookingId: z.string(),
  memberId: z.string(),
  classId: z.string(),
  centerId: z.string(),
  startsAt: z.string(),
  className: z.string(),
});

// ---- short courses: sessions and attendance ----

/** Sale refusal (422 on `lines.N.itemId`) when a short course has as many members enrolled as its capacity. */
export const COURSE_FULL = 'course_full';

/**
 * `GET pro/short-courses/:id/sessions`: a short course's sessions (its classes, cancelled ones
 * too, in time order) and its enrolled members, each with their booking in every session (null
 * when they have none: enrolled after the session, or a session planned before they were).
 */
export const courseRosterSchema = z.object({
  course: z.object({
    id: z.string(),
    name: z.string(),
    center: centreRef,
    timeZone: z.string(),
    sessions: z.number().int(),
    capacity: z.number().int(),
    active: z.boolean(),
  }),
  sessions: z.array(
    z.object({
      classId: z.string(),
      /** Its number among the scheduled sessions (null when cancelled). */
      number: z.number().int().nullable(),
      date: z.string(),
      startTime: z.string(),
      endTime: z.string(),
      startsAt: z.string(),
      endsAt: z.string(),
      room: ref,
      teacher: ref,
      status: z.enum(CLASS_STATUSES),
      booked: z.number().int(),
      attended: z.number().int(),
    }),
  ),
  enrolments: z.array(
    z.object({
      /** The member's course (an entitlement of kind `short_course`). */
      entitlementId: z.string(),
      member: z.object({ id: z.string(), code: z.string(), name: z.string() }),
      enrolledOn: z.string(),
      /** `active`, `pending` (waiting for payment), `used_up` (every session taken), `expired`, `refunded`, `transferred`. */
      status: z.string(),
      attended: z.number().int(),
      /** One per session, in the order of `sessions`. */
      attendance: z.array(z.object({ bookingId: z.string(), status: z.enum(BOOKING_STATUSES) }).nullable()),
    }),
  ),
});
export type CourseRoster = z.infer<typeof courseRosterSchema>;
