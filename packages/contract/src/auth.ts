import { z } from 'zod';
import { abilityRuleSchema, roleSchema } from './acl.ts';
import { LANGUAGES, LAYOUTS, SKINS } from './constants.ts';
import { text } from './text.ts';

export const emailSchema = text().trim().toLowerCase().max(254).pipe(z.email());
export const passwordSchema = text().min(8).max(200);
export const languageSchema = z.enum(LANGUAGES);

export const loginRequestSchema = z.strictObject({
  email: emailSchema,
  password: text().min(1).max(200),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const preferencesSchema = z.object({
  language: languageSchema,
  skin: z.enum(SKINS),
  layout: z.enum(LAYOUTS),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const userDataSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: roleSchema,
  ability: z.array(abilityRuleSchema),
  organisation: z.object({ id: z.string(), name: z.string(), initial: z.string() }),
  centerIds: z.array(z.string()).nullable().describe('null = every centre of the organisation'),
  preferences: preferencesSchema,
  extras: z.object({ eCommerceCartItemsCount: z.number().int() }),
});
export type UserData = z.infer<typeof userDataSchema>;

export const tokenPairSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const loginResponseSchema = tokenPairSchema.extend({ userData: userDataSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const refreshRequestSchema = z.strictObject({ refreshToken: text().min(10).max(200) });
export const logoutRequestSchema = z.strictObject({ refreshToken: text().min(10).max(200) });

export const forgotPasswordRequestSchema = z.strictObject({ email: emailSchema });
export const resetPasswordRequestSchema = z.strictObject({
  token: text().min(10).max(200),
  password: passwordSchema,
});

export const updateAccountRequestSchema = z.strictObject({
  fullName: text().trim().min(1).max(120).optional(),
  preferences: preferencesSchema.partial().optional(),
});
export const changePasswordRequestSchema = z.strictObject({
  currentPassword: text().min(1).max(200),
  newPassword: passwordSchema,
});

export const okResponseSchema = z.object({ ok: z.literal(true) });
