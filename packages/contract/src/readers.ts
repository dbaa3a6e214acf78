/**
 * Card readers: physical devices at a centre's door. Each one authenticates its scans with its
 * serial number (`sn`) and a secret that is shown once, at creation or rotation, and stored hashed.
 */
import { z } from 'zod';
import { listQuerySchema, pageOf } from './pagination.ts';
import { text } from './text.ts';

export const readerSchema = z.object({
  id: z.string(),
  center: z.object({ id: z.string(), code: z.string(), name: z.string() }),
  name: z.string(),
  sn: z.string(),
  active: z.boolean(),
  lastSeenAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Reader = z.infer<typeof readerSchema>;
export const readerListResponseSchema = pageOf(readerSchema);
export const readerListQuerySchema = listQuerySchema.extend({
  centerId: z.uuid().optional(),
  sort: z.enum(['name', '-name', 'sn', '-sn', 'lastSeenAt', '-lastSeenAt']).default('name'),
});
export const readerSnSchema = text()
  .trim()
  .regex(/^[A-Za-z0-9_-]{3,64}$/, 'reader_sn_format');
export const createReaderRequestSchema = z.strictObject({
  centerId: z.uuid(),
  name: text().trim().min(1).max(80),
  sn: readerSnSchema,
});
export const updateReaderRequestSchema = z
  .strictObject({ name: text().trim().min(1).max(80), centerId: z.uuid(), active: z.boolean() })
  .partial();
/** Answer of create and rotate: the secret appears here and nowhere else, ever. */
export const readerWithSecretSchema = z.object({ reader: readerSchema, secret: z.string() });
export const readerIdParamsSchema = z.object({ id: z.uuid() });
