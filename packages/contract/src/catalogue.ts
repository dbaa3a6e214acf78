/**
 * The catalogue of time and credit items: membership plans, credit packages (rental packages among
 * them) and short courses. Amounts are integers of minor units (`amountSchema`), tax rates basis
 * points (7.7 % = 770). Retail items (products, sets, coupons, offers) are in `retail.ts`.
 */
import { z } from 'zod';
import { EXPORT_FORMATS } from './members.ts';
import { amountSchema, basisPointsSchema, ZERO } from './money.ts';
import { listQuerySchema, pageOf } from './pagination.ts';
import { text } from './text.ts';

export const DURATION_UNITS = ['day', 'month', 'year'] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];
/** When a membership starts: on the day of sale, on a date the seller picks, or at the first entry. */
export const START_RULES = ['on_sale', 'chosen_date', 'first_entry'] as const;
export type StartRule = (typeof START_RULES)[number];
/** What a package's credits may be used for; `rental` is an hour of a room for an outside teacher. */
export const PACKAGE_USAGES = ['class', 'pt', 'any', 'rental'] as const;
export type PackageUsage = (typeof PACKAGE_USAGES)[number];
/** The list filter on active items: active only, inactive only, or both. */
export const ACTIVE_FILTERS = ['active', 'inactive', 'all'] as const;

/** Limits the database checks too (`membership_plans_duration`, `credit_packages_credits`, ...). */
export const CATALOGUE_LIMITS = {
  durationValue: { min: 1, max: 3660 },
  credits: { min: 1, max: 10_000 },
  validityDays: { min: 1, max: 3660 },
  sessions: { min: 1, max: 500 },
  capacity: { min: 1, max: 1000 },
  maxFreezes: { min: 0, max: 100 },
  maxFreezeDays: { min: 0, max: 3660 },
} as const;

/** Field codes of the catalogue's own rules (translated by the web app). */
export const CATALOGUE_CODES = {
  centersRequired: 'centers_required',
  freezeDaysWithoutFreezes: 'freeze_days_without_freezes',
  freezeFeeWithoutFreezes: 'freeze_fee_without_freezes',
  allCentersNeedsEveryCentre: 'all_centers_needs_every_centre',
} as const;

const int = (limits: { min: number; max: number }) => z.number().int().min(limits.min).max(limits.max);
const name = () => text().trim().min(1).max(80);
const description = () => text({ multiline: true }).trim().max(1000).nullish();
const queryFlag = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();

export const catalogueCenterSchema = z.object({ id: z.string(), code: z.string(), name: z.string() });
export type CatalogueCenter = z.infer<typeof catalogueCenterSchema>;

/** Where an item may be sold and used: every centre (`allCenters`), or those listed. */
const coverageFields = {
  allCenters: z.boolean(),
  centerIds: z.array(z.uuid()).max(200),
};

/** Coverage is all centres or at least one listed; checked on what the request sends. */
function checkCoverage(value: { allCenters?: boolean; centerIds?: string[] }, ctx: z.RefinementCtx): void {
  if (value.allCenters === false && value.centerIds !== undefined && value.centerIds.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['centerIds'], message: CATALOGUE_CODES.centersRequired });
  }
}

/** No freeze days and no freeze fee when a plan allows no freeze. */
export function checkFreezeRules(
  value: { maxFreezes?: number; maxFreezeDays?: number; freezeFee?: number },
  ctx: z.RefinementCtx,
): void {
  if (value.maxFreezes !== 0) return;
  if (value.maxFreezeDays !== undefined && value.maxFreezeDays !== 0) {
    ctx.addIssue({ code: 'custom', path: ['maxFreezeDays'], message: CATALOGUE_CODES.freezeDaysWithoutFreezes });
  }
  if (value.freezeFee !== undefined && value.freezeFee !== 0) {
    ctx.addIssue({ code: 'custom', path: ['freezeFee'], message: CATALOGUE_CODES.freezeFeeWithoutFreezes });
  }
}

// ---- membership plans ----

export const membershipPlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  durationValue: z.number().int(),
  durationUnit: z.enum(DURATION_UNITS),
  allCenters: z.boolean(),
  centers: z.array(catalogueCenterSchema),
  price: z.number().int(),
  taxRateBp: z.number().int(),
  maxFreezes: z.number().int(),
  maxFreezeDays: z.number().int(),
  freezeFee: z.number().int(),
  startRule: z.enum(START_RULES),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MembershipPlan = z.infer<typeof membershipPlanSchema>;
