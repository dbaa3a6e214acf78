/**
 * Reports (`/report/{code}`, `/pro/reports`): every figure of the business, computed on the server
 * from the rows that make it. A report answers generic columns and rows, so one web table shows any
 * of them; each figure names the rows behind it (its drill-down), read from the same filters.
 *
 * Money is in integer minor units; dates are business dates, each row's in its own centre's time zone.
 */
import { z } from 'zod';
import { EXPORT_FORMATS, isoDateSchema } from './members.ts';
import { text } from './text.ts';

/** Every report, by code (the spec's routes keep their own spelling: `transacion`, `center-Sales.vue`). */
export const REPORT_CODES = [
  'paymentMethod',
  'transacion',
  'sales-monthly',
  'center-Sales.vue',
  'entry',
  'student',
  'report-expire-student',
  'membership',
  'installment',
  'nonpay',
  'personal-training',
  'class-income',
  'teacher',
  'commission',
  'user-commission',
  'product',
  'trial_and_newjoin',
  'online-payment',
  'group',
  'split',
  'hold-workshop',
] as const;
export type ReportCode = (typeof REPORT_CODES)[number];

/** The money reports: their `totals.amountMinor` is the net money taken in the range (payments − refunds). */
export const MONEY_REPORTS = ['paymentMethod', 'transacion', 'sales-monthly', 'center-Sales.vue'] as const;

/** How a column's values are written: `money` in minor units, `percent` in basis points (1% = 100). */
export const REPORT_COLUMN_KINDS = ['money', 'count', 'date', 'month', 'hour', 'text', 'percent'] as const;
export type ReportColumnKind = (typeof REPORT_COLUMN_KINDS)[number];

/**
 * The rows a figure is made of (a drill-down): payments and refunds, invoices, invoice lines,
 * installments, entries, members, memberships, bookings, classes, PT sessions, commission.
 */
export const REPORT_SOURCES = [
  'payments',
  'invoices',
  'invoice-lines',
  'installments',
  'entries',
  'members',
  'memberships',
  'bookings',
  'classes',
  'pt-sessions',
  'commission',
] as const;
export type ReportSource = (typeof REPORT_SOURCES)[number];

export const reportColumnSchema = z.object({
  /** The key of the value in each row (and in `totals`). */
  key: z.string(),
  /** i18n key of the header, namespace `reports` (`titles.columns.<key>`). */
  title: z.string(),
  kind: z.enum(REPORT_COLUMN_KINDS),
  /** Whether the table may sort by it (`sort=<key>` or `sort=-<key>`). */
  sortable: z.boolean(),
  /** A click on one of its figures opens these rows (`GET /reports/{code}/rows?column=<key>&row=<row key>`). */
  drill: z.enum(REPORT_SOURCES).nullable(),
});
export type ReportColumn = z.infer<typeof reportColumnSchema>;

/** A picture of the rows where one says more than the table: which column runs along, which are drawn. */
export const reportChartSchema = z.object({
  type: z.enum(['bar', 'line', 'pie']),
  x: z.string(),
  series: z.array(z.string()),
});
export type ReportChart = z.infer<typeof reportChartSchema>;

export const reportCellSchema = z.union([z.string(), z.number(), z.null()]);
export type ReportCell = z.infer<typeof reportCellSchema>;
/** One row: its values by column key, and `key`, which names the row to its drill-down. */
export const reportRowSchema = z.record(z.string(), reportCellSchema);
export type ReportRow = z.infer<typeof reportRowSchema>;

/** `GET /pro/reports`: the reports the caller may run. */
export const reportListItemSchema = z.object({
  code: z.enum(REPORT_CODES),
  /** The English title; `titleKey` (namespace `reports`, `titles.<code>` with `.` as `_`) is the one to show. */
  title: z.string(),
  titleKey: z.string(),
  /** The web route that opens it. */
  path: z.string(),
});
export const reportListSchema = z.object({ items: z.array(reportListItemSchema) });
export type ReportList = z.infer<typeof reportListSchema>;

export const reportCodeParamsSchema = z.object({ code: text().max(60) });

/** What the filters of a report may carry (each report accepts those it names in `filters`). */
export const REPORT_FILTERS = [
  'centerId',
  'from',
  'to',
  'staffId',
  'itemType',
  'method',
  'basis',
  'by',
  'days',
] as const;
export type ReportFilter = (typeof REPORT_FILTERS)[number];

