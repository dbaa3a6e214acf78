/** Row errors of an import in the screen's language, and as a CSV file staff can work through. */
import type { ImportRowError } from '@gym/contract/imports';
import type { TFunction } from 'i18next';

/** The field's label; the header row and unknown fields say what they are. */
export function fieldLabel(t: TFunction, field: string | null): string {
  if (!field) return '';
  return t(`imports:fields.${field}`, { defaultValue: field });
}

/** The reason of one error: the import's own words, else the shared field messages, else the server's text. */
export function rowErrorText(t: TFunction, error: ImportRowError): string {
  const params = error.params ?? {};
  const shared = t(`errors:field.${error.code}`, { defaultValue: '' });
  return t(`imports:rowErrors.${error.code}`, { ...params, defaultValue: shared || error.message });
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
export function errorsCsv(t: TFunction, errors: readonly ImportRowError[]): string {
  const header = [
    t('imports:errors.row'),
    t('imports:errors.member'),
    t('imports:errors.field'),
    t('imports:errors.value'),
    t('imports:errors.reason'),
  ];
  const rows = errors.map((e) => [
    rowLabel(t, e),
    e.params?.name !== undefined ? String(e.params.name) : '',
    fieldLabel(t, e.field),
    e.params?.value !== undefined ? String(e.params.value) : '',
    rowErrorText(t, e),
  ]);
  return `\ufeff${[header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}