export const membershipPlanListResponseSchema = pageOf(membershipPlanSchema);

/** The fields of a plan as a form edits them (no cross-field rule: see the create and update schemas). */
export const membershipPlanFieldsSchema = z.strictObject({
  name: name(),
  description: description(),
  durationValue: int(CATALOGUE_LIMITS.durationValue),
  durationUnit: z.enum(DURATION_UNITS),
  ...coverageFields,
  price: amountSchema,
  taxRateBp: basisPointsSchema.default(0),
  maxFreezes: int(CATALOGUE_LIMITS.maxFreezes).default(0),
  maxFreezeDays: int(CATALOGUE_LIMITS.maxFreezeDays).default(0),
  freezeFee: amountSchema.default(ZERO),
  startRule: z.enum(START_RULES).default('on_sale'),
});
export const createMembershipPlanRequestSchema = membershipPlanFieldsSchema.superRefine((value, ctx) => {
  checkCoverage(value, ctx);
  checkFreezeRules(value, ctx);
});
export const updateMembershipPlanRequestSchema = membershipPlanFieldsSchema
  .extend({
    taxRateBp: basisPointsSchema,
    maxFreezes: int(CATALOGUE_LIMITS.maxFreezes),
    maxFreezeDays: int(CATALOGUE_LIMITS.maxFreezeDays),
    freezeFee: amountSchema,
    startRule: z.enum(START_RULES),
    active: z.boolean(),
  })
  .partial()
  .superRefine(checkCoverage);
export type CreateMembershipPlanRequest = z.input<typeof createMembershipPlanRequestSchema>;
export type UpdateMembershipPlanRequest = z.input<typeof updateMembershipPlanRequestSchema>;

export const MEMBERSHIP_PLAN_SORTS = [
  'name',
  '-name',
  'price',
  '-price',
  'duration',
  '-duration',
  'created',
  '-created',
] as const;
export const membershipPlanListQuerySchema = listQuerySchema.extend({
  status: z.enum(ACTIVE_FILTERS).default('all'),
  /** Plans that cover this centre (every-centre plans included). */
  centerId: z.uuid().optional(),
  durationUnit: z.enum(DURATION_UNITS).optional(),
  sort: z.enum(MEMBERSHIP_PLAN_SORTS).default('name'),
});
export const membershipPlanExportQuerySchema = membershipPlanListQuerySchema
  .omit({ page: true, pageSize: true })
  .extend({ format: z.enum(EXPORT_FORMATS) });

// ---- credit packages ----

