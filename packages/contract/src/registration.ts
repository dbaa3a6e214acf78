/**
 * Registration of a new organisation (kept apart from `auth.ts`: the sign-in page does not load the
 * currency table the form names its money from).
 */
import { z } from 'zod';
import { emailSchema, languageSchema, passwordSchema } from './auth.ts';
import { currencyCodeSchema } from './currency.ts';
import { text } from './text.ts';

export const registerRequestSchema = z.strictObject({
  organisationName: text().trim().min(2).max(120),
  initial: text()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z][A-Z0-9]{1,9}$/, 'initial_format'),
  fullName: text().trim().min(1).max(120),
  email: emailSchema,
  password: passwordSchema,
  language: languageSchema.default('en'),
  /** The organisation's money (ISO 4217): there is no default; its symbol starts as the usual one. */
  currencyCode: currencyCodeSchema,
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;
