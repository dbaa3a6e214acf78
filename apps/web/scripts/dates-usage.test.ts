/**
 * One date format per language: every date a screen shows is written by `src/shared/dates.ts`
 * (and the date pickers take its pattern through antd's locale). This test fails on a screen that
 * formats a date by itself: `toLocaleDateString`, `toLocaleString`, `toLocaleTimeString`, a
 * `new Intl.DateTimeFormat(` or the cached `dateTimeFormat(`, a dayjs `.format(` other than the
 * wire formats (`YYYY-MM-DD`, `HH:mm`), a picker's own `format="…"`, or date-fns. A line that really
 * needs one says why, on the same line, with `// dates-ok: <reason>`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const SCANNED = 'src';
/** The one module, and the cache of Intl formatters it uses. */
const ALLOWED_FILES = new Set(['src/shared/dates.ts', 'src/shared/intl.ts']);
const WIRE_FORMATS = new Set(['YYYY-MM-DD', 'HH:mm', 'HH:mm:ss']);

const FORBIDDEN: { pattern: RegExp; what: string }[] = [
  { pattern: /\.toLocaleDateString\(/, what: 'toLocaleDateString(' },
  { pattern: /\.toLocaleTimeString\(/, what: 'toLocaleTimeString(' },
  { pattern: /\.toLocaleString\(/, what: 'toLocaleString(' },
  { pattern: /new Intl\.DateTimeFormat\(/, what: 'new Intl.DateTimeFormat(' },
  { pattern: /\bdateTimeFormat\(/, what: 'dateTimeFormat(' },
  { pattern: /from ['"]date-fns/, what: 'date-fns' },
  { pattern: /\bdayjs\(\)\.format\(/, what: 'dayjs().format(' },
];
const DAYJS_FORMAT = /\.format\(\s*['"`]([^'"`]*)['"`]\s*\)/g;
const PICKER_FORMAT = /<(?:DatePicker|RangePicker|DatePicker\.RangePicker)\b[^>]*\sformat=/;
const ALLOW = /\/\/\s*dates-ok:\s*\S/;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\./.test(name)) out.push(path);
  }
  return out;
}

/** Every date formatted outside the one module, as `file:line what`, unless the line gives a reason. */
export function findOwnDateFormats(file: string, text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    if (ALLOW.test(line)) return;
    for (const { pattern, what } of FORBIDDEN) if (pattern.test(line)) found.push(`${file}:${i + 1} uses ${what}`);
    for (const m of line.matchAll(DAYJS_FORMAT)) {
      if (!WIRE_FORMATS.has(m[1]!)) found.push(`${file}:${i + 1} formats a date as '${m[1]}'`);
    }
    if (PICKER_FORMAT.test(line)) found.push(`${file}:${i + 1} gives a date picker its own format`);
  });
  return found;
}

describe('dates on screens', () => {
  it('the scan knows each way of formatting a date by hand, and the reason comment', () => {
    const sample = [
      'a.toLocaleDateString(lng);',
      'a.toLocaleString(lng);',
      "new Intl.DateTimeFormat('en', { dateStyle: 'medium' });",
      "dateTimeFormat(lng, { month: 'long' }).format(d);",
      "import { format } from 'date-fns';",
      "dayjs().format('MM/DD');",
      "value.format('DD MMM YYYY');",
      "value.format('YYYY-MM-DD'); start.format('HH:mm');",
      '<DatePicker format="YYYY-MM-DD" />',
      'Intl.DateTimeFormat().resolvedOptions().timeZone;',
      "dateTimeFormat(lng, { weekday: 'long' }); // dates-ok: a weekday's name, not a date",
    ].join('\n');
    expect(findOwnDateFormats('x.ts', sample)).toEqual([
      'x.ts:1 uses toLocaleDateString(',
      'x.ts:2 uses toLocaleString(',
      'x.ts:3 uses new Intl.DateTimeFormat(',
      'x.ts:4 uses dateTimeFormat(',
      'x.ts:5 uses date-fns',
      'x.ts:6 uses dayjs().format(',
      "x.ts:6 formats a date as 'MM/DD'",
      "x.ts:7 formats a date as 'DD MMM YYYY'",
      'x.ts:9 gives a date picker its own format',
    ]);
  });

  it('no screen formats a date by itself (use src/shared/dates.ts)', () => {
    const found: string[] = [];
    for (const path of sourceFiles(join(ROOT, SCANNED))) {
      const file = relative(ROOT, path).split('\\').join('/');
      if (ALLOWED_FILES.has(file)) continue;
      found.push(...findOwnDateFormats(file, readFileSync(path, 'utf8')));
    }
    expect(
      found,
      'Write dates with src/shared/dates.ts (formatDate, formatDateTime, formatTime, formatWeekdayDate, ' +
        'formatLongDate, formatMonth) or the useDates() hook; a justified exception says ' +
        '`// dates-ok: <reason>` on the same line.\n' +
        found.join('\n'),
    ).toEqual([]);
  });
});