export const creditPackageSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  usage: z.enum(PACKAGE_USAGES),
  credits: z.number().int(),
  validityDays: z.number().int(),
  allCenters: z.boolean(),
  centers: z.array(catalogueCenterSchema),
  price: z.number().int(),
  taxRateBp: z.number().int(),
  available: z.boolean(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CreditPackage = z.infer<typeof creditPackageSchema>;
export const creditPackageListResponseSchema = pageOf(creditPackageSchema);

export const creditPackageFieldsSchema = z.strictObject({
  name: name(),
  description: description(),
  usage: z.enum(PACKAGE_USAGES),
  /** Credits; for a rental package, hours of room use. */
  credits: int(CATALOGUE_LIMITS.credits),
  validityDays: int(CATALOGUE_LIMITS.validityDays),
  ...coverageFields,
  price: amountSchema,
  taxRateBp: basisPointsSchema.default(0),
  available: z.boolean().default(true),
});
export const createCreditPackageRequestSchema = creditPackageFieldsSchema.superRefine(checkCoverage);
export const updateCreditPackageRequestSchema = creditPackageFieldsSchema
  .extend({ taxRateBp: basisPointsSchema, available: z.boolean(), active: z.boolean() })
  .partial()
  .superRefine(checkCoverage);
export type CreateCreditPackageRequest = z.input<typeof createCreditPackageRequestSchema>;
export type UpdateCreditPackageRequest = z.input<typeof updateCreditPackageRequestSchema>;

export const CREDIT_PACKAGE_SORTS = [
  'name',
  '-name',
  'price',
  '-price',
  'credits',
  '-credits',
  'validity',
  '-validity',
  'created',
  '-created',
] as const;
export const creditPackageListQuerySchema = listQuerySchema.extend({
  status: z.enum(ACTIVE_FILTERS).default('all'),
  centerId: z.uuid().optional(),
  usage: z.enum(PACKAGE_USAGES).optional(),
  /** Only packages members may (`true`) or may no longer (`false`) buy. */
  available: queryFlag,
  sort: z.enum(CREDIT_PACKAGE_SORTS).default('name'),
});
export const creditPackageExportQuerySchema = creditPackageListQuerySchema
  .omit({ page: true, pageSize: true })
  .extend({ format: z.enum(EXPORT_FORMATS) });

// ---- short courses ----

export const shortCourseSchema = z.object({
  id: z.string(),
  center: catalogueCenterSchema,
  name: z.string(),
  description: z.string().nullable(),
  sessions: z.number().int(),
  capacity: z.number().int(),
  startsOn: z.string().nullable(),
  price: z.number().int(),
  taxRateBp: z.number().int(),
  active: z.boolean(),
  /** Sessions scheduled (classes of the course not cancelled), of `sessions`. */
  scheduled: z.number().int(),
  /** Members enrolled (the course sold to them and not refunded), of `capacity`. */
  enrolled: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ShortCourse = z.infer<typeof shortCourseSchema>;
export const shortCourseListResponseSchema = pageOf(shortCourseSchema);

export const shortCourseFieldsSchema = z.strictObject({
  centerId: z.uuid(),
  name: name(),
  description: description(),
  sessions: int(CATALOGUE_LIMITS.sessions),
  capacity: int(CATALOGUE_LIMITS.capacity),
  startsOn: z.iso.date().nullish(),
  price: amountSchema,
  taxRateBp: basisPointsSchema.default(0),
});
export const createShortCourseRequestSchema = shortCourseFieldsSchema;
/** The centre of a course is fixed once created (its sessions are scheduled there). */
export const updateShortCourseRequestSchema = shortCourseFieldsSchema
  .omit({ centerId: true })
  .extend({ taxRateBp: basisPointsSchema, active: z.boolean() })
  .partial();
export type CreateShortCourseRequest = z.input<typeof createShortCourseRequestSchema>;
export type UpdateShortCourseRequest = z.input<typeof updateShortCourseRequestSchema>;

export const SHORT_COURSE_SORTS = [
  'name',
  '-name',
  'price',
  '-price',
  'sessions',
  '-sessions',
  'center',
  '-center',
  'startsOn',
  '-startsOn',
] as const;
export const shortCourseListQuerySchema = listQuerySchema.extend({
  status: z.enum(ACTIVE_FILTERS).default('all'),
  centerId: z.uuid().optional(),
  sort: z.enum(SHORT_COURSE_SORTS).default('name'),
});
export const shortCourseExportQuerySchema = shortCourseListQuerySchema
  .omit({ page: true, pageSize: true })
  .extend({ format: z.enum(EXPORT_FORMATS) });

export const catalogueIdParamsSchema = z.object({ id: z.uuid() });

// ---- holders: everyone a plan or package was sold to ----

/**
 * A holder's status, derived from the entitlement's state in this order: `transferred` or
 * `refunded` (it ended so), `frozen`, `used_up` (no credit left), `expired` (an expiry row, or
 * its last day is before the selling centre's today), `pending` (not started), else `active`.
 */
export const HOLDER_STATUSES = [
  'active',
  'pending',
  'frozen',
  'expired',
  'used_up',
  'transferred',
  'refunded',
] as const;
export type HolderStatus = (typeof HOLDER_STATUSES)[number];

export const holderSchema = z.object({
  entitlementId: z.string(),
  member: z.object({
    id: z.string(),
    code: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    chineseName: z.string().nullable(),
  }),
  center: catalogueCenterSchema,
  status: z.enum(HOLDER_STATUSES),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  creditsGranted: z.number().int().nullable(),
  creditsLeft: z.number().int().nullable(),
  /** Days of validity left, today (the selling centre's) included; 0 once past; null before a start is set. */
  daysLeft: z.number().int().nullable(),
  soldAt: z.string(),
});
export type Holder = z.infer<typeof holderSchema>;
export const holderListResponseSchema = pageOf(holderSchema);
export const holderListQuerySchema = listQuerySchema.omit({ sort: true }).extend({
  status: z.enum(HOLDER_STATUSES).optional(),
});
