/** The organisation's system configuration (`/system-config`). */
import { z } from 'zod';
import { languageSchema } from './auth.ts';
import { FULL_CLASS_RULES, LATE_CANCEL_RULES } from './classes.ts';
import { currencyCodeSchema } from './currency.ts';
import { basisPointsSchema, MONEY_MAX } from './money.ts';
import { text } from './text.ts';
import { businessDate } from './time.ts';

/**
 * Member code pattern: literal text plus tokens `{INITIAL}` (organisation), `{CENTER}` (home centre
 * code), `{YYYY}`, `{YY}`, `{MM}` (date of creation) and exactly one `{SEQ:n}` (a per-organisation
 * counter, zero-padded to n digits, 3 to 9).
 */
export const MEMBER_CODE_TOKENS = ['{INITIAL}', '{CENTER}', '{YYYY}', '{YY}', '{MM}', '{SEQ:n}'] as const;
export const DEFAULT_MEMBER_CODE_PATTERN = '{INITIAL}{SEQ:6}';

export const memberCodePatternSchema = text()
  .trim()
  .min(6)
  .max(40)
  .refine((p) => (p.match(/\{SEQ:[3-9]\}/g) ?? []).length === 1, 'pattern_needs_one_seq')
  .refine(
    (p) => p.replace(/\{(INITIAL|CENTER|YYYY|YY|MM|SEQ:[3-9])\}/g, '').match(/^[A-Za-z0-9-]*$/) !== null,
    'pattern_bad_token',
  );

export interface MemberCodeParts {
  initial: string;
  centerCode: string;
  date: Date;
  /** The home centre's time zone: {YYYY} and {MM} are its business date, not UTC's. */
  timeZone: string;
  seq: number;
}

/** Renders a member code; the same function runs in the server and in the config screen's preview. */
export function renderMemberCode(pattern: string, p: MemberCodeParts): string {
  const [yyyy, mm] = businessDate(p.date, p.timeZone).split('-') as [string, string];
  return pattern
    .replace('{INITIAL}', p.initial)
    .replace('{CENTER}', p.centerCode)
    .replace('{YYYY}', yyyy)
    .replace('{YY}', yyyy.slice(2))
    .replace('{MM}', mm)
    .replace(/\{SEQ:([3-9])\}/, (_, n: string) => String(p.seq).padStart(Number(n), '0'));
}

export const ENTITLEMENT_ACTIVATIONS = ['on_sale', 'on_payment'] as const;
export type EntitlementActivation = (typeof ENTITLEMENT_ACTIVATIONS)[number];
export const paymentMethodConfigSchema = z.strictObject({
  code: z.string().regex(/^[a-z][a-z0-9_]{1,30}$/, 'method_invalid'),
  name: text().trim().min(1).max(40),
});

export const systemConfigSchema = z.object({
  organisationName: z.string(),
  initial: z.string(),
  defaultLanguage: languageSchema,
  currencySymbol: z.string(),
  currencyCode: z.string().describe("ISO 4217 code of the organisation's money"),
  currencyExponent: z.number().int().describe('decimals of its minor unit (HKD 2, JPY 0, BHD 3)'),
  memberCodePattern: z.string(),
  registrationOpen: z.boolean().describe('public registration page on or off'),
  duplicateTapWindowSeconds: z.number().int(),
  /** The door refuses a member whose overdue installments exceed this (minor units); null: not checked. */
  entryOverdueToleranceMinor: z.number().int().nullable(),
  maintenanceMode: z.boolean(),
  /** When a sold membership or package starts to count: at the sale, or once the first payment (deposit) is in. */
  entitlementActivation: z.enum(ENTITLEMENT_ACTIVATIONS),
  /** Payment methods the organisation adds to cash, card terminal and bank transfer. */
  paymentMethods: z.array(z.object({ code: z.string(), name: z.string() })),
  /** Booking into a full class: join its waitlist, or be refused (default `waitlist`). */
  classFullRule: z.enum(FULL_CLASS_RULES).optional(),
  /** A cancel after the class's cancellation window, or a no-show: the credit is lost, returned anyway, or a fee is billed (default `credit_lost`). */
  lateCancelRule: z.enum(LATE_CANCEL_RULES).optional(),
  /** The fee of the `fee` rule, in minor units of the organisation's currency. */
  lateCancelFeeMinor: z.number().int().optional(),
  /**
   * The largest manual discount (a line's `discountMinor`, beside coupons) staff without the
   * price-override permission may give, in basis points of the line; 0: every manual discount needs it.
   */
  manualDiscountCapBp: z.number().int().describe('basis points of a line staff may take off without price-override'),
  /** The door refuses a member who has not signed a waiver (`agreement_missing`). */
  entryRequiresWaiver: z.boolean().optional(),
  /** A sale of a membership is refused until the member has signed the membership terms. */
  saleRequiresMembershipTerms: z.boolean().optional(),
});
export type SystemConfig = z.infer<typeof systemConfigSchema>;

