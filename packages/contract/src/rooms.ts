import { z } from 'zod';
import { EXPORT_FORMATS } from './members.ts';
import { listQuerySchema, pageOf } from './pagination.ts';
import { text } from './text.ts';

export const roomSchema = z.object({
  id: z.string(),
  center: z.object({ id: z.string(), code: z.string(), name: z.string() }),
  name: z.string(),
  capacity: z.number().int(),
  notes: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type Room = z.infer<typeof roomSchema>;
export const roomListResponseSchema = pageOf(roomSchema);
export const roomListQuerySchema = listQuerySchema.extend({
  centerId: z.uuid().optional(),
  includeInactive: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  sort: z.enum(['name', '-name', 'capacity', '-capacity', 'center', '-center']).default('name'),
});
export const createRoomRequestSchema = z.strictObject({
  centerId: z.uuid(),
  name: text().trim().min(1).max(80),
  capacity: z.number().int().min(1).max(1000),
  notes: text({ multiline: true }).trim().max(500).nullish(),
});
export const updateRoomRequestSchema = z
  .strictObject({
    name: text().trim().min(1).max(80),
    capacity: z.number().int().min(1).max(1000),
    notes: text({ multiline: true }).trim().max(500).nullish(),
    active: z.boolean(),
  })
  .partial();
export const roomIdParamsSchema = z.object({ id: z.uuid() });
/** `GET pro/rooms/export`: the list's filters and sort, every page, as CSV or XLSX. */
export const roomExportQuerySchema = roomListQuerySchema
  .omit({ page: true, pageSize: true })
  .extend({ format: z.enum(EXPORT_FORMATS) });
