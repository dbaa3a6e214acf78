/**
 * The door: card scans, entry records and staff clock-ins.
 *
 * The loop (SCOPE.md, "Card reader"): a physical reader posts a scan to
 * `POST /api/v1/pro/readers/{sn}/scans` (its secret in `X-Reader-Secret`); the server publishes the
 * card-reader event on `data` to the browsers at that reader's centre that own it (the reader in
 * their handshake); the browser whose stored `reader` equals the event's reader acts on it by its
 * `reader_action`: `normal` posts
 * `POST /api/v1/pro/card/{card}/entry/ {center_id, sn}`, which decides, records, and notifies every
 * browser of the centre with the entry notification. A keyboard-wedge reader in the browser skips
 * the first hop. Taps queued offline are posted later with their `scan_id` and `tapped_at`.
 */
import { z } from 'zod';
import { cardNumberSchema } from './members.ts';
import { listQuerySchema, pageOf } from './pagination.ts';
import { businessDateSchema, overdueFlagSchema } from './sales.ts';
import { text } from './text.ts';

/** What a tap came to. `duplicate`: a second tap of the same card inside the duplicate-tap window. */
export const ENTRY_RESULTS = ['granted', 'denied', 'duplicate'] as const;
export type EntryResult = (typeof ENTRY_RESULTS)[number];

/** Why a tap was denied (checked in this order; the first that applies is recorded). */
export const ENTRY_DENIAL_REASONS = [
  'unknown_card',
  'card_lost',
  'card_detached',
  'staff_card',
  'member_left',
  'member_frozen',
  'outside_opening_hours',
  'no_entitlement',
  'overdue_balance',
  'agreement_missing',
] as const;
export type EntryDenialReason = (typeof ENTRY_DENIAL_REASONS)[number];

/** What let a granted member in. */
export const ENTRY_GRANTS = ['membership', 'credit', 'booking', 'override'] as const;
export type EntryGrant = (typeof ENTRY_GRANTS)[number];

/** Where a tap came from: a physical reader through the browser that owns it, a wedge reader, a replay of the offline queue, staff typing. */
export const ENTRY_SOURCES = ['reader', 'wedge', 'offline', 'desk'] as const;
export type EntrySource = (typeof ENTRY_SOURCES)[number];

/** A scan's id, chosen by the reader (or the browser's wedge reader): a retried scan carries the same one. */
export const scanIdSchema = text()
  .trim()
  .regex(/^[A-Za-z0-9_.:-]{6,100}$/, 'scan_id_format');

/** `POST /api/v1/pro/readers/{sn}/scans`, from a physical reader. */
export const readerScanRequestSchema = z.strictObject({
  scanId: scanIdSchema,
  card: cardNumberSchema,
  /** When the card was tapped, by the reader's clock (ISO 8601 with offset). */
  at: z.iso.datetime({ offset: true }),
});
export const readerScanResponseSchema = z.object({
  scanId: z.string(),
  /** `false` when this scan id was already received (a retry): nothing is published again. */
  accepted: z.boolean(),
});

/**
 * How far back a browser that owns a reader looks, each time its realtime socket connects, for the
 * reader's scans that recorded nothing yet (sent while it was away: a server restarted, the Wi-Fi dropped).
 */
export const UNANSWERED_SCANS_MINUTES = 10;
/** `GET /api/v1/pro/readers/{sn}/unanswered-scans?centerId=`: the reader's scans of the last minutes with no entry or clocking. */
export const unansweredScansQuerySchema = z.strictObject({ centerId: z.uuid() });
export const unansweredScanSchema = z.object({ scanId: z.string(), card: z.string(), at: z.string() });
export const unansweredScansResponseSchema = z.object({ items: z.array(unansweredScanSchema) });

/** `POST /api/v1/pro/card/{card}/entry/`: the spec's body `{center_id, sn}`, plus what an offline replay needs. */
export const cardEntryRequestSchema = z.strictObject({
  center_id: z.uuid(),
  /** The reader's serial number, when a reader scanned it (absent: typed at the desk). */
  sn: text().trim().max(64).nullish(),
  /** The scan this entry answers: the same scan id posted twice records one entry. */
  scan_id: scanIdSchema.optional(),
  /** When the card was tapped (an offline replay sends its original time); default now. At most 7 days old. */
  tapped_at: z.iso.datetime({ offset: true }).optional(),
  source: z.enum(ENTRY_SOURCES).optional(),
});
export const cardParamsSchema = z.object({ card: cardNumberSchema });

/**
 * `POST /api/v1/pro/students/{id}/entry`: a member checked in at the desk without a card (forgotten,
 * or none), by the tap's rule; sent with an `Idempotency-Key` (one per click), so a repeat records once.
 */
export const memberEntryRequestSchema = z.strictObject({
  center_id: z.uuid(),
});
export const memberEntryParamsSchema = z.object({ id: z.uuid() });

export const entryMemberSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  photoUrl: z.string().nullable(),
});

