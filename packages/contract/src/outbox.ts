import { z } from 'zod';
import { pageOf } from './pagination.ts';

export const outboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export const outboxPageSchema = pageOf(outboxMessageSchema);
