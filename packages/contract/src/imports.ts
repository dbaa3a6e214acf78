/**
 * Member import from another system: a CSV or XLSX file, a column mapping (savable as a preset),
 * a preview that lists every bad row, and a commit that imports all rows or none.
 */
import { z } from 'zod';
import { listQuerySchema, pageOf } from './pagination.ts';

/** Member fields a column can map to. `cardNumber` attaches a card; `code` keeps the old system's number. */
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
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
export const importFieldSchema = z.enum(IMPORT_FIELDS);

/** Largest file accepted (bytes of the file itself). */
export const IMPORT_MAX_BYTES = 15 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 50_000;

/** column header in the file -> member field (or null to skip the column). */
export const importMappingSchema = z.record(z.string().max(200), importFieldSchema.nullable());
export type ImportMapping = z.infer<typeof importMappingSchema>;

export const importRequestSchema = z.strictObject({
  fileName: z.string().trim().min(1).max(200),
  format: z.enum(['csv', 'xlsx']),
  /** The file, base64. */
  data: z
    .string()
    .min(1)
    .max(Math.ceil((IMPORT_MAX_BYTES * 4) / 3) + 8),
  /** Omitted on the first preview: the server proposes one from the headers. */
  mapping: importMappingSchema.optional(),
  /** Centre for rows without a centre column. */
  defaultCenterId: z.uuid(),
});
export type ImportRequest = z.infer<typeof importRequestSchema>;

export const importRowErrorSchema = z.object({
  /** Row number as the spreadsheet shows it (the header is row 1). */
  row: z.number().int(),
  field: z.string().nullable(),
  code: z.string(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const importPreviewSchema = z.object({
  headers: z.array(z.string()),
  mapping: importMappingSchema,
  totalRows: z.number().int(),
  validRows: z.number().int(),
  errors: z.array(importRowErrorSchema).describe('every bad row (capped at 1,000 entries)'),
  sample: z.array(z.record(z.string(), z.string().nullable())).describe('first mapped rows'),
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
  createdAt: z.string(),
});
export const importPresetListResponseSchema = pageOf(importPresetSchema);
export const importPresetListQuerySchema = listQuerySchema;
export const importPresetInputSchema = z.strictObject({
  name: z.string().trim().min(1).max(80),
  mapping: importMappingSchema,
});
export const importPresetIdParamsSchema = z.object({ id: z.uuid() });
