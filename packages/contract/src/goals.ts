/**
 * Monthly goals (`/goal`): a target per centre, and per staff member at a centre, for each metric.
 * Progress is counted by the server from the source rows; pace is where the month ends at the
 * rate of the business days gone so far (the centre's open days in its own time zone).
 */
import { z } from 'zod';
import type { OpeningDay } from './centers.ts';
import { MONEY_MAX } from './money.ts';
import { addDays, addMonths, type BusinessDate, parseBusinessDate } from './time.ts';

export const GOAL_METRICS = ['revenue', 'newMembers', 'ptSessions', 'renewals'] as const;
export type GoalMetric = (typeof GOAL_METRICS)[number];

/** `YYYY-MM`, a month of the centre’s calendar, from 1900 to 2999 (the calendar arithmetic’s range). */
export const monthSchema = z.string().regex(/^(19|2\d)\d{2}-(0[1-9]|1[0-2])$/, 'month_format');

/** The largest count target (members, sessions, renewals in a month). */
export const COUNT_TARGET_MAX = 100_000;

export const goalQuerySchema = z.object({ centerId: z.uuid(), month: monthSchema });

const countTarget = z.number().int('integer').min(0).max(COUNT_TARGET_MAX);
/** A metric's target, or null to remove it. Revenue in minor units. */
export const goalTargetsSchema = z
  .strictObject({
    revenue: z.number().int('money_integer').min(0).max(MONEY_MAX).nullable(),
    newMembers: countTarget.nullable(),
    ptSessions: countTarget.nullable(),
    renewals: countTarget.nullable(),
  })
  .partial();
export type GoalTargets = z.infer<typeof goalTargetsSchema>;

/** `PUT pro/goals`: set the targets of a centre (staffId null) or of a staff member at it, for a month. */
export const setGoalsRequestSchema = z.strictObject({
  centerId: z.uuid(),
  month: monthSchema,
  staffId: z.uuid().nullable(),
  targets: goalTargetsSchema,
});

export const goalFigureSchema = z.object({
  target: z.number().int().nullable(),
  actual: z.number().int(),
  /** Where the month ends at this rate; the actual once the month is over, null before it starts. */
  pace: z.number().int().nullable(),
});
export type GoalFigure = z.infer<typeof goalFigureSchema>;

export const goalRowSchema = z.object({
  /** null: the centre's own row. */
  staff: z.object({ id: z.string(), name: z.string(), role: z.string() }).nullable(),
  figures: z.object({
    revenue: goalFigureSchema,
    newMembers: goalFigureSchema,
    ptSessions: goalFigureSchema,
    renewals: goalFigureSchema,
  }),
});
export type GoalRow = z.infer<typeof goalRowSchema>;

export const goalBoardSchema = z.object({
  month: z.string(),
  centerId: z.string(),
  /** The centre's business date. */
  today: z.string(),
  businessDays: z.object({ total: z.number().int(), elapsed: z.number().int() }),
  rows: z.array(goalRowSchema),
});
export type GoalBoard = z.infer<typeof goalBoardSchema>;

/** The first and last business date of a `YYYY-MM` month. */
export function monthDays(month: string): { first: BusinessDate; last: BusinessDate } {
  const first = `${month}-01`;
  return { first, last: addDays(addMonths(first, 1), -1) };
}

/** The month (`YYYY-MM`) of a business date. */
export const monthOf = (date: BusinessDate) => date.slice(0, 7);

/** Weekday of a business date, 0 = Sunday (calendar arithmetic, no time zone involved). */
function weekday(date: BusinessDate): number {
  const { year, month, day } = parseBusinessDate(date);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/**
 * The centre's business days of a month (the days its opening hours do not mark closed; every day
 * when it has none), and how many of them are gone by `today` (today counted).
 */
export function businessDaysOf(month: string, today: BusinessDate, hours: OpeningDay[]) {
  const closed = new Set(hours.filter((h) => h.closed).map((h) => h.day));
  const open = closed.size >= 7 ? new Set<number>() : closed;
  const { first, last } = monthDays(month);
  let total = 0;
  let elapsed = 0;
  for (let d = first; d <= last; d = addDays(d, 1)) {
    if (open.has(weekday(d))) continue;
    total += 1;
    if (d <= today) elapsed += 1;
  }
  return { total, elapsed };
}

/** Where a figure ends the month at the rate of the business days gone (integer, half away from zero). */
export function paceOf(actual: number, days: { total: number; elapsed: number }): number | null {
  if (days.elapsed === 0) return null;
  if (days.elapsed >= days.total) return actual;
  const size = BigInt(Math.abs(actual));
  const scaled = (size * BigInt(days.total) * 2n + BigInt(days.elapsed)) / (BigInt(days.elapsed) * 2n);
  return Math.sign(actual) * Number(scaled);
}
