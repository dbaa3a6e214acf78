/**
 * Members (the spec's "students"): the people who train at the gym. Shared by the API (validation)
 * and the web app (forms). Dates are `YYYY-MM-DD` strings, instants ISO strings.
 */
import { z } from 'zod';
import { emailSchema, languageSchema } from './auth.ts';
import { listQuerySchema, pageOf } from './pagination.ts';
import { text } from './text.ts';
import { ageOn, type BusinessDate } from './time.ts';

export const MEMBER_STATUSES = ['prospect', 'active', 'frozen', 'left'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
export const memberStatusSchema = z.enum(MEMBER_STATUSES);

export const GENDERS = ['female', 'male', 'other', 'undisclosed'] as const;
export const genderSchema = z.enum(GENDERS);

export const MEMBER_SOURCES = ['walk_in', 'referral', 'online', 'social', 'corporate', 'import', 'other'] as const;
export const memberSourceSchema = z.enum(MEMBER_SOURCES);

/** Age below which a guardian is required. */
export const ADULT_AGE = 18;

export const isoDateSchema = text()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'date_format')
  .refine(
    (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    'date_invalid',
  );

/** Phone numbers as staff type them: digits, spaces, dashes, brackets, a leading +. */
export const phoneSchema = text()
  .trim()
  .regex(/^\+?[\d\s()-]{6,24}$/, 'phone_format');

/** Card numbers as printed on the card: letters and digits; leading zeros are kept. */
export const cardNumberSchema = text()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{4,32}$/, 'card_format');

/** A photo as a data URL (JPEG, PNG or WebP), from an upload or the webcam; up to ~750 kB. */
export const photoSchema = text()
  .max(1_000_000, 'photo_too_large')
  .regex(/^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/=]+$/, 'photo_format');

const optionalText = (max: number, multiline = false) => text({ multiline }).trim().max(max).nullish();

export const guardianSchema = z.strictObject({
  name: text().trim().min(1).max(120),
  phone: phoneSchema,
  relationship: text().trim().max(60).nullish(),
});
export type Guardian = z.infer<typeof guardianSchema>;

const memberFields = {
  firstName: text().trim().min(1).max(80),
  lastName: text().trim().min(1).max(80),
  chineseName: optionalText(40),
  gender: genderSchema.nullish(),
  birthday: isoDateSchema.nullish(),
  phone: phoneSchema,
  email: emailSchema.nullish(),
  address: optionalText(300, true),
  emergencyContactName: optionalText(120),
  emergencyContactPhone: phoneSchema.nullish(),
  guardian: guardianSchema.nullish(),
  photo: photoSchema.nullish(),
  homeCenterId: z.uuid(),
  source: memberSourceSchema,
  notes: optionalText(2000, true),
  marketingConsent: z.boolean(),
  language: languageSchema,
  groupIds: z.array(z.uuid()).max(50),
};

/**
 * A guardian is needed when the member is under 18 on the centre's today (the business date of the
 * member's home centre, never UTC's day), and a birthday may not be after that day. The schemas
 * below cannot know the centre, so the server checks this rule in the use case with the home
 * centre's date, and the web form with the selected centre's.
 */
export function guardianRule(
  value: { birthday?: string | null; guardian?: Guardian | null },
  ctx: Pick<z.RefinementCtx, 'addIssue'>,
  today: BusinessDate,
) {
  if (value.birthday && ageOn(value.birthday, today) < ADULT_AGE && !value.guardian) {
    ctx.addIssue({ code: 'custom', path: ['guardian'], message: 'guardian_required' });
  }
  birthdayRule(value, ctx, today);
}

/** No birthday after the centre's today (its business date, never UTC's day). */
export function birthdayRule(
  value: { birthday?: string | null },
  ctx: Pick<z.RefinementCtx, 'addIssue'>,
  today: BusinessDate,
) {
  if (value.birthday && value.birthday > today) {
    ctx.addIssue({ code: 'custom', path: ['birthday'], message: 'birthday_future' });
  }
}

export const createMemberRequestSchema = z.strictObject({
  ...memberFields,
  source: memberFields.source.default('walk_in'),
  marketingConsent: memberFields.marketingConsent.default(false),
  language: memberFields.language.default('en'),
  groupIds: memberFields.groupIds.default([]),
  status: memberStatusSchema.default('active'),
  /** Leave empty to generate one from the organisation's pattern. */
  code: text().trim().min(1).max(30).nullish(),
  /** A first card to attach at once. */
  cardNumber: cardNumberSchema.nullish(),
  /** Set after staff saw the possible duplicates and confirmed this is a different person. */
  confirmDifferentPerson: z.boolean().default(false),
});
/**
 * A row of a member import: the desk's fields. The guardian rule needs the home centre's business
 * date, so the import checks it per row; a minor without guardian details is kept there (flagged
 * "guardian details missing" for follow-up) rather than refused. Only imports may do this.
 */
