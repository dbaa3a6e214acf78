/**
 * Timetable import (`/class-import`): a term of classes from a CSV or XLSX file, previewed with every
 * bad row and its reason, then committed all or nothing in one transaction with streamed progress.
 * The file travels as the member import's does (`fileName`, `format`, base64 `data`), and its row
 * errors and progress lines have the member import's shapes.
 */
import { z } from 'zod';
import { IMPORT_MAX_BYTES, IMPORT_MAX_COLUMNS, importRowErrorSchema } from './imports.ts';
import { text } from './text.ts';

/** Class fields a column can map to. Room, teacher, type and centre are matched by name (or code, e-mail). */
export const CLASS_IMPORT_FIELDS = [
  'date',
  'startTime',
  'endTime',
  'durationMinutes',
  'classType',
  'room',
  'teacher',
  'centerCode',
  'capacity',
  'credits',
  'mode',
  'notes',
] as const;
export type ClassImportField = (typeof CLASS_IMPORT_FIELDS)[number];

/** A row needs these (the end time or the duration may be left out: the class type's length is used). */
export const CLASS_IMPORT_REQUIRED_FIELDS = [
  'date',
  'startTime',
  'classType',
  'room',
  'teacher',
] as const satisfies readonly ClassImportField[];

/** Rows a timetable file may hold (a busy centre's year is about 5,000 classes). */
export const CLASS_IMPORT_MAX_ROWS = 10_000;
/** Classes written between two progress lines. */
export const CLASS_IMPORT_BATCH = 250;

/** Reasons a row is refused (`code` of its error; `params.value` holds the cell in question). */
export const CLASS_IMPORT_CODES = {
  required: 'required',
  columnMissing: 'column_missing',
  dateInvalid: 'date_invalid',
  datePast: 'date_past',
  timeInvalid: 'time_invalid',
  durationInvalid: 'duration_invalid',
  /** The end time and the duration both given, and they disagree. */
  durationMismatch: 'duration_mismatch',
  numberInvalid: 'number_invalid',
  modeInvalid: 'mode_invalid',
  unknownCentre: 'unknown_centre',
  unknownRoom: 'unknown_room',
  unknownTeacher: 'unknown_teacher',
  /** Two active staff members have this name: the row must give the e-mail. */
  teacherAmbiguous: 'teacher_ambiguous',
  unknownType: 'unknown_type',
  typeInactive: 'type_inactive',
  roomNotInCentre: 'room_not_in_centre',
  teacherNotInCentre: 'teacher_not_in_centre',
  outsideOpeningHours: 'outside_opening_hours',
  /** Overlaps another row of the file in the same room or with the same teacher (`params.otherRow`). */
  overlapsRow: 'overlaps_row',
  /** The room has a class already stored at that time (`params.name`, `params.date`, `params.time`). */
  roomBusy: 'room_busy',
  /** The teacher teaches a class already stored at that time (`params.name`, `params.date`, `params.time`). */
  teacherBusy: 'teacher_busy',
  /** The room is held by a booked PT session at that time (`params.date`, `params.time`). */
  roomBusyPt: 'room_busy_pt',
  /** The teacher gives a booked PT session at that time (`params.date`, `params.time`). */
  teacherBusyPt: 'teacher_busy_pt',
} as const;

/** column header in the file -> class field (or null to skip the column). */
export const classImportMappingSchema = z
  .record(text().max(200), z.enum(CLASS_IMPORT_FIELDS).nullable())
  .refine((m) => Object.keys(m).length <= IMPORT_MAX_COLUMNS, 'mapping_too_wide')
  .refine((m) => {
    const fields = Object.values(m).filter((f) => f !== null);
    return new Set(fields).size === fields.length;
  }, 'mapping_duplicate_field');
export type ClassImportMapping = z.infer<typeof classImportMappingSchema>;

export const classImportRequestSchema = z.strictObject({
  fileName: text().trim().min(1).max(200),
  format: z.enum(['csv', 'xlsx']),
  /** The file, base64. */
  data: text()
    .min(1)
    .max(Math.ceil((IMPORT_MAX_BYTES * 4) / 3) + 8),
  /** Omitted on the first preview: the server proposes one from the headers. */
  mapping: classImportMappingSchema.optional(),
  /** Centre of rows without a centre column. */
  defaultCenterId: z.uuid(),
});
export type ClassImportRequest = z.infer<typeof classImportRequestSchema>;

/** One class as it would be stored, for the preview's sample. */
export const classImportSampleSchema = z.object({
  row: z.number().int(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  centerCode: z.string(),
  room: z.string(),
  teacher: z.string(),
  classType: z.string(),
  capacity: z.number().int(),
  credits: z.number().int(),
  mode: z.string(),
});
export type ClassImportSample = z.infer<typeof classImportSampleSchema>;

export const classImportPreviewSchema = z.object({
  headers: z.array(z.string()),
  mapping: classImportMappingSchema,
  totalRows: z.number().int(),
  validRows: z.number().int(),
  errorCount: z.number().int(),
  errors: z.array(importRowErrorSchema).describe('every bad row (capped at 1,000 entries)'),
  /** First and last day of the classes (null when no row is valid). */
  firstDate: z.string().nullable(),
  lastDate: z.string().nullable(),
  sample: z.array(classImportSampleSchema).describe('first rows, as they would be stored'),
});
export type ClassImportPreview = z.infer<typeof classImportPreviewSchema>;

/** Commit answers NDJSON lines: progress while classes are written, then one `done` or `failed` line. */
export const classImportProgressLineSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('progress'), done: z.number().int(), total: z.number().int() }),
  z.object({
    type: z.literal('done'),
    imported: z.number().int(),
    firstDate: z.string(),
    lastDate: z.string(),
  }),
  z.object({
    type: z.literal('failed'),
    error: z.string(),
    message: z.string(),
    errors: z.array(importRowErrorSchema),
  }),
]);
export type ClassImportProgressLine = z.infer<typeof classImportProgressLineSchema>;

export const classImportTemplateQuerySchema = z.object({ format: z.enum(['csv', 'xlsx']) });
