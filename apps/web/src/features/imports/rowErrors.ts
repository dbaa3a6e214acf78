/** Row errors of an import in the screen's language, and as a CSV file staff can work through. */
import type { ImportRowError } from '@gym/contract/imports';
import type { TFunction } from 'i18next';
import { formatDate } from '../../shared/dates';
import { formatTimeOfDay } from '../../shared/timeOfDay';

/**
 * Where one import's own words are in the `imports` namespace (keys without the namespace): the
 * screens share the tables and the error list, each names its fields and reasons in its own words.
 */
export interface ImportWords {
  /** Key prefix of the field labels (`fields` → `imports:fields.phone`). */
  fields: string;
  /** Key prefixes of the row error reasons, tried in order (the import's own, then the shared ones). */
  reasons: readonly string[];
  /** Title of the mapping table's field column. */
  mappingField: string;
  /** Label of a column's field select, with `{{column}}`. */
  mappingFieldAria: string;
  /** Column of the error list naming who a row is about (`params.name`), for imports that name one. */
  subjectColumn?: string;
  /** Name of the exported error list (without `.csv`). */
  errorsFile: string;
}

export const MEMBER_IMPORT_WORDS: ImportWords = {
  fields: 'fields',
  reasons: ['rowErrors'],
  mappingField: 'mapping.field',
  mappingFieldAria: 'mapping.fieldAria',
  subjectColumn: 'errors.member',
  errorsFile: 'errors.fileName',
};

const key = (path: string) => `imports:${path}`;

/** The field's label; the header row and unknown fields say what they are. */
export function fieldLabel(t: TFunction, field: string | null, words: ImportWords = MEMBER_IMPORT_WORDS): string {
  if (!field) return '';
  return t(key(`${words.fields}.${field}`), { defaultValue: field });
}

/**
 * Parameters as a sentence reads them: a stored class's `date` (YYYY-MM-DD) and `time` (HH:MM) in
 * the screen's language. The cell itself (`value`) stays as the file has it, so staff can find it.
 */
export function readableParams(
  params: ImportRowError['params'],
  language: string | undefined,
): Record<string, string | number> {
  const out: Record<string, string | number> = { ...params };
  if (!language) return out;
  if (typeof out.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(out.date)) out.date = formatDate(language, out.date);
  if (typeof out.time === 'string') out.time = formatTimeOfDay(out.time, language);
  return out;
}

/**
 * The reason of one error: the import's own words, else the shared field messages, else the server's
 * text. With `language`, dates and times in the sentence are written the screen's way.
 */
export function rowErrorText(
  t: TFunction,
  error: ImportRowError,
  words: ImportWords = MEMBER_IMPORT_WORDS,
  language?: string,
): string {
  const params = readableParams(error.params, language);
  const shared = t(`errors:field.${error.code}`, { defaultValue: '' });
  const fallback = shared || error.message;
  const own = words.reasons.find((prefix) => t(key(`${prefix}.${error.code}`), { defaultValue: '' }) !== '');
  return own ? t(key(`${own}.${error.code}`), { ...params, defaultValue: fallback }) : fallback;
}

/**
 * The data row as staff count them (the first row under the header is row 1, as the preview's sample
 * and the server number it); a missing column is said of the header; 0 otherwise means no row was named.
 */
export function rowLabel(t: TFunction, error: Pick<ImportRowError, 'row' | 'code'>): string {
  if (error.code === 'column_missing') return t('imports:errors.headerRow');
  return error.row > 0 ? String(error.row) : '';
}

/** Spreadsheets run cells that start like a formula; such cells get a leading quote. */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",;\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The error list as CSV (UTF-8 with a byte order mark, so Excel reads accents and Chinese right). */
export function errorsCsv(
  t: TFunction,
  errors: readonly ImportRowError[],
  words: ImportWords = MEMBER_IMPORT_WORDS,
  language?: string,
): string {
  const subject = words.subjectColumn;
  const header = [
    t('imports:errors.row'),
    ...(subject ? [t(key(subject))] : []),
    t('imports:errors.field'),
    t('imports:errors.value'),
    t('imports:errors.reason'),
  ];
  const rows = errors.map((e) => [
    rowLabel(t, e),
    ...(subject ? [e.params?.name !== undefined ? String(e.params.name) : ''] : []),
    fieldLabel(t, e.field, words),
    e.params?.value !== undefined ? String(e.params.value) : '',
    rowErrorText(t, e, words, language),
  ]);
  return `\ufeff${[header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}