export const importMemberRowSchema = createMemberRequestSchema;
export type CreateMemberRequest = z.input<typeof createMemberRequestSchema>;

export const updateMemberRequestSchema = z
  .strictObject({
    ...memberFields,
    status: memberStatusSchema,
  })
  .partial()
  // The guardian rule needs the home centre's date and, for a patch, the stored member: the server checks it.
  .extend({ confirmDifferentPerson: z.boolean().default(false) });
export type UpdateMemberRequest = z.input<typeof updateMemberRequestSchema>;

export const CARD_STATUSES = ['active', 'lost', 'detached'] as const;
export const cardSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(CARD_STATUSES),
  attachedAt: z.string(),
  lostAt: z.string().nullable(),
  detachedAt: z.string().nullable(),
  attachedBy: z.string().nullable().describe('name of the staff member who attached it'),
});
export type Card = z.infer<typeof cardSchema>;

export const centerRefSchema = z.object({ id: z.string(), code: z.string(), name: z.string() });

export const memberSchema = z.object({
  id: z.string(),
  code: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  chineseName: z.string().nullable(),
  gender: genderSchema.nullable(),
  birthday: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  emergencyContactName: z.string().nullable(),
  emergencyContactPhone: z.string().nullable(),
  guardian: guardianSchema.nullable(),
  guardianMissing: z
    .boolean()
    .describe("a minor (on the home centre's business date) without guardian details: imported, to follow up"),
  photo: z.string().nullable(),
  homeCenter: centerRefSchema,
  source: memberSourceSchema,
  notes: z.string().nullable(),
  marketingConsent: z.boolean(),
  language: languageSchema,
  status: memberStatusSchema,
  isNew: z.boolean().describe('registered online and not yet opened by staff'),
  groups: z.array(z.object({ id: z.string(), name: z.string() })),
  cards: z.array(cardSchema),
  possibleDuplicateOf: z
    .string()
    .nullable()
    .optional()
    .describe('a member with the same phone or e-mail, linked when this one registered online'),
  mergedInto: z.string().nullable().optional().describe('set on a record merged into another member'),
  erasedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The member file's last visit: the last granted entry at any centre (only on `GET students/{id}`). */
  lastVisitAt: z.string().nullable().optional(),
});
export type Member = z.infer<typeof memberSchema>;

export const memberListItemSchema = z.object({
  id: z.string(),
  code: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  chineseName: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  status: memberStatusSchema,
  homeCenter: centerRefSchema,
  cardNumber: z.string().nullable().describe('the active card, if any'),
  possibleDuplicateOf: z.string().nullable().optional().describe('linked as a possible duplicate of this member'),
  isNew: z.boolean(),
  hasPhoto: z.boolean(),
  /** Past-due installments not yet paid (minor units); 0 when nothing is overdue. */
  overdueMinor: z.number().int().optional(),
  createdAt: z.string(),
});
export type MemberListItem = z.infer<typeof memberListItemSchema>;
/** The member list counts exactly up to this many matches; beyond it the total reads "1,000+". */
export const MEMBER_TOTAL_CAP = 1_000;
export const memberListResponseSchema = pageOf(memberListItemSchema).extend({
  totalCapped: z
    .boolean()
    .optional()
    .describe(`true when more than ${MEMBER_TOTAL_CAP} members match: \`total\` is then the cap, not the exact count`),
});

export const MEMBER_SORTS = ['code', '-code', 'name', '-name', 'createdAt', '-createdAt', 'status', '-status'] as const;
export const memberListQuerySchema = listQuerySchema.extend({
  sort: z
    .enum(MEMBER_SORTS)
    .optional()
    .describe(
      'default: by relevance when a keyword is given (exact card, code, phone; name prefix; rest), else -createdAt',
    ),
  centerId: z.uuid().optional(),
  status: memberStatusSchema.optional(),
  groupId: z.uuid().optional(),
  isNew: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  /** Minors without guardian details (imported), for follow-up. */
  guardianMissing: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type MemberListQuery = z.input<typeof memberListQuerySchema>;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const exportQuerySchema = z.object({ format: z.enum(EXPORT_FORMATS) });
export const memberExportQuerySchema = memberListQuerySchema
  .omit({ page: true, pageSize: true })
  .extend({ format: z.enum(EXPORT_FORMATS) });

/** 409 `duplicate_member` carries the members who share the phone or e-mail in `details.duplicates`. */
export const duplicateMemberSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  matchedOn: z.array(z.enum(['phone', 'email'])),
});
export type DuplicateMember = z.infer<typeof duplicateMemberSchema>;

