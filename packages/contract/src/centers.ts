import { z } from 'zod';
import { countryCodeSchema } from './countries.ts';
import { currencyCodeSchema } from './currency.ts';
import { EXPORT_FORMATS } from './members.ts';
import { listQuerySchema, pageOf } from './pagination.ts';
import { text } from './text.ts';

export const centerSummarySchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  timeZone: z.string(),
  currencySymbol: z.string(),
  currencyCode: z.string(),
  lastPerson: z
    .object({ name: z.string(), at: z.string() })
    .nullable()
    .describe('the last person who entered this centre'),
});
export type CenterSummary = z.infer<typeof centerSummarySchema>;
/** `GET pro/centers/switcher`: the active centres the caller may work in, for the navbar. */
export const centerSwitcherResponseSchema = z.object({ items: z.array(centerSummarySchema) });

// ---- centre administration (/center, /center-list) ----

export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
const timeOfDay = text().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time_format');

/** One day of opening hours; `day` 0 is Sunday. Closing at or before opening means open past midnight is not allowed. */
export const openingDaySchema = z
  .strictObject({ day: z.number().int().min(0).max(6), closed: z.boolean(), open: timeOfDay, close: timeOfDay })
  .refine((d) => d.closed || d.open < d.close, { path: ['close'], message: 'close_after_open' });
export type OpeningDay = z.infer<typeof openingDaySchema>;

export const DEFAULT_OPENING_HOURS: OpeningDay[] = WEEKDAYS.map((day) => ({
  day,
  closed: false,
  open: day === 0 ? '09:00' : '07:00',
  close: day === 0 ? '18:00' : '22:00',
}));

export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const openingHoursSchema = z
  .array(openingDaySchema)
  .length(7)
  .refine((days) => new Set(days.map((d) => d.day)).size === 7, 'one_entry_per_day');

const centerFields = {
  code: text()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{1,10}$/, 'center_code_format'),
  name: text().trim().min(1).max(120),
  address: text({ multiline: true }).trim().max(300).nullish(),
  phone: text()
    .trim()
    .regex(/^\+?[\d\s()-]{6,24}$/, 'phone_format')
    .nullish(),
  email: text().trim().toLowerCase().max(254).pipe(z.email()).nullish(),
  timeZone: text().refine(isTimeZone, 'time_zone_unknown'),
  /** ISO 3166-1 alpha-2: the default country of phones typed without a country code. */
  country: countryCodeSchema.nullish(),
  currencySymbol: text().min(1).max(8),
  currencyCode: currencyCodeSchema,
  openingHours: openingHoursSchema,
};

export const createCenterRequestSchema = z.strictObject({
  ...centerFields,
  address: centerFields.address,
  openingHours: openingHoursSchema.default(DEFAULT_OPENING_HOURS),
  currencySymbol: centerFields.currencySymbol.optional().describe("defaults to the organisation's currency symbol"),
  currencyCode: centerFields.currencyCode.optional().describe("defaults to the organisation's currency"),
});
export const updateCenterRequestSchema = z.strictObject(centerFields).partial();

export const readerSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  sn: z.string(),
  active: z.boolean(),
  lastSeenAt: z.string().nullable(),
});

export const centerDetailSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  timeZone: z.string(),
  country: z.string().nullable(),
  currencySymbol: z.string(),
  currencyCode: z.string(),
  openingHours: z.array(openingDaySchema),
  active: z.boolean(),
  memberCount: z.number().int(),
  roomCount: z.number().int(),
  readers: z.array(readerSummarySchema),
  createdAt: z.string(),
});
export type CenterDetail = z.infer<typeof centerDetailSchema>;

export const centerAdminListQuerySchema = listQuerySchema.extend({
  includeInactive: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  sort: z.enum(['code', '-code', 'name', '-name', 'createdAt', '-createdAt']).default('code'),
});
export const centerAdminListResponseSchema = pageOf(centerDetailSchema.omit({ readers: true }));
export const centerIdParamsSchema = z.object({ id: z.uuid() });
/** `GET pro/centers/export`: the list's filters and sort, every page, as CSV or XLSX. */
export const centerExportQuerySchema = centerAdminListQuerySchema
  .omit({ page: true, pageSize: true })
  .extend({ format: z.enum(EXPORT_FORMATS) });
