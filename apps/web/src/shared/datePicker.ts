/**
 * The day as the date pickers show and read it (dayjs tokens): the same day as `dates.ts` writes
 * it in each language. Apart from `dates.ts` so that the boot (antd's locale) loads only this.
 */
const PICKER_PATTERNS: Record<string, string> = {
  en: 'DD/MM/YYYY',
  de: 'DD.MM.YYYY',
  fr: 'DD/MM/YYYY',
  pt: 'DD/MM/YYYY',
  'zh-Hant': 'YYYY/MM/DD',
};

export function datePickerPattern(language: string): string {
  return PICKER_PATTERNS[language] ?? 'DD/MM/YYYY';
}
