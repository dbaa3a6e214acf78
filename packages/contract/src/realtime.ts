import { z } from 'zod';

/** Socket.IO event name (spec): every message travels on `data` as a JSON string. */
export const REALTIME_EVENT = 'data';

export const cardReaderEventSchema = z.object({
  center_id: z.string(),
  action: z.string(),
  message: z.string(),
  icon: z.string(),
  reader: z.string(),
  card: z.string(),
});
export type CardReaderEvent = z.infer<typeof cardReaderEventSchema>;

export const entryNotificationSchema = z.object({
  center_id: z.string(),
  action: z.literal('entry'),
  message: z.string(),
  icon: z.string(),
});
export type EntryNotification = z.infer<typeof entryNotificationSchema>;
