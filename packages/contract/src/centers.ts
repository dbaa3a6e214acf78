import { z } from 'zod';

export const centerSummarySchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  timeZone: z.string(),
  currencySymbol: z.string(),
  lastPerson: z
    .object({ name: z.string(), at: z.string() })
    .nullable()
    .describe('the last person who entered this centre'),
});
export type CenterSummary = z.infer<typeof centerSummarySchema>;
export const centerListResponseSchema = z.object({ items: z.array(centerSummarySchema) });
