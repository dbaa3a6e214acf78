/**
 * Expenditure (`/expenditure`, `/pro/expenditures`): money paid out by a centre, with its category
 * (the organisation's own list), tax, supplier, method, and a receipt (image or PDF) kept on disk.
 * Amounts are integers of minor units (`./money.ts`).
 */
import { z } from 'zod';
import { EXPORT_FORMATS, isoDateSchema } from './members.ts';
import { amountSchema, ZERO } from './money.ts';
import { listQuerySchema, pageOf } from './pagination.ts';
import { text } from './text.ts';

export const EXPENDITURE_METHODS = ['cash', 'card', 'bank_transfer', 'other'] as const;
export type ExpenditureMethod = (typeof EXPENDITURE_METHODS)[number];

/** Largest receipt accepted (bytes of the file itself). */
export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;
/** The receipt kinds accepted, recognised by their first bytes (never by the name or the declared type). */
export const RECEIPT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type ReceiptType = (typeof RECEIPT_TYPES)[number];

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** A receipt as the client sends it: its name and its bytes in base64 (inside the JSON body). */
export const receiptUploadSchema = z.strictObject({
  fileName: text().trim().min(1).max(200),
  content: text()
    .min(4)
    .max(Math.ceil(RECEIPT_MAX_BYTES / 3) * 4 + 4, 'file_too_large')
    .refine((s) => s.length % 4 === 0 && BASE64.test(s), 'base64_invalid'),
});
export type ReceiptUpload = z.infer<typeof receiptUploadSchema>;

export const expenditureCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  active: z.boolean(),
});
export type ExpenditureCategory = z.infer<typeof expenditureCategorySchema>;
export const expenditureCategoryListSchema = z.object({ items: z.array(expenditureCategorySchema) });
export const expenditureCategoryListQuerySchema = z.object({
  includeInactive: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export const createExpenditureCategorySchema = z.strictObject({ name: text().trim().min(1).max(60) });
export const updateExpenditureCategorySchema = z
  .strictObject({ name: text().trim().min(1).max(60), active: z.boolean() })
  .partial();

export const expenditureSchema = z.object({
  id: z.string(),
  center: z.object({ id: z.string(), code: z.string(), name: z.string() }),
  date: z.string(),
  category: z.object({ id: z.string(), name: z.string() }),
  amount: z.number().int(),
  taxAmount: z.number().int(),
  supplier: z.string().nullable(),
  method: z.enum(EXPENDITURE_METHODS),
  note: z.string().nullable(),
  receipt: z.object({ fileName: z.string(), contentType: z.string(), size: z.number().int() }).nullable(),
  recordedBy: z.object({ id: z.string(), name: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Expenditure = z.infer<typeof expenditureSchema>;

/** The list's page, and the totals of every row its filters select (not only this page's). */
export const expenditureListResponseSchema = pageOf(expenditureSchema).extend({
  totals: z.object({ amount: z.number().int(), taxAmount: z.number().int() }),
});

export const EXPENDITURE_SORTS = [
  'date',
  '-date',
  'amount',
  '-amount',
  'category',
  '-category',
  'supplier',
  '-supplier',
  'center',
  '-center',
] as const;

export const expenditureListQuerySchema = listQuerySchema.extend({
  centerId: z.uuid().optional(),
  categoryId: z.uuid().optional(),
  method: z.enum(EXPENDITURE_METHODS).optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  sort: z.enum(EXPENDITURE_SORTS).default('-date'),
});
export const expenditureExportQuerySchema = expenditureListQuerySchema
  .omit({ page: true, pageSize: true })
  .extend({ format: z.enum(EXPORT_FORMATS) });

const expenditureFields = {
  centerId: z.uuid(),
  /** The centre's business date when left out. */
  date: isoDateSchema,
  categoryId: z.uuid(),
  amount: amountSchema,
  taxAmount: amountSchema,
  supplier: text().trim().max(120).nullish(),
  method: z.enum(EXPENDITURE_METHODS),
  note: text({ multiline: true }).trim().max(1000).nullish(),
};

const taxWithinAmount = (v: { amount?: number; taxAmount?: number }) =>
  v.amount === undefined || v.taxAmount === undefined || v.taxAmount <= v.amount;
const taxIssue = { message: 'tax_exceeds_amount', path: ['taxAmount'] };

export const createExpenditureSchema = z
  .strictObject({
    ...expenditureFields,
    date: expenditureFields.date.optional(),
    taxAmount: expenditureFields.taxAmount.default(ZERO),
    receipt: receiptUploadSchema.optional(),
  })
  .refine(taxWithinAmount, taxIssue);

/** A change: any field; `receipt` replaces the receipt, `null` removes it. */
export const updateExpenditureSchema = z
  .strictObject({ ...expenditureFields, receipt: receiptUploadSchema.nullable() })
  .partial()
  .refine(taxWithinAmount, taxIssue);

export const deleteExpenditureSchema = z.strictObject({ reason: text().trim().min(1).max(500) });
export const expenditureIdParamsSchema = z.object({ id: z.uuid() });
