/**
 * Every date and time a person reads on a screen is written here: one format per language (and
 * the region it is read in), so a member's file, a list and the calendar say a day the same way.
 * Business dates (`YYYY-MM-DD`, a centre's day) are written as they are, with no time zone; an
 * instant is written on the wall clock of the centre it happened at (its IANA zone), never the
 * device's. The date pickers show and read the same pattern (`datePickerPattern`).
 *
 * `dates-usage.test.ts` fails on a screen that formats a date by itself.
 */
import type { Language } from '@gym/contract/constants';
import { type BusinessDate, parseBusinessDate, wallClock } from '@gym/contract/time';
import { dateTimeFormat } from './intl';

export { datePickerPattern } from './datePicker';

/**
 * The locale each language writes dates in. English is read in Hong Kong and Europe as 23/11/2026
 * (day first, never the US 11/23); Portuguese is Brazil's, as antd's and dayjs's; Traditional
 * Chinese writes the year first (2026/11/23), as Taiwan and Chinese forms in Hong Kong do.
 */
export const DATE_LOCALES: Record<Language, string> = {
  en: 'en-GB',
  de: 'de-DE',
  fr: 'fr-FR',
  pt: 'pt-BR',
  'zh-Hant': 'zh-Hant-TW',
};

function localeOf(language: string): string {
  return DATE_LOCALES[language as Language] ?? DATE_LOCALES.en;
}

const DAY: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

/** A business date's noon in UTC: written in UTC, it is that day whatever the device's zone. */
function dayInstant(date: BusinessDate): Date | null {
  try {
    const { year, month, day } = parseBusinessDate(date);
    return new Date(Date.UTC(year, month - 1, day, 12));
  } catch {
    return null;
  }
}

function instant(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 23/11/2026 · 23.11.2026 · 2026/11/23: a business date (`YYYY-MM-DD`). */
export function formatDate(language: string, date: BusinessDate | null | undefined): string {
  if (!date) return '';
  const day = dayInstant(date);
  return day ? dateTimeFormat(localeOf(language), { ...DAY, timeZone: 'UTC' }).format(day) : date;
}

/** The day an instant fell on at the centre, written as `formatDate`. */
export function formatInstantDate(language: string, iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const at = instant(iso);
  return at ? dateTimeFormat(localeOf(language), { ...DAY, timeZone }).format(at) : iso;
}

/** 23/11/2026, 18:05: an instant on the centre's wall clock (24-hour). */
export function formatDateTime(language: string, iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const at = instant(iso);
  return at ? dateTimeFormat(localeOf(language), { ...DAY, ...TIME, timeZone }).format(at) : iso;
}

/** 18:05 (18:05:09 with `seconds`): the time of an instant on the centre's wall clock. */
export function formatTime(
  language: string,
  iso: string | null | undefined,
  timeZone: string,
  options: { seconds?: boolean } = {},
): string {
  if (!iso) return '';
  const at = instant(iso);
  const time = options.seconds ? { ...TIME, second: '2-digit' as const } : TIME;
  return at ? dateTimeFormat(localeOf(language), { ...time, timeZone }).format(at) : iso;
}

/** A business date written with `options`: the day itself, whatever the device's time zone. */
function formatDay(language: string, date: BusinessDate, options: Intl.DateTimeFormatOptions): string {
  const day = dayInstant(date);
  return day ? dateTimeFormat(localeOf(language), { ...options, timeZone: 'UTC' }).format(day) : date;
}

/** Mon, 23/11/2026: a business date with its weekday. */
export function formatWeekdayFullDate(language: string, date: BusinessDate): string {
  return formatDay(language, date, { ...DAY, weekday: 'short' });
}

/** Mon 23/11 · Mo., 23.11. · 11/23（週一）: a day in a calendar's column header. */
export function formatWeekdayDate(language: string, date: BusinessDate): string {
  return formatDay(language, date, { weekday: 'short', day: '2-digit', month: '2-digit' });
}

/** Mon · Mo. · 週一: a weekday (a month's column header). */
export function formatWeekday(language: string, date: BusinessDate): string {
  return formatDay(language, date, { weekday: 'short' });
}

/** Monday, 23 November 2026: a day as a heading (the calendar's day view). */
export function formatLongDate(language: string, date: BusinessDate): string {
  return formatDay(language, date, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
}

/** November · 11月: the month of a date (`YYYY-MM` or `YYYY-MM-DD`). */
export function formatMonth(language: string, month: string): string {
  const day = dayInstant(`${month.slice(0, 7)}-01`);
  return day ? dateTimeFormat(localeOf(language), { month: 'long', timeZone: 'UTC' }).format(day) : month;
}

/**
 * "Now" for a calendar drawn in floating (UTC) wall-clock times: the centre's wall clock as an
 * ISO string without a zone, so the calendar marks the centre's today, not the device's or UTC's.
 */
export function centreWallNow(now: Date, timeZone: string): string {
  const w = wallClock(now, timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
}
