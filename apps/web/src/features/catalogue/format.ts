import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/dates';

/** A business date (`YYYY-MM-DD`, a centre's day) in the screen's language (`shared/dates.ts`); none is "—". */
export function useFormatDay(): (day: string | null | undefined) => string {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return useMemo(() => (day) => (day ? formatDate(language, day) : '—'), [language]);
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
