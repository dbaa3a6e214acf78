import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** A business date (`YYYY-MM-DD`, a centre's day) in the screen's language, read zone-free (as UTC). */
export function useFormatDay(): (day: string | null | undefined) => string {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
    return (day) => {
      if (!day) return '—';
      const date = new Date(`${day}T00:00:00Z`);
      return Number.isNaN(date.getTime()) ? day : format.format(date);
    };
  }, [language]);
}

type Unit = 'day' | 'month' | 'year' | 'hour';

/** "3 months", "3 Monate", "3 個月": lengths in the screen's language from the browser's own unit names. */
export function useFormatLength(): (value: number, unit: Unit) => string {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return useMemo(() => {
    const formats = new Map<Unit, Intl.NumberFormat>();
    return (value, unit) => {
      let format = formats.get(unit);
      if (!format) {
        format = new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' });
        formats.set(unit, format);
      }
      return format.format(value);
    };
  }, [language]);
}
