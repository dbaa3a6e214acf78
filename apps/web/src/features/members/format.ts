import { formatMemberName, memberInitials } from '@gym/contract/names';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { numberFormat } from '../../shared/intl';
import { useDates } from '../../shared/useDates';

/** A member's name as staff say it (Chinese names family name first): the one formatter every screen uses. */
export const memberName = formatMemberName;

/** Avatar initials matching `memberName`. */
export const initialsOf = memberInitials;

/** Dates and instants in the screen's language (`shared/dates.ts`), and numbers. */
export function useFormatters() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const dates = useDates();
  return useMemo(
    () => ({
      date: dates.date,
      dateTime: dates.dateTime,
      number: (value: number) => numberFormat(language).format(value),
    }),
    [language, dates],
  );
}
