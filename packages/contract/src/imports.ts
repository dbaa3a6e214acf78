/**
 * Member import from another system: a CSV or XLSX file, a column mapping (savable as a preset),
 * a preview that lists every bad row, and a commit that imports all rows or none.
 */
import { z } from 'zod';
import { listQuerySchema, pageOf } from './pagination.ts';
import { text } from './text.ts';

/**
 * Member fields a column can map to. `cardNumber` attaches a card; `code` keeps the old system's
 * number; `fullName` is split into first and last name; the guardian columns let minors be imported.
 */
export const IMPORT_FIELDS = [
  'code',
  'firstName',
  'lastName',
  'fullName',
  'chineseName',
  'gender',
  'birthday',
  'phone',
  'email',
  'address',
  'emergencyContactName',
  'emergencyContactPhone',
  'homeCenterCode',
  'status',
  'source',
  'notes',
  'marketingConsent',
  'cardNumber',
  'joinedAt',
  'guardianName',
  'guardianPhone',
  'guardianRelationship',
  'addressLine2',
  'city',
  'postalCode',
  'country',
  'isProspect',
] as const;
/** Columns another system's export splits the address into (joined into the address), and its prospect flag. */
export const IMPORT_EXTRA_FIELDS = ['addressLine2', 'city', 'postalCode', 'country', 'isProspect'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
export const importFieldSchema = z.enum(IMPORT_FIELDS);

/** Largest file accepted (bytes of the file itself). */
export const IMPORT_MAX_BYTES = 15 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 50_000;
/** Largest size an XLSX (a zip) may expand to: checked on its directory before expanding, then while expanding. */
export const IMPORT_MAX_EXPANDED_BYTES = 96 * 1024 * 1024;
/** Heap of the worker thread that reads a file; a file that needs more is refused. */
export const IMPORT_WORKER_MEMORY_MB = 768;
/** Time the worker thread may take to read and check a file. */
export const IMPORT_PARSE_TIMEOUT_MS = 60_000;
/** Rows written per short transaction: other requests run between two batches. */
export const IMPORT_BATCH_ROWS = 250;
/** Columns a mapping may name (a spreadsheet wider than this is not a member export). */
export const IMPORT_MAX_COLUMNS = 300;
/** Rows shown in the preview's sample. */
export const IMPORT_SAMPLE_ROWS = 20;
/** Row errors listed at most (in the preview and in a refused commit). */
export const IMPORT_MAX_ERRORS = 1_000;
/** The commit reports progress after about this many rows. */
export const IMPORT_PROGRESS_EVERY = 500;

/** A row needs these (a full name counts for both names). */
export const IMPORT_REQUIRED_FIELDS = ['firstName', 'lastName', 'phone'] as const satisfies readonly ImportField[];

/** column header in the file -> member field (or null to skip the column). */
export const importMappingSchema = z
  .record(text().max(200), importFieldSchema.nullable())
  .refine((m) => Object.keys(m).length <= IMPORT_MAX_COLUMNS, 'mapping_too_wide')
  .refine((m) => {
    const fields = Object.values(m).filter((f) => f !== null);
    return new Set(fields).size === fields.length;
  }, 'mapping_duplicate_field');
export type ImportMapping = z.infer<typeof importMappingSchema>;

/** Fields whose cells are words from a list: each distinct file value is mapped to a member value. */
export const IMPORT_ENUM_FIELDS = [
  'gender',
  'status',
  'source',
  'marketingConsent',
  'isProspect',
  'homeCenterCode',
] as const satisfies readonly ImportField[];
export type ImportEnumField = (typeof IMPORT_ENUM_FIELDS)[number];
/** Distinct values of one column the preview proposes a mapping for (a wider column is not a list). */
export const IMPORT_MAX_DISTINCT_VALUES = 200;

/**
 * column header -> { value in the file (trimmed) -> member value }. Member values: a gender, a status, a
 * source, `true`/`false` for consent and the prospect flag, a centre id for the home centre.
 */
export const importValuesSchema = z
  .record(z.string().max(200), z.record(z.string().max(200), z.string().max(100)))
  .refine((v) => Object.keys(v).length <= IMPORT_MAX_COLUMNS, 'mapping_too_wide')
  .refine((v) => Object.values(v).every((m) => Object.keys(m).length <= IMPORT_MAX_DISTINCT_VALUES), 'too_many_values');
export type ImportValues = z.infer<typeof importValuesSchema>;

export const importRequestSchema = z.strictObject({
  fileName: text().trim().min(1).max(200),
  format: z.enum(['csv', 'xlsx']),
  /** The file, base64. */
  data: text()
    .min(1)
    .max(Math.ceil((IMPORT_MAX_BYTES * 4) / 3) + 8),
  /** Omitted on the first preview: the server proposes one from the headers. */
  mapping: importMappingSchema.optional(),
  /** Values chosen for enumerated columns; a value not named here is read as the preview proposes. */
  values: importValuesSchema.optional(),
  /** Centre for rows without a centre column. */
  defaultCenterId: z.uuid(),
});
export type ImportRequest = z.infer<typeof importRequestSchema>;

export const importRowErrorSchema = z.object({
  /** Data row as staff count them: the first row under the header is row 1 (0: the header itself). */
  row: z.number().int(),
  field: z.string().nullable(),
  code: z.string(),
  message: z.string(),
  /** Facts a translated message needs: `value` (the cell or code in question), `firstRow` (of a repeated value). */
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const importPreviewSchema = z.object({
  headers: z.array(z.string()),
  mapping: importMappingSchema,
  /** The proposed (or requested) member value of each distinct value of each enumerated column. */
  values: importValuesSchema,
  /** How many rows hold each distinct value of each enumerated column (values without a mapping included). */
  valueCounts: z.record(z.string(), z.record(z.string(), z.number().int())),
  totalRows: z.number().int(),
  validRows: z.number().int(),
  /** Every error found, even when `errors` lists only the first 1,000. */
  errorCount: z.number().int(),
  errors: z.array(importRowErrorSchema).describe('every bad row (capped at 1,000 entries)'),
  /** Rows imported with something to follow up (`guardian_missing`: a minor without guardian details). */
  warningCount: z.number().int(),
  warnings: z.array(importRowErrorSchema).describe('capped at 1,000 entries'),
  /** Rows whose phone or e-mail matches a member already stored: imported anyway (families share phones). */
  possibleDuplicates: z.number().int(),
  /** Rows that bring a card. */
  cards: z.number().int(),
  sample: z
    .array(z.record(z.string(), z.string().nullable()))
    .describe('first mapped rows, as they would be stored, with their spreadsheet `row`'),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** Commit answers NDJSON lines: progress while rows are written, then one `done` line. */
export const importProgressLineSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('progress'), done: z.number().int(), total: z.number().int() }),
  z.object({ type: z.literal('done'), imported: z.number().int(), cardsAttached: z.number().int() }),
  z.object({
    type: z.literal('failed'),
    error: z.string(),
    message: z.string(),
    errors: z.array(importRowErrorSchema),
  }),
]);
export type ImportProgressLine = z.infer<typeof importProgressLineSchema>;

export const importPresetSchema = z.object({
  id: z.string(),
  name: z.string(),
  mapping: importMappingSchema,
  values: importValuesSchema,
  createdAt: z.string(),
});
export const importPresetListResponseSchema = pageOf(importPresetSchema);
export const importPresetListQuerySchema = listQuerySchema;
export const importPresetInputSchema = z.strictObject({
  name: text().trim().min(1).max(80),
  mapping: importMappingSchema,
  values: importValuesSchema.default({}),
});
export const importPresetIdParamsSchema = z.object({ id: z.uuid() });

export const importTemplateQuerySchema = z.object({ format: z.enum(['csv', 'xlsx']) });

/** `details` of a refused commit (422 `import_invalid`). */
export const importRefusalDetailsSchema = z.object({
  rows: z.array(importRowErrorSchema),
  errorCount: z.number().int(),
});
