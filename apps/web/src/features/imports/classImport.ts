/** The timetable import's words and links: what its screen says that the member import does not. */
import {
  CLASS_IMPORT_FIELDS,
  CLASS_IMPORT_REQUIRED_FIELDS,
  type ClassImportField,
  type ClassImportPreview,
} from '@gym/contract/class-imports';
import type { TFunction } from 'i18next';
import { formatWeekdayFullDate } from '../../shared/dates';
import { numberFormat } from '../../shared/intl';
import { CLASS_LIST_PATH } from '../classes/paths';
import { missingFields } from './mapping';
import type { ImportWords } from './rowErrors';

/** The timetable import's fields and reasons; the shared reasons (`column_missing`...) come after its own. */
export const CLASS_IMPORT_WORDS: ImportWords = {
  fields: 'classImport.fields',
  reasons: ['classImport.rowErrors', 'rowErrors'],
  mappingField: 'classImport.mapping.field',
  mappingFieldAria: 'classImport.mapping.fieldAria',
  errorsFile: 'classImport.errorsFileName',
};

/** The sample's columns: one class as it would be stored. */
export const CLASS_SAMPLE_FIELDS = [
  'date',
  'startTime',
  'endTime',
  'classType',
  'room',
  'teacher',
  'centerCode',
  'capacity',
  'credits',
  'mode',
] as const satisfies readonly ClassImportField[];

/** Required fields no column holds yet, in the order the select lists them. */
export function missingClassFields(mapping: Partial<Record<string, ClassImportField | null>>): ClassImportField[] {
  const missing = missingFields(mapping, CLASS_IMPORT_REQUIRED_FIELDS);
  return CLASS_IMPORT_FIELDS.filter((f) => missing.includes(f));
}

/** Neither the end nor the length is given: each class lasts as long as its type. */
export function lengthFromType(mapping: Partial<Record<string, ClassImportField | null>>): boolean {
  const mapped = new Set(Object.values(mapping));
  return !mapped.has('endTime') && !mapped.has('durationMinutes');
}

/** A business day (YYYY-MM-DD) as staff read it: "Mon, 07/09/2026" (`shared/dates.ts`). */
export function formatClassDay(date: string, language: string): string {
  return formatWeekdayFullDate(language, date);
}

/** What the import button will do: import N classes, or which rows must be fixed first. */
export function classImportLabel(t: TFunction, preview: ClassImportPreview, language: string): string {
  if (preview.errorCount === 0) {
    return preview.validRows === 1
      ? t('imports:classImport.actions.importOne')
      : t('imports:classImport.actions.import', { count: numberFormat(language).format(preview.validRows) });
  }
  const bad = preview.totalRows - preview.validRows;
  if (bad === 1) return t('imports:actions.fixRow');
  return bad > 1
    ? t('imports:actions.fixRows', { count: numberFormat(language).format(bad) })
    : t('imports:actions.fixFile');
}

/** The outcome in a sentence: how many classes, over which days. */
export function classImportSummary(
  t: TFunction,
  result: { imported: number; firstDate: string; lastDate: string },
  language: string,
): string {
  const first = formatClassDay(result.firstDate, language);
  if (result.imported === 1) return t('imports:classImport.summary.textOne', { first });
  return t('imports:classImport.summary.text', {
    count: numberFormat(language).format(result.imported),
    first,
    last: formatClassDay(result.lastDate, language),
  });
}

/**
 * The class list over the imported days: at the import's centre when every class went there (no
 * centre column), at every centre otherwise. The list shows at most about two months at once.
 */
export function importedClassesPath(result: { firstDate: string; lastDate: string }, centerId: string | null): string {
  const query = new URLSearchParams({ from: result.firstDate, to: result.lastDate, center: centerId ?? 'all' });
  return `${CLASS_LIST_PATH}?${query}`;
}