export const entrySchema = z.object({
  id: z.uuid(),
  /** When the card was tapped (ISO). */
  at: z.string(),
  businessDate: z.string(),
  center: z.object({ id: z.uuid(), code: z.string(), name: z.string() }),
  reader: z.object({ id: z.uuid(), sn: z.string(), name: z.string() }).nullable(),
  card: z.string().nullable(),
  member: entryMemberSchema.nullable(),
  result: z.enum(ENTRY_RESULTS),
  reason: z.enum(ENTRY_DENIAL_REASONS).nullable(),
  grantedBy: z.enum(ENTRY_GRANTS).nullable(),
  /** The membership or package that let them in (granted), or that was checked. */
  entitlement: z.object({ id: z.uuid(), name: z.string(), kind: z.string() }).nullable(),
  /** What is left after this entry: days of the membership, or credits of the package. */
  daysLeft: z.number().int().nullable(),
  creditsLeft: z.number().int().nullable(),
  source: z.enum(ENTRY_SOURCES),
  /** An override: the denied entry it let in, who and why. */
  overrideOf: z.uuid().nullable(),
  overriddenBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  overrideReason: z.string().nullable(),
  /** Set on a denied entry once someone let the member in. */
  overriddenByEntryId: z.uuid().nullable(),
  staff: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /**
   * A granted member's payment overdue (`overdue 12 days, HKD 500.00`), on the tap's answer and its
   * notification only: the door warns and lets them in (class bookings are what the setting blocks).
   */
  overdue: overdueFlagSchema.nullish(),
});
export type Entry = z.infer<typeof entrySchema>;

/** Answer of the entry call and of an override. `message` is in the caller's language. */
export const entryOutcomeSchema = z.object({
  result: z.enum(ENTRY_RESULTS),
  reason: z.enum(ENTRY_DENIAL_REASONS).nullable(),
  message: z.string(),
  entry: entrySchema,
});
export type EntryOutcome = z.infer<typeof entryOutcomeSchema>;

/** `POST /api/v1/pro/entries/{id}/override`: let a denied member in, with a reason. */
export const entryOverrideRequestSchema = z.strictObject({
  reason: text().trim().min(3).max(300),
});

export const entryListQuerySchema = listQuerySchema.extend({
  centerId: z.uuid().optional(),
  memberId: z.uuid().optional(),
  from: businessDateSchema.optional(),
  to: businessDateSchema.optional(),
  result: z.enum(ENTRY_RESULTS).optional(),
  reason: z.enum(ENTRY_DENIAL_REASONS).optional(),
  sort: z.enum(['at', '-at']).default('-at'),
});
export const entryExportQuerySchema = entryListQuerySchema
  .omit({ page: true, pageSize: true })
  .extend({ format: z.enum(['csv', 'xlsx']) });
export const entryListResponseSchema = pageOf(entrySchema);

/** `GET /api/v1/pro/entries/live?centerId=`: the dashboard's panel. */
export const entryLiveQuerySchema = z.object({ centerId: z.uuid() });
export const entryLiveSchema = z.object({
  /** The centre's business date. */
  today: z.string(),
  granted: z.number().int(),
  denied: z.number().int(),
  /** Members granted entry in the last `IN_BUILDING_MINUTES` (no exit gates: an estimate). */
  inBuilding: z.number().int(),
  last: z.array(entrySchema).max(20),
});
export const IN_BUILDING_MINUTES = 120;

/**
 * The entry notification (spec: `{center_id, action: "entry", message, icon}`) with what a browser
 * needs to show it in its own language and to offer the override: `message` is in the
 * organisation's default language.
 */
export const entryEventSchema = z.object({
  center_id: z.string(),
  action: z.literal('entry'),
  message: z.string(),
  icon: z.string(),
  entry: entrySchema,
});
export type EntryEvent = z.infer<typeof entryEventSchema>;

/** The card-reader event (spec), with the scan's id so that a browser never acts on one scan twice. */
export const scanEventSchema = z.object({
  center_id: z.string(),
  action: z.literal('scan'),
  message: z.string(),
  icon: z.string(),
  reader: z.string(),
  card: z.string(),
  scan_id: z.string(),
  at: z.string(),
});
export type ScanEvent = z.infer<typeof scanEventSchema>;

/** `reader_action` values (local storage, spec): said once, in `constants.ts`. */
export { READER_ACTIONS, type ReaderAction } from './constants.ts';

/** `POST /api/v1/pro/card/{card}/clock/ {center_id, sn}`: the staff card's owner clocks in, or out when in. */
export const clockRequestSchema = z.strictObject({
  center_id: z.uuid(),
  sn: text().trim().max(64).nullish(),
  scan_id: scanIdSchema.optional(),
  tapped_at: z.iso.datetime({ offset: true }).optional(),
});
export const attendanceSchema = z.object({
  id: z.uuid(),
  staff: z.object({ id: z.uuid(), name: z.string() }),
  center: z.object({ id: z.uuid(), code: z.string(), name: z.string() }),
  businessDate: z.string(),
  inAt: z.string(),
  outAt: z.string().nullable(),
  /** Whole minutes between in and out; null while still in. */
  minutes: z.number().int().nullable(),
});
export type Attendance = z.infer<typeof attendanceSchema>;
export const clockResponseSchema = z.object({
  result: z.boolean(),
  state: z.enum(['in', 'out']).nullable(),
  message: z.string(),
  attendance: attendanceSchema.nullable(),
});
export const attendanceListQuerySchema = listQuerySchema.extend({
  centerId: z.uuid().optional(),
  staffId: z.uuid().optional(),
  from: businessDateSchema.optional(),
  to: businessDateSchema.optional(),
  sort: z.enum(['inAt', '-inAt']).default('-inAt'),
});
export const attendanceExportQuerySchema = attendanceListQuerySchema
  .omit({ page: true, pageSize: true })
  .extend({ format: z.enum(['csv', 'xlsx']) });
export const attendanceListResponseSchema = pageOf(attendanceSchema);
/** Hours per staff member per day, for payroll: `GET /api/v1/pro/staff-attendance/days`. */
export const attendanceDaySchema = z.object({
  staff: z.object({ id: z.uuid(), name: z.string() }),
  businessDate: z.string(),
  minutes: z.number().int(),
  /** Clock-ins of that day still open (a forgotten clock-out). */
  open: z.number().int(),
});
export const attendanceDaysResponseSchema = z.object({ items: z.array(attendanceDaySchema) });
