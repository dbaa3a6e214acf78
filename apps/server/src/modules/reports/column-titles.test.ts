import { readFileSync } from 'node:fs';
import { LANGUAGES } from '@gym/contract/constants';
import { describe, expect, it } from 'vitest';
import { COLUMN_TITLES } from './column-titles.ts';
import { REPORTS } from './registry.ts';

const webTitles = (language: string) =>
  (
    JSON.parse(
      readFileSync(new URL(`../../../../web/src/locales/${language}/reports.json`, import.meta.url), 'utf8'),
    ) as { titles: { columns: Record<string, string> } }
  ).titles.columns;

describe('the column titles of exported reports', () => {
  it('are the words the screens show, in every language', () => {
    for (const language of LANGUAGES) expect(COLUMN_TITLES[language], language).toEqual(webTitles(language));
  });

  it('name every column of every report', () => {
    const f = { from: '2026-03-01', to: '2026-03-31', today: '2026-03-02' };
    for (const spec of REPORTS.values()) {
      for (const by of [undefined, 'hour', 'reason'] as const) {
        for (const c of spec.columns({ ...f, by }))
          expect(COLUMN_TITLES.en, `${spec.code}.${c.key}`).toHaveProperty(c.key);
      }
    }
  });
});
