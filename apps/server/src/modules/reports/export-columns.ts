/**
 * A report's file speaks to the person who asked for it: the header row is the columns' titles in
 * their language, money is a decimal amount in the organisation's currency (named in the header),
 * percentages are percent, and dates stay ISO business dates (`2026-03-01`, months `2026-03`).
 */
import { LANGUAGES, type Language } from '@gym/contract/constants';
import { type CurrencyCode, minorUnitExponent } from '@gym/contract/currency';
import type { ReportRow } from '@gym/contract/reports';
import type { ExportColumn } from '../../lib/table-export.ts';
import { COLUMN_TITLES } from './column-titles.ts';
import type { ColumnSpec } from './engine.ts';

/** A supported language named by a tag (`de-CH`: de, `zh-TW`: zh-Hant), or undefined. */
function supported(tag: string): Language | undefined {
  const wanted = tag.trim().toLowerCase();
  const exact = LANGUAGES.find((l) => l.toLowerCase() === wanted);
  if (exact) return exact;
  const primary = wanted.split('-')[0];
  // The one Chinese the product writes is traditional.
  if (primary === 'zh') return 'zh-Hant';
  return LANGUAGES.find((l) => l === primary);
}

/**
 * The language of a file: the first supported one of `Accept-Language` (the screen's, which the web
 * sends), else the staff member's own, else the organisation's, else English.
 */
export function fileLanguage(
  acceptLanguage: string | undefined,
  ...fallbacks: (string | null | undefined)[]
): Language {
  const asked = (acceptLanguage ?? '')
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) : 1, i };
    })
    .filter((a) => a.tag.trim() !== '' && a.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of asked) {
    const language = supported(tag);
    if (language) return language;
  }
  for (const tag of fallbacks) {
    const language = tag ? supported(tag) : undefined;
    if (language) return language;
  }
  return 'en';
}

const numberOr = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** The columns of a report's file, in `language`, money in `currency`. */
export function exportColumns(columns: ColumnSpec[], language: Language, currency: string): ExportColumn<ReportRow>[] {
  const titleOf = (key: string) => COLUMN_TITLES[language][key] ?? COLUMN_TITLES.en[key] ?? key;
  const exponent = minorUnitExponent(currency as CurrencyCode) ?? 2;
  return columns.map((c): ExportColumn<ReportRow> => {
    const title = titleOf(c.key);
    if (c.kind === 'money') {
      const amount = (row: ReportRow) => {
        const minor = numberOr(row[c.key]);
        return minor === null ? null : minor / 10 ** exponent;
      };
      return { header: `${title} (${currency})`, value: amount, decimals: exponent, width: 16 };
    }
    if (c.kind === 'percent') {
      // Basis points (1 % = 100) as a percentage.
      const percent = (row: ReportRow) => {
        const bp = numberOr(row[c.key]);
        return bp === null ? null : bp / 100;
      };
      return { header: `${title} (%)`, value: percent, decimals: 2, width: 12 };
    }
    return { header: title, value: (row) => row[c.key] ?? null };
  });
}
