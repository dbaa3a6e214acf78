import { formatMemberName, memberInitials } from '@gym/contract/names';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { numberFormat } from '../../shared/intl';

/** A member's name as staff say it (Chinese names family name first): the one formatter every screen uses. */
export const memberName = formatMemberName;

/** Avatar initials matching `memberName`. */
export const initialsOf = memberInitials;

/** Dates and instants in the screen's language. */
export function useFormatters() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return useMemo(() => {
    const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
    const moment = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    const safe = (format: Intl.DateTimeFormat, value: string | null | undefined) => {
      if (!value) return '';
      const date = new Date(value.length === 10 ? `${value}T00:00:00` : value);
      return Number.isNaN(date.getTime()) ? value : format.format(date);
    };
    return {
      date: (value: string | null | undefined) => safe(day, value),
      dateTime: (value: string | null | undefined) => safe(moment, value),
      number: (value: number) => numberFormat(language).format(value),
    };
  }, [language]);
}
