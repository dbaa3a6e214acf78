import { z } from 'zod';

/** One sign-in of the signed-in user (a refresh-token family): `GET /pro/me/sessions`. */
export const sessionSchema = z.object({
  id: z.uuid(),
  /** The sign-in this request was made with. */
  current: z.boolean(),
  /** The browser and system, read from the user agent ("Chrome on Windows"); null when unknown. */
  device: z.string().nullable(),
  address: z.string().nullable(),
  lastUsedAt: z.string(),
});
export type Session = z.infer<typeof sessionSchema>;
export const sessionListSchema = z.object({ items: z.array(sessionSchema) });
export type SessionList = z.infer<typeof sessionListSchema>;
