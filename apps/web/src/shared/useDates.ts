import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatDate,
  formatDateTime,
  formatInstantDate,
  formatLongDate,
  formatMonth,
  formatTime,
  formatWeekdayDate,
} from './dates';
import { useCentreTimeZone } from './today';

const BUSINESS_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The screen's date formatters (`dates.ts`) in its language; instants on the wall clock of the
 * centre this tab works at, or of the centre given.
 */
export function useDates(centerId?: string | null) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const timeZone = useCentreTimeZone()(centerId);
  return useMemo(
    () => ({
      language,
      timeZone,
      /** A business date as it is, or the centre's day of an instant. */
      date: (value: string | null | undefined) =>
        value && BUSINESS_DATE.test(value) ? formatDate(language, value) : formatInstantDate(language, value, timeZone),
      dateTime: (value: string | null | undefined) => formatDateTime(language, value, timeZone),
      time: (value: string | null | undefined) => formatTime(language, value, timeZone),
      weekdayDate: (date: string) => formatWeekdayDate(language, date),
      longDate: (date: string) => formatLongDate(language, date),
      month: (month: string) => formatMonth(language, month),
    }),
    [language, timeZone],
  );
}

/** Formats an instant for the screen's language on the centre's wall clock (`dates.ts`). */
export function useDateTime(): (iso: string) => string {
  return useDates().dateTime;
}
