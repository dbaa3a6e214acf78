/** Public pages (no sign-in): prospect registration and card linking. API under `/api/v1/public/`. */
import { z } from 'zod';
import { emailSchema, languageSchema } from './auth.ts';
import { birthdayRule, cardNumberSchema, genderSchema, isoDateSchema, phoneSchema } from './members.ts';
import { text } from './text.ts';

export const registerPageParamsSchema = z.object({
  initial: text().regex(/^[A-Za-z][A-Za-z0-9]{1,9}$/),
  centerCode: text().regex(/^[A-Za-z0-9]{1,10}$/),
});

export const registerPageInfoSchema = z.object({
  organisationName: z.string(),
  centerName: z.string(),
  centerCode: z.string(),
  registrationOpen: z.boolean(),
  defaultLanguage: languageSchema,
  /** The centre's IANA time zone: the page's "today" (no birthday after it) is the centre's date. */
  timeZone: z.string(),
});
export type RegisterPageInfo = z.infer<typeof registerPageInfoSchema>;

export const prospectRegistrationSchema = z.strictObject({
  firstName: text().trim().min(1).max(80),
  lastName: text().trim().min(1).max(80),
  chineseName: text().trim().max(40).nullish(),
  phone: phoneSchema,
  email: emailSchema,
  birthday: isoDateSchema.nullish(),
  gender: genderSchema.nullish(),
  language: languageSchema,
  marketingConsent: z.boolean().default(false),
  /** The prospect accepts that the centre keeps their data to contact them. */
  privacyAccepted: z.literal(true, { error: 'privacy_required' }),
  /** Honeypot: hidden from people; a bot that fills it is thanked and ignored. */
  website: text().max(200).optional(),
});
export type ProspectRegistration = z.input<typeof prospectRegistrationSchema>;
/**
 * The registration as the centre checks it on its own today (its business date, from `time.ts`):
 * no birthday in the future. The page checks with the centre's date it was given, the server with its own.
 */
export const prospectRegistrationOn = (today: string) =>
  prospectRegistrationSchema.superRefine((value, ctx) => birthdayRule(value, ctx, today));
export const prospectRegisteredSchema = z.object({ ok: z.literal(true) });

/** Registrations allowed per address in the window before 429. */
export const REGISTRATION_RATE_LIMIT = { max: 5, windowSeconds: 600 } as const;

export const cardLinkParamsSchema = z.object({
  centerId: z.uuid(),
  token: text().regex(/^[A-Za-z0-9_-]{20,100}$/),
});
export const cardLinkInfoSchema = z.object({
  centerName: z.string(),
  organisationName: z.string(),
  memberFirstName: z.string(),
  expiresAt: z.string(),
});
export const cardLinkRequestSchema = z.strictObject({ cardNumber: cardNumberSchema });
export const cardLinkDoneSchema = z.object({ ok: z.literal(true), cardNumber: z.string() });