export const attachCardRequestSchema = z.strictObject({ number: cardNumberSchema });
/** The spec's reader call: `POST pro/student/{student_id}/nfc/ {card}` answering `{result, message}`. */
export const nfcRequestSchema = z.strictObject({ card: cardNumberSchema });
export const nfcResponseSchema = z.object({ result: z.boolean(), message: z.string() });

export const eraseMemberRequestSchema = z.strictObject({
  /** The member's code, typed again by staff to confirm. */
  confirmCode: text().trim().min(1).max(30),
});

export const memberIdParamsSchema = z.object({ id: z.uuid() });
export const memberCardParamsSchema = z.object({ id: z.uuid(), cardId: z.uuid() });

/** A single-use link staff give a member to link a card from their phone. */
export const CARD_LINK_TTL_HOURS = 48;
export const cardLinkIssuedSchema = z.object({ url: z.string(), expiresAt: z.string() });

// ---- groups ----
export const groupSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  color: z.string(),
  memberCount: z.number().int(),
  createdAt: z.string(),
});
export type Group = z.infer<typeof groupSchema>;
export const groupListResponseSchema = pageOf(groupSchema);
export const groupListQuerySchema = listQuerySchema.extend({
  sort: z.enum(['name', '-name', 'memberCount', '-memberCount', 'createdAt', '-createdAt']).default('name'),
});
export const groupInputSchema = z.strictObject({
  name: text().trim().min(1).max(80),
  description: text({ multiline: true }).trim().max(500).nullish(),
  color: text()
    .regex(/^#[0-9a-fA-F]{6}$/, 'color_format')
    .default('#7367f0'),
});
export const groupUpdateSchema = z.strictObject({
  name: text().trim().min(1).max(80).optional(),
  description: text({ multiline: true }).trim().max(500).nullish(),
  color: text()
    .regex(/^#[0-9a-fA-F]{6}$/, 'color_format')
    .optional(),
});
export const groupMembersRequestSchema = z.strictObject({ memberIds: z.array(z.uuid()).min(1).max(500) });
export const groupMemberParamsSchema = z.object({ id: z.uuid(), memberId: z.uuid() });

// ---- privacy ----
/** Everything stored about one member, as handed to them on request (`GET pro/students/{id}/privacy-export`). */
export const memberPrivacyExportSchema = z.object({
  exportedAt: z.string(),
  organisation: z.object({ name: z.string(), initial: z.string() }),
  member: memberSchema.omit({ cards: true, groups: true }).extend({
    createdBy: z.string().nullable().describe('name of the staff member who created the record'),
  }),
  cards: z.array(cardSchema),
  groups: z.array(z.object({ id: z.string(), name: z.string(), addedAt: z.string() })),
  cardLinks: z.array(
    z.object({
      id: z.string(),
      center: centerRefSchema,
      createdAt: z.string(),
      expiresAt: z.string(),
      usedAt: z.string().nullable(),
    }),
  ),
  /** The member's online payment attempts (orders), with what the provider said of each. */
  onlineOrders: z.array(
    z.object({
      id: z.string(),
      state: z.string(),
      amount: z.number().int(),
      currency: z.string(),
      description: z.string(),
      provider: z.string(),
      providerReference: z.string().nullable(),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
});
export type MemberPrivacyExport = z.infer<typeof memberPrivacyExportSchema>;

/** `POST pro/groups/{id}/members`: how many of the given members were added now (the others already were). */
export const groupMembersAddedSchema = z.object({ added: z.number().int(), memberCount: z.number().int() });

/** Fields of a member a merge may take from the record that goes (the rest stay as the kept record has them). */
export const MERGE_FIELDS = [
  'firstName',
  'lastName',
  'chineseName',
  'gender',
  'birthday',
  'phone',
  'email',
  'address',
  'emergencyContactName',
  'emergencyContactPhone',
  'photo',
  'notes',
  'status',
] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];

/** `POST /pro/students/:id/merge`: the record `:id` is kept (and its code); `otherId` is merged into it. */
export const mergeMembersRequestSchema = z.object({
  otherId: z.uuid(),
  /** The fields whose value comes from the other record. */
  takeFromOther: z.array(z.enum(MERGE_FIELDS)).max(MERGE_FIELDS.length).default([]),
});
export type MergeMembersRequest = z.input<typeof mergeMembersRequestSchema>;
