/** What the member import's sample shows: the fields its columns feed, stored words in the screen's language. */
import type { ImportField, ImportMapping } from '@gym/contract/imports';
import type { TFunction } from 'i18next';

/** Fields the sample shows when a column feeds them; a full name shows as the first and last names it became. */
const SHOWN: readonly ImportField[] = [
  'code',
  'firstName',
  'lastName',
  'chineseName',
  'gender',
  'birthday',
  'phone',
  'email',
  'homeCenterCode',
  'status',
  'source',
  'cardNumber',
  'joinedAt',
];

export function memberSampleFields(mapping: ImportMapping): ImportField[] {
  const mapped = new Set(Object.values(mapping));
  return SHOWN.filter(
    (f) =>
      mapped.has(f) ||
      ((f === 'firstName' || f === 'lastName' || f === 'chineseName') && mapped.has('fullName')) ||
      f === 'homeCenterCode' ||
      f === 'status',
  );
}

/** Stored words (status, gender, source) in the screen's language, as the member file shows them. */
export function memberSampleValue(t: TFunction, field: string, value: string): string {
  if (field === 'status') return t(`members:status.${value}`, { defaultValue: value });
  if (field === 'gender') return t(`members:gender.${value}`, { defaultValue: value });
  if (field === 'source') return t(`members:source.${value}`, { defaultValue: value });
  return value;
}
