/**
 * Recurrence: the dates a weekly rule gives, and the instants of a class on a centre's wall clock.
 * Dates are business dates (`YYYY-MM-DD`) walked day by day with the calendar helpers, never by
 * adding 24 hours to an instant: 18:00 on every date is then 18:00 in the centre's zone whatever
 * the daylight-saving offset of that day.
 */
import { CLASS_CODES, CLASS_LIMITS, type RecurrenceRule } from '@gym/contract/classes';
import { addDays, type BusinessDate, daysBetween, parseBusinessDate } from '@gym/contract/time';
import { rule } from './class-refs.ts';

/** ISO weekday of a business date: 1 Monday … 7 Sunday. */
export function isoWeekday(date: BusinessDate): number {
  const { year, month, day } = parseBusinessDate(date);
  const d = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return d === 0 ? 7 : d;
}

/** The Monday of the week of `date`. */
export const mondayOf = (date: BusinessDate): BusinessDate => addDays(date, 1 - isoWeekday(date));

/**
 * The dates of a rule from `firstDate` (weeks counted from the week of `firstDate`): every
 * `everyWeeks`-th week, on its weekdays, up to `until` (included) or `count` dates, exceptions left
 * out after counting (as iCalendar's EXDATE), and never further than `horizonDays` from the first.
 */
export function expandDates(
  firstDate: BusinessDate,
  rule: Pick<RecurrenceRule, 'weekdays' | 'everyWeeks' | 'until' | 'count' | 'exceptions'>,
  horizonDays: number = CLASS_LIMITS.horizonDays,
): BusinessDate[] {
  const weekdays = new Set(rule.weekdays);
  const exceptions = new Set(rule.exceptions ?? []);
  const every = rule.everyWeeks ?? 1;
  const start = mondayOf(firstDate);
  const out: BusinessDate[] = [];
  let counted = 0;
  for (let offset = 0; offset <= horizonDays; offset++) {
    const date = addDays(firstDate, offset);
    if (rule.until && date > rule.until) break;
    if (rule.count != null && counted >= rule.count) break;
    const week = Math.floor(daysBetween(start, date) / 7);
    if (week % every !== 0 || !weekdays.has(isoWeekday(date))) continue;
    counted += 1;
    if (!exceptions.has(date)) out.push(date);
  }
  return out;
}

/**
 * The dates a series plans from `from` by `recurrence`; refused (422 on `recurrence`) when the rule
 * ends before `from`, gives no date or more than a series may plan.
 */
export function plannedDates(from: BusinessDate, recurrence: RecurrenceRule): BusinessDate[] {
  if (recurrence.until && recurrence.until < from) {
    throw rule('recurrence.until', CLASS_CODES.untilBeforeStart, 'The series ends before its first class');
  }
  const dates = expandDates(from, recurrence);
  if (dates.length === 0) throw rule('recurrence', CLASS_CODES.noOccurrence, 'This rule gives no class');
  if (dates.length > CLASS_LIMITS.count.max) {
    throw rule(
      'recurrence',
      CLASS_CODES.tooManyOccurrences,
      `A series plans at most ${CLASS_LIMITS.count.max} classes`,
    );
  }
  return dates;
}

/** A series' rule as its row keeps it: weekdays and exceptions once each, in order. */
export const seriesRule = (recurrence: RecurrenceRule) => ({
  weekdays: [...new Set(recurrence.weekdays)].sort(),
  everyWeeks: recurrence.everyWeeks,
  untilDate: recurrence.until ?? null,
  count: recurrence.count ?? null,
  exceptions: [...new Set(recurrence.exceptions)].sort(),
});
