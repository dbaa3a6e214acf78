/** Staff: the people who sign in. A staff member is a user with a role, allowed centres and cards. */
import { z } from 'zod';
import { roleSchema } from './acl.ts';
import { emailSchema, languageSchema } from './auth.ts';
import { cardNumberSchema, cardSchema, EXPORT_FORMATS, phoneSchema } from './members.ts';
import { listQuerySchema, pageOf } from './pagination.ts';
import { text } from './text.ts';

/** Roles a staff form may assign; `client` and `developer` are not given from the staff screen. */
export const ASSIGNABLE_ROLES = ['admin', 'manager', 'frontdesk', 'trainer', 'accountant'] as const;
export const assignableRoleSchema = z.enum(ASSIGNABLE_ROLES);

export const staffSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: roleSchema,
  allCenters: z.boolean(),
  centerIds: z.array(z.string()),
  isTrainer: z.boolean(),
  active: z.boolean(),
  language: languageSchema,
  /** `invited`: has not chosen a password yet. */
  accountStatus: z.enum(['invited', 'active', 'deactivated']),
  lastLoginAt: z.string().nullable(),
  cards: z.array(cardSchema),
  createdAt: z.string(),
});
export type Staff = z.infer<typeof staffSchema>;
export const staffListItemSchema = staffSchema.omit({ cards: true }).extend({ cardNumber: z.string().nullable() });
export const staffListResponseSchema = pageOf(staffListItemSchema);
export const staffListQuerySchema = listQuerySchema.extend({
  role: roleSchema.optional(),
  centerId: z.uuid().optional(),
  isTrainer: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  active: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  sort: z.enum(['name', '-name', 'email', '-email', 'role', '-role', 'createdAt', '-createdAt']).default('name'),
});

const centersRule = (v: { allCenters?: boolean; centerIds?: string[] }, ctx: z.RefinementCtx) => {
  if (v.allCenters === false && (!v.centerIds || v.centerIds.length === 0)) {
    ctx.addIssue({ code: 'custom', path: ['centerIds'], message: 'centers_required' });
  }
};

export const createStaffRequestSchema = z
  .strictObject({
    fullName: text().trim().min(1).max(120),
    email: emailSchema,
    phone: phoneSchema.nullish(),
    role: assignableRoleSchema,
    allCenters: z.boolean().default(true),
    centerIds: z.array(z.uuid()).max(100).default([]),
    isTrainer: z.boolean().default(false),
    language: languageSchema.default('en'),
    /** Send the invitation e-mail with a link to choose a password. */
    sendInvite: z.boolean().default(true),
  })
  .superRefine(centersRule);
export const updateStaffRequestSchema = z
  .strictObject({
    fullName: text().trim().min(1).max(120),
    email: emailSchema,
    phone: phoneSchema.nullish(),
    role: assignableRoleSchema,
    allCenters: z.boolean(),
    centerIds: z.array(z.uuid()).max(100),
    isTrainer: z.boolean(),
    language: languageSchema,
  })
  .partial()
  .superRefine(centersRule);
export const staffIdParamsSchema = z.object({ id: z.uuid() });
export const staffCardParamsSchema = z.object({ id: z.uuid(), cardId: z.uuid() });
export const attachStaffCardRequestSchema = z.strictObject({ number: cardNumberSchema });
/** `GET pro/staff/export`: the list's filters and sort, every page, as CSV or XLSX. */
export const staffExportQuerySchema = staffListQuerySchema
  .omit({ page: true, pageSize: true })
  .extend({ format: z.enum(EXPORT_FORMATS) });