/** Accrual: invoices issued in the range; cash: money taken in it. */
export const REPORT_BASES = ['cash', 'accrual'] as const;
/** How the entries report groups: per day, per hour of the day, per refusal reason. */
export const ENTRY_REPORT_GROUPS = ['day', 'hour', 'reason'] as const;
/** How the memberships report groups: per plan, or per month of the range (started, frozen, ended, active at its end). */
export const MEMBERSHIP_REPORT_GROUPS = ['plan', 'month'] as const;

/** The filters every report reads; a report ignores those it does not name. */
export const reportFiltersSchema = z.object({
  centerId: z.uuid().optional(),
  /** Business dates, inclusive; the current month of the centre (or the caller's first centre) when left out. */
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  staffId: z.uuid().optional(),
  itemType: z.enum(['membership', 'package', 'short_course', 'product', 'product_set', 'fee']).optional(),
  method: text().trim().min(1).max(40).optional(),
  basis: z.enum(REPORT_BASES).optional(),
  /** The grouping of a report that has several: the entries' (`ENTRY_REPORT_GROUPS`), the memberships' (`MEMBERSHIP_REPORT_GROUPS`). */
  by: z.enum([...ENTRY_REPORT_GROUPS, ...MEMBERSHIP_REPORT_GROUPS]).optional(),
  /** The expiring members' window: memberships ending within this many days from today. */
  days: z.coerce.number().int().min(1).max(366).optional(),
});
export type ReportFilters = z.infer<typeof reportFiltersSchema>;

/** The longest range a report reads at once. */
export const REPORT_MAX_DAYS = 3 * 366;

export const reportQuerySchema = reportFiltersSchema.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
  sort: text()
    .regex(/^-?[a-zA-Z]+$/)
    .optional(),
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export const reportExportQuerySchema = reportFiltersSchema.extend({
  format: z.enum(EXPORT_FORMATS),
  sort: reportQuerySchema.shape.sort,
});

/** `GET /pro/reports/{code}`: a page of the rows, the totals of all of them, and how to show them. */
export const reportResultSchema = z.object({
  code: z.enum(REPORT_CODES),
  title: z.string(),
  titleKey: z.string(),
  /** The filters as applied (the range filled in). */
  filters: z.object({ from: z.string(), to: z.string() }).catchall(z.unknown()),
  /** The filters this report reads. */
  accepts: z.array(z.enum(REPORT_FILTERS)),
  columns: z.array(reportColumnSchema),
  rows: z.array(reportRowSchema),
  /** The figures of all rows (not only this page), by column key. */
  totals: z.record(z.string(), z.union([z.number(), z.null()])),
  chart: reportChartSchema.nullable(),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type ReportResult = z.infer<typeof reportResultSchema>;

/** `GET /pro/reports/{code}/rows`: the source rows behind one figure (`row` omitted: behind the total). */
export const reportDrillQuerySchema = reportQuerySchema.extend({
  column: text().max(60),
  row: text().max(200).optional(),
});
export type ReportDrillQuery = z.infer<typeof reportDrillQuerySchema>;

export const reportDrillResultSchema = z.object({
  source: z.enum(REPORT_SOURCES),
  columns: z.array(reportColumnSchema),
  rows: z.array(reportRowSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type ReportDrillResult = z.infer<typeof reportDrillResultSchema>;

/** The web route of a report: the spec's own path where it names one, else `/report/{code}`. */
export const REPORT_PATHS: Record<ReportCode, string> = {
  paymentMethod: '/report-paymentMethod',
  transacion: '/report-transacion',
  'sales-monthly': '/report/sales-monthly',
  'center-Sales.vue': '/report/center-Sales.vue',
  entry: '/report-entry',
  student: '/report-student',
  'report-expire-student': '/report/report-expire-student',
  membership: '/report-membership',
  installment: '/report-installment',
  nonpay: '/report-nonpay',
  'personal-training': '/report-personal-training',
  'class-income': '/report/class-income',
  teacher: '/report/teacher',
  commission: '/report-commission',
  'user-commission': '/report/user-commission',
  product: '/report/product',
  trial_and_newjoin: '/report/trial_and_newjoin',
  'online-payment': '/report/online-payment',
  group: '/report/group',
  split: '/report/split',
  'hold-workshop': '/report/hold-workshop',
};
