/**
 * "Today" is the centre's business date, never UTC's or the device's: domain code reads dates
 * through `packages/contract/src/time.ts` only. This test forbids the direct patterns in the
 * server, the web app and the contract. A line that really needs one says why, on the same line,
 * with `// time-ok: <reason>`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const SCANNED = ['apps/server/src', 'apps/web/src', 'packages/contract/src'];
const TIME_MODULE = 'packages/contract/src/time.ts';

const FORBIDDEN: { pattern: RegExp; what: string }[] = [
  { pattern: /toISOString\(\)\.slice\(/, what: 'toISOString().slice( (the UTC day)' },
  { pattern: /\.toISOString\(\)\.split\(\s*['"]T['"]\s*\)/, what: ".toISOString().split('T') (the UTC day)" },
  { pattern: /\.getDate\(\)/, what: '.getDate() (the device’s day)' },
  { pattern: /\.getFullYear\(\)/, what: '.getFullYear() (the device’s year)' },
  { pattern: /\.getMonth\(\)/, what: '.getMonth() (the device’s month)' },
  { pattern: /\.getDay\(\)/, what: '.getDay() (the device’s weekday)' },
  { pattern: /\.getHours\(\)/, what: '.getHours() (the device’s hour)' },
  { pattern: /new Date\(\)\.toDateString/, what: 'new Date().toDateString (the device’s day)' },
];
const ALLOW = /\/\/\s*time-ok:\s*\S/;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|tsx|mts|cts)$/.test(name) && !/\.test\./.test(name)) out.push(path);
  }
  return out;
}

/** Every forbidden use in a text, as `file:line`, unless the line carries a `time-ok` reason. */
function findDirectDateUses(file: string, text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    if (ALLOW.test(line)) return;
    for (const { pattern, what } of FORBIDDEN) {
      if (pattern.test(line)) found.push(`${file}:${i + 1} uses ${what}`);
    }
  });
  return found;
}

describe('business dates', () => {
  it('the scan knows each forbidden pattern and the allow comment', () => {
    const sample = [
      'const a = new Date().toISOString().slice(0, 10);',
      "const b = d.toISOString().split('T')[0];",
      'const c = d.getDate() + d.getMonth() + d.getFullYear() + d.getDay() + d.getHours();',
      'const e = new Date().toDateString();',
      'const f = d.getUTCFullYear(); // UTC calendar arithmetic is fine',
      'const g = d.getFullYear(); // time-ok: a reason is given',
    ].join('\n');
    expect(findDirectDateUses('x.ts', sample)).toEqual([
      'x.ts:1 uses toISOString().slice( (the UTC day)',
      "x.ts:2 uses .toISOString().split('T') (the UTC day)",
      'x.ts:3 uses .getDate() (the device’s day)',
      'x.ts:3 uses .getFullYear() (the device’s year)',
      'x.ts:3 uses .getMonth() (the device’s month)',
      'x.ts:3 uses .getDay() (the device’s weekday)',
      'x.ts:3 uses .getHours() (the device’s hour)',
      'x.ts:4 uses new Date().toDateString (the device’s day)',
    ]);
  });

  it('no server, web or contract code reads a day from UTC or the device (use packages/contract/src/time.ts)', () => {
    const found: string[] = [];
    for (const dir of SCANNED) {
      for (const path of sourceFiles(join(ROOT, dir))) {
        const file = relative(ROOT, path).split('\\').join('/');
        if (file === TIME_MODULE) continue;
        found.push(...findDirectDateUses(file, readFileSync(path, 'utf8')));
      }
    }
    expect(
      found,
      `Read "today", ages and day boundaries through ${TIME_MODULE} (businessDate, today, dayBounds, ` +
        'monthBounds, addDays, addMonths, daysBetween, zonedInstant, ageOn) with the centre’s time zone; ' +
        'a justified exception says `// time-ok: <reason>` on the same line.\n' +
        found.join('\n'),
    ).toEqual([]);
  });
});
