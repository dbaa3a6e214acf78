/**
 * Intl formatters, made once per language and options. Building an `Intl.DateTimeFormat` costs
 * about a millisecond (it loads the locale's data); a screen that formats hundreds of values (the
 * opening-hours editor lists 96 times in each of 14 selects, a list formats every row) must not
 * build one per value.
 */
function cached<O, F>(make: (language: string, options: O) => F) {
  const made = new Map<string, F>();
  return (language: string, options: O): F => {
    const key = `${language}|${JSON.stringify(options)}`;
    let format = made.get(key);
    if (!format) {
      format = make(language, options);
      made.set(key, format);
    }
    return format;
  };
}

const dateTimeFormats = cached((l, o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(l, o));
const numberFormats = cached((l, o: Intl.NumberFormatOptions) => new Intl.NumberFormat(l, o));

export const dateTimeFormat = (language: string, options: Intl.DateTimeFormatOptions = {}) =>
  dateTimeFormats(language, options);
export const numberFormat = (language: string, options: Intl.NumberFormatOptions = {}) =>
  numberFormats(language, options);

/** 1.2 MB, 350 kB: a file's size as people read it, in the screen's language. */
export function formatSize(bytes: number, language: string): string {
  const mb = bytes >= 1024 * 1024;
  return numberFormat(language, {
    style: 'unit',
    unit: mb ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: mb ? 1 : 0,
  }).format(mb ? bytes / (1024 * 1024) : Math.max(1, Math.round(bytes / 1024)));
}
