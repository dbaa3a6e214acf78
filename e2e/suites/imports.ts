/** Member import as the demo admin: a bad row is named, a good file imports, the members are found. */

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axe } from '../support/axe.ts';
import { loginThroughForm, newPage } from '../support/browser.ts';
import type { AppHandle } from '../support/server.ts';

/** Member import. Registered by a spec file, on that file's server and browser. */
export function memberImportSuite(app: AppHandle) {
  describe('member import', () => {
    const HEADER = 'First name,Last name,Mobile,E-mail,Centre code,Card number';
    const csv = (...rows: string[]) => Buffer.from(`\ufeff${[HEADER, ...rows].join('\r\n')}\r\n`, 'utf8');

    async function chooseFile(page: Page, name: string, content: Buffer) {
      await page
        .getByTestId('screen-member-import')
        .locator('input[type=file]')
        .setInputFiles({ name, mimeType: 'text/csv', buffer: content });
      await page.getByTestId('import-file-name').filter({ hasText: name }).waitFor();
    }

    it('a bad row is named in the preview; the fixed file imports and shows the summary', async () => {
      const { context, page } = await newPage(app.browser, app.server.url);
      await loginThroughForm(page, 'admin@demo.fit');
      await page.waitForURL(/\/class-list$/);
      await page.goto('/student-import');
      await page.getByTestId('screen-member-import').waitFor();

      // The drop zone opens the file chooser from the keyboard too.
      // (The locator's press focuses the drop zone and presses in one step, so nothing can take the focus between.)
      const drop = page.getByRole('button', { name: /Drop a CSV or XLSX file here/ });
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), drop.press('Enter')]);
      expect(chooser.isMultiple()).toBe(false);

      await chooseFile(
        page,
        'old-gym.csv',
        csv(
          'Importina,Testwell,9111 0001,importina@example.com,CWB,7000000001',
          'Bad,Phone,call me,bad.phone@example.com,MK,7000000002',
          'Imre,Testwell,9111 0003,,MK,',
        ),
      );
      await page.getByTestId('import-check').click();
      const errors = page.getByTestId('import-errors');
      await errors.waitFor();
      const badRow = errors.getByRole('row').filter({ hasText: 'Enter a phone number' });
      await expect.poll(() => badRow.count()).toBe(1);
      // The data row as staff count it: the second row under the header.
      expect(await badRow.innerText()).toMatch(/^2\s+Phone/);
      // The centre codes of the file, with their counts and the centre each becomes.
      const centres = page.getByTestId('import-values-Centre code');
      expect(await centres.innerText()).toMatch(/MK\s+2\s+\S/);
      expect(await page.getByTestId('import-run').isDisabled()).toBe(true);
      // The button says what stands between the file and the import.
      expect(await page.getByTestId('import-run').innerText()).toBe('Fix 1 row to import');
      expect(await page.getByTestId('import-mapping').innerText()).toContain('Mobile');
      const scan = await axe(page).include('[data-testid="screen-member-import"]').analyze();
      expect(scan.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);

      // Back to the first step, a corrected file, and the import.
      await page.getByTestId('import-back').click();
      await chooseFile(
        page,
        'old-gym-fixed.csv',
        csv(
          'Importina,Testwell,9111 0001,importina@example.com,CWB,7000000001',
          'Good,Phone,9111 0002,good.phone@example.com,MK,7000000002',
          'Imre,Testwell,9111 0003,,MK,',
        ),
      );
      await page.getByTestId('import-check').click();
      await page.getByTestId('import-all-good').waitFor();
      await page.getByTestId('import-run').click();
      await page.getByTestId('import-summary').waitFor();
      expect(await page.getByTestId('import-summary-imported').innerText()).toContain('3');

      // The new members are in the member list.
      await page.getByTestId('import-to-list').click();
      await page.waitForURL(/\/student-list/);
      await page.getByTestId('search-input').fill('Testwell');
      await page.getByText('Importina').first().waitFor();
      await context.close();
    });
  });
}
