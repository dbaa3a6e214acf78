/**
 * The calendar's days as every screen writes them (`shared/dates.ts`), and its "now": FullCalendar
 * runs in floating wall-clock times (its `UTC` zone), so its today is the centre's day only when
 * its now is the centre's wall clock, not the device's or UTC's (at 01:00 in Hong Kong UTC is
 * still on the day before).
 */

import deLocale from '@fullcalendar/core/locales/de';
import enGbLocale from '@fullcalendar/core/locales/en-gb';
import frLocale from '@fullcalendar/core/locales/fr';
import ptLocale from '@fullcalendar/core/locales/pt';
import zhLocale from '@fullcalendar/core/locales/zh-tw';
import { centreWallNow, formatWeekday, formatWeekdayDate } from '../../shared/dates';

/** FullCalendar's own words (buttons, "all-day") per language; English is British (23/11, never 11/23). */
export const CALENDAR_LOCALES = { en: enGbLocale, de: deLocale, fr: frLocale, pt: ptLocale, 'zh-Hant': zhLocale };

export function calendarLocale(language: string): string {
  return (CALENDAR_LOCALES[language as keyof typeof CALENDAR_LOCALES] ?? enGbLocale).code;
}

/** A column's day in the week or day view ("Mon 23/11"); the month view's columns are weekdays. */
export function dayHeaderText(language: string, date: Date, viewType: string): string {
  const day = date.toISOString().slice(0, 10); // time-ok: FullCalendar's floating (UTC) day is the wall day
  return viewType === 'dayGridMonth' ? formatWeekday(language, day) : formatWeekdayDate(language, day);
}

/** The calendar's now: the centre's wall clock, read at each call. */
export function calendarNow(timeZone: string, now: () => Date = () => new Date()): () => string {
  return () => centreWallNow(now(), timeZone);
}
