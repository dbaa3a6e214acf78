import { z } from 'zod';
import { text } from './text.ts';

export const listQuerySchema = z.object({
  keyword: text().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
  sort: text()
    .regex(/^-?[a-zA-Z]+$/)
    .optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}
