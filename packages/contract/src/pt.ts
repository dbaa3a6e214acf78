/**
 * Personal training: trainers' working hours and days off, PT sessions booked against a member's PT
 * package (a credit package whose usage is `pt` or `any`), and the package's detail (`/pt-detail/{id}`).
 * A session takes its credit when it is completed (or lost by a late cancel or a no-show); a booked
 * session holds a credit (counted against what is left) without taking it. Refusals carry one field
 * whose `code` is one of `PT_CODES` (or a timetable code of `CLASS_CODES`), translated by the web app.
 */
import { z } from 'zod';
import { wallTimeSchema } from './classes.ts';
import { listQuerySchema, pageOf } from './pagination.ts';
import { businessDateSchema } from './sales.ts';
import { text } from './text.ts';

export const PT_SESSION_STATUSES = ['booked', 'completed', 'cancelled', 'late_cancelled', 'no_show'] as const;
export type PtSessionStatus = (typeof PT_SESSION_STATUSES)[number];

/** Package usages a PT session may be paid by. */
export const PT_USAGES = ['pt', 'any'] as const;

export const PT_LIMITS = {
  durationMinutes: { min: 15, max: 240 },
  /** Default length of a session. */
  defaultDuration: 60,
  /** Default cancellation window: cancelling later than this before the start is late. */
  cancellationWindowMinutes: 720,
  /**
   * A session may be marked done from this long before its start (a trainer who begins a little
   * early, or closes the session on the desk's screen as the member arrives), never hours ahead.
   */
  completeEarlyMinutes: 15,
  /** Spans of working hours per trainer (all centres, all weekdays). */
  hours: 50,
  note: 200,
} as const;

export const PT_CODES = {
  notPtPackage: 'not_pt_package',
  packageNotUsable: 'package_not_usable',
  noCreditLeft: 'no_credit_left',
  notAtCentre: 'package_not_at_centre',
  outsideTrainerHours: 'outside_trainer_hours',
  trainerDayOff: 'trainer_day_off',
  notATrainer: 'not_a_trainer',
  trainerBusy: 'trainer_busy',
  roomBusy: 'room_busy',
  roomNotInCentre: 'room_not_in_centre',
  inThePast: 'in_the_past',
  notYourSession: 'not_your_session',
  notBooked: 'not_booked',
  notStarted: 'not_started',
  hoursOverlap: 'hours_overlap',
  endBeforeStart: 'end_before_start',
} as const;

const ref = z.object({ id: z.string(), name: z.string() });

// ---- working hours and days off ----

export const trainerHoursSpanSchema = z
  .strictObject({
    centerId: z.uuid(),
    /** 1 Monday … 7 Sunday. */
    weekday: z.number().int().min(1).max(7),
    start: wallTimeSchema,
    end: wallTimeSchema,
  })
  .refine((s) => s.end > s.start, { path: ['end'], message: PT_CODES.endBeforeStart });
export type TrainerHoursSpan = z.infer<typeof trainerHoursSpanSchema>;

/** `PUT pro/trainers/{id}/hours`: the trainer's whole weekly pattern (replaces what was there). */
export const putTrainerHoursRequestSchema = z.strictObject({
  hours: z.array(trainerHoursSpanSchema).max(PT_LIMITS.hours),
});
export const trainerHoursResponseSchema = z.object({
  trainer: ref,
  hours: z.array(z.object({ centerId: z.string(), weekday: z.number(), start: z.string(), end: z.string() })),
});
export type TrainerHours = z.infer<typeof trainerHoursResponseSchema>;

export const trainerIdParamsSchema = z.object({ id: z.uuid() });
export const dayOffParamsSchema = z.object({ id: z.uuid(), dayOffId: z.uuid() });

export const dayOffRequestSchema = z
  .strictObject({
    from: businessDateSchema,
    to: businessDateSchema,
    note: text().trim().max(PT_LIMITS.note).nullish(),
  })
  .refine((d) => d.to >= d.from, { path: ['to'], message: PT_CODES.endBeforeStart });