/** The configuration a new organisation starts with; its currency is its own, named when it is created. */
export const DEFAULT_SYSTEM_CONFIG: Omit<
  SystemConfig,
  'organisationName' | 'initial' | 'currencySymbol' | 'currencyCode' | 'currencyExponent'
> = {
  defaultLanguage: 'en',
  memberCodePattern: DEFAULT_MEMBER_CODE_PATTERN,
  registrationOpen: true,
  duplicateTapWindowSeconds: 60,
  entryOverdueToleranceMinor: null,
  maintenanceMode: false,
  entitlementActivation: 'on_sale',
  paymentMethods: [],
  manualDiscountCapBp: 0,
};

/** The largest late-cancel fee (minor units): a fee, not a sale. */
export const LATE_CANCEL_FEE_MAX_MINOR = 100_000_000;

/** The longest duplicate-tap window an organisation may set (an hour). */
export const MAX_DUPLICATE_TAP_WINDOW_SECONDS = 3600;

export const updateSystemConfigRequestSchema = z
  .strictObject({
    organisationName: text().trim().min(2).max(120),
    defaultLanguage: languageSchema,
    currencySymbol: text().min(1).max(8),
    currencyCode: currencyCodeSchema,
    memberCodePattern: memberCodePatternSchema,
    registrationOpen: z.boolean(),
    duplicateTapWindowSeconds: z.number().int().min(0).max(MAX_DUPLICATE_TAP_WINDOW_SECONDS),
    entryOverdueToleranceMinor: z.number().int().min(0).max(MONEY_MAX).nullable(),
    maintenanceMode: z.boolean(),
    entitlementActivation: z.enum(ENTITLEMENT_ACTIVATIONS),
    paymentMethods: z
      .array(paymentMethodConfigSchema)
      .max(20)
      .refine((l) => new Set(l.map((m) => m.code)).size === l.length, 'method_duplicate')
      .refine((l) => l.every((m) => !['cash', 'card', 'transfer', 'online'].includes(m.code)), 'method_built_in'),
    classFullRule: z.enum(FULL_CLASS_RULES),
    lateCancelRule: z.enum(LATE_CANCEL_RULES),
    lateCancelFeeMinor: z.number().int().min(0).max(LATE_CANCEL_FEE_MAX_MINOR),
    manualDiscountCapBp: basisPointsSchema,
    entryRequiresWaiver: z.boolean(),
    saleRequiresMembershipTerms: z.boolean(),
  })
  .partial();

/** What every signed-in staff member may read: enough for money inputs and the maintenance switch. */
export const publicConfigSchema = systemConfigSchema.pick({
  organisationName: true,
  currencySymbol: true,
  currencyCode: true,
  currencyExponent: true,
  maintenanceMode: true,
  defaultLanguage: true,
  paymentMethods: true,
  manualDiscountCapBp: true,
});

/**
 * Realtime message on the organisation's channel after the configuration changed, so open
 * browsers update money inputs and switch to (or leave) the under-maintenance page at once.
 */
export const configUpdatedEventSchema = publicConfigSchema.extend({ action: z.literal('config.updated') });
export type ConfigUpdatedEvent = z.infer<typeof configUpdatedEventSchema>;
