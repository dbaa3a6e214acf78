/**
 * Timetable import as the demo admin: a row with an unknown room is named with its reason and stops
 * the import; the corrected file imports, the summary counts the classes, and its link opens the
 * class list over the imported days, where they are.
 */

import { addDays, today as businessToday, parseBusinessDate } from '@gym/contract/time';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axe } from '../support/axe.ts';
import { loginThroughForm, newPage } from '../support/browser.ts';
import { api, apiLogin } from '../support/members.ts';
import type { AppHandle } from '../support/server.ts';

/** Timetable import. Registered by a spec file, on that file's server and browser. */
export function classImportSuite(app: AppHandle) {
  describe('timetable import', () => {
    const HEADER = 'Date,Start,Class type,Room,Teacher,Centre code';
    const csv = (...rows: string[]) => Buffer.from(`\ufeff${[HEADER, ...rows].join('\r\n')}\r\n`, 'utf8');

    /** A Monday at least five weeks ahead at CWB: beyond the demo timetable and the other class tests. */
    async function firstDay(): Promise<string> {
      const admin = await apiLogin(app.server.url, 'admin@demo.fit');
      const { items } = await api<{ items: { code: string; timeZone: string }[] }>(
        admin,
        'GET',
        '/pro/centers/switcher',
      );
      let day = addDays(businessToday(items.find((c) => c.code === 'CWB')!.timeZone), 35);
      const weekday = (d: string) => {
        const { year, month, day: dd } = parseBusinessDate(d);
        return new Date(Date.UTC(year, month - 1, dd)).getUTCDay();
      };
      while (weekday(day) !== 1) day = addDays(day, 1);
      return day;
    }

    async function chooseFile(page: Page, name: string, content: Buffer) {
      await page
        .getByTestId('screen-class-import')
        .locator('input[type=file]')
        .setInputFiles({ name, mimeType: 'text/csv', buffer: content });
      await page.getByTestId('import-file-name').filter({ hasText: name }).waitFor();
    }

    it('names a row with an unknown room; the corrected file imports and its classes are in the class list', async () => {
      const monday = await firstDay();
      const days = [monday, addDays(monday, 7), addDays(monday, 14)];
      // Pilates in the PT room with the demo trainer, at 10:00 on weekdays: free and within opening hours.
      const row = (date: string, room: string) => `${date},10:00,Pilates,${room},Tom Trainer,CWB`;

      const { context, page } = await newPage(app.browser, app.server.url);
      await loginThroughForm(page, 'admin@demo.fit');
      await page.waitForURL(/\/class-list$/);
      await page.goto('/class-import');
      await page.getByTestId('screen-class-import').waitFor();

      // The drop zone opens the file chooser from the keyboard.
      const drop = page.getByRole('button', { name: /Drop a CSV or XLSX file here/ });
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), drop.press('Enter')]);
      expect(chooser.isMultiple()).toBe(false);

      await chooseFile(
        page,
        'term.csv',
        csv(row(days[0]!, 'PT Room'), row(days[1]!, 'Moon Room'), row(days[2]!, 'PT Room')),
      );
      await page.getByTestId('import-check').click();
      const errors = page.getByTestId('import-errors');
      await errors.waitFor();
      const badRow = errors.getByRole('row').filter({ hasText: 'This centre has no room of this name.' });
      await expect.poll(() => badRow.count()).toBe(1);
      // The second row under the header, its column and the cell as the file has it.
      expect(await badRow.innerText()).toMatch(/^2\s+Room\s+Moon Room/);
      expect(await page.getByTestId('import-invalid-count').innerText()).toContain('1');
      const run = page.getByTestId('import-run');
      expect(await run.isDisabled()).toBe(true);
      expect(await run.innerText()).toBe('Fix 1 row to import');
      expect(await page.getByTestId('import-mapping').innerText()).toContain('Centre code');
      const scan = await axe(page).include('[data-testid="screen-class-import"]').analyze();
      expect(scan.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);

      // Back to the file, the corrected one, and the import.
      await page.getByTestId('import-back').click();
      await chooseFile(page, 'term-fixed.csv', csv(...days.map((d) => row(d, 'PT Room'))));
      await page.getByTestId('import-check').click();
      await page.getByTestId('import-all-good').waitFor();
      expect(await run.innerText()).toBe('Import 3 classes');
      await run.click();
      await page.getByTestId('import-summary').waitFor();
      expect(await page.getByTestId('import-summary-imported').innerText()).toContain('3');

      // The link opens the class list over the imported days.
      await page.getByTestId('import-to-list').click();
      await page.waitForURL(
        (url) =>
          url.pathname === '/class-list' &&
          url.searchParams.get('from') === days[0] &&
          url.searchParams.get('to') === days[2],
      );
      await page.getByTestId('screen-class-list').waitFor();
      const imported = page.locator('tr.class-row', { hasText: 'Pilates' }).filter({ hasText: 'PT Room' });
      await expect.poll(() => imported.count()).toBe(3);
      await context.close();
    });
  });
}