export type DayOffRequest = z.input<typeof dayOffRequestSchema>;
export const dayOffSchema = z.object({
  id: z.string(),
  trainerId: z.string(),
  from: z.string(),
  to: z.string(),
  note: z.string().nullable(),
});
export type DayOff = z.infer<typeof dayOffSchema>;
export const dayOffListQuerySchema = z.object({ from: businessDateSchema.optional() });
export const dayOffListResponseSchema = z.object({ items: z.array(dayOffSchema) });

// ---- sessions ----

/** `POST pro/pt-sessions` (with an `Idempotency-Key`). */
export const bookPtSessionRequestSchema = z.strictObject({
  entitlementId: z.uuid(),
  centerId: z.uuid(),
  trainerId: z.uuid(),
  roomId: z.uuid().nullish(),
  date: businessDateSchema,
  startTime: wallTimeSchema,
  durationMinutes: z
    .number()
    .int()
    .min(PT_LIMITS.durationMinutes.min)
    .max(PT_LIMITS.durationMinutes.max)
    .default(PT_LIMITS.defaultDuration),
  notes: text({ multiline: true }).trim().max(500).nullish(),
});
export type BookPtSessionRequest = z.input<typeof bookPtSessionRequestSchema>;

export const cancelPtSessionRequestSchema = z.strictObject({ reason: text().trim().max(200).nullish() });
export const ptSessionIdParamsSchema = z.object({ id: z.uuid() });

export const ptSessionSchema = z.object({
  id: z.string(),
  status: z.enum(PT_SESSION_STATUSES),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  durationMinutes: z.number(),
  startsAt: z.string(),
  endsAt: z.string(),
  center: z.object({ id: z.string(), code: z.string(), name: z.string() }),
  member: z.object({ id: z.string(), code: z.string().nullable(), name: z.string() }),
  trainer: ref,
  room: ref.nullable(),
  entitlement: ref,
  /** A credit was taken (completed, late cancel by the rule, no-show). */
  creditUsed: z.boolean(),
  completedAt: z.string().nullable(),
  completedBy: ref.nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  notes: z.string().nullable(),
});
export type PtSession = z.infer<typeof ptSessionSchema>;

export const ptSessionListQuerySchema = listQuerySchema.omit({ keyword: true, sort: true }).extend({
  from: businessDateSchema.optional(),
  to: businessDateSchema.optional(),
  center: z.uuid().optional(),
  trainer: z.uuid().optional(),
  member: z.uuid().optional(),
  entitlement: z.uuid().optional(),
  status: z.enum(PT_SESSION_STATUSES).optional(),
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
  sort: z.enum(['startsAt', '-startsAt']).default('startsAt'),
});
export type PtSessionListQuery = z.input<typeof ptSessionListQuerySchema>;
export const ptSessionListResponseSchema = pageOf(ptSessionSchema);
export type PtSessionList = z.infer<typeof ptSessionListResponseSchema>;

// ---- package detail ----

export const ptPackageParamsSchema = z.object({ entitlementId: z.uuid() });
export const ptPackageSchema = z.object({
  entitlementId: z.string(),
  name: z.string(),
  usage: z.string(),
  member: z.object({ id: z.string(), code: z.string().nullable(), name: z.string() }),
  /** Centres it may be used at; `allCenters` means every centre. */
  allCenters: z.boolean(),
  centerIds: z.array(z.string()),
  /** `EntitlementStatus` of the sales module on the centre's today. */
  status: z.string(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  credits: z.object({
    total: z.number(),
    /** Taken by completed sessions, late cancels, no-shows, and any other use of the ledger. */
    used: z.number(),
    /** Booked sessions not yet completed (each holds one of the remaining credits). */
    booked: z.number(),
    /** Left on the package (the ledger's credits left): booked sessions are still remaining. */
    remaining: z.number(),
    /** Still free to book: remaining less booked. */
    bookable: z.number(),
  }),
  counts: z.object({
    completed: z.number(),
    booked: z.number(),
    cancelled: z.number(),
    lateCancelled: z.number(),
    noShow: z.number(),
  }),
  sessions: z.array(ptSessionSchema),
});
export type PtPackage = z.infer<typeof ptPackageSchema>;

/** Events through the outbox (realtime). */
export const PT_EVENTS = {
  sessionBooked: 'pt.session_booked',
  sessionCompleted: 'pt.session_completed',
  sessionCancelled: 'pt.session_cancelled',
  sessionNoShow: 'pt.session_no_show',
} as const;
