/**
 * Expenditure as a manager records it: a category of the organisation's own list, an amount typed
 * in the organisation's money format, a PDF receipt attached; the list shows it with the totals of
 * the filtered rows, the receipt comes back, and the CSV export carries it.
 */
import { readFileSync } from 'node:fs';
import { formatMoney } from '@gym/contract/money';
import { describe, expect, it } from 'vitest';
import { pickOption } from '../support/browser.ts';
import { apiLogin } from '../support/members.ts';
import { openAs, readConfig, unique } from '../support/organisation.ts';
import type { AppHandle } from '../support/server.ts';

/** Expenditure. Registered by a spec file, on that file's server and browser. */
export function expenditureSuite(app: AppHandle) {
  describe('expenditures', () => {
    const MANAGER = 'manager@demo.fit';
    const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

    describe('expenditure', () => {
      it('records an expenditure with a PDF receipt, sees it in the list with the total, and exports CSV', async () => {
        const symbol = (await readConfig(await apiLogin(app.server.url, MANAGER))).currencySymbol;
        const money = (n: number) => formatMoney(n, { symbol, exponent: 2, decimal: '.', thousands: ',' });
        const { context, page } = await openAs(
          app.browser,
          app.server.url,
          MANAGER,
          '/expenditure',
          'screen-expenditure',
        );
        try {
          // The organisation's categories are managed beside the list.
          const category = unique('Rent ');
          await page.getByTestId('expenditure-categories').click();
          await page.getByTestId('category-name').fill(category);
          await page.getByTestId('category-add').click();
          await page.getByTestId('categories-modal').getByText(category).waitFor();
          await page.getByTestId('categories-modal').getByRole('button', { name: 'Close' }).last().click();
          await page.getByTestId('categories-modal').waitFor({ state: 'hidden' });

          await page.getByTestId('expenditure-add').click();
          const drawer = page.getByTestId('expenditure-drawer');
          await drawer.waitFor();
          // The date is filled with the centre's business date, written as every English screen writes a day.
          await expect(drawer.locator('#expenditure_date').inputValue()).resolves.toMatch(/^\d{2}\/\d{2}\/\d{4}$/);

          // Saving without an amount or category explains beside the fields.
          await page.getByTestId('expenditure-save').click();
          await page.locator('#expenditure_amount_help').waitFor();
          await page.locator('#expenditure_categoryId_help').waitFor();

          await page.getByTestId('expenditure-category').click();
          await pickOption(page, page.locator('.ant-select-item-option', { hasText: category }));
          await page.getByTestId('expenditure-amount').fill('1234.5');
          await page.getByTestId('expenditure-tax').fill('12.34');
          await page.getByTestId('expenditure-method').click();
          await pickOption(page, page.locator('.ant-select-item-option', { hasText: 'Bank transfer' }));
          const supplier = unique('Landlord ');
          await page.getByTestId('expenditure-supplier').fill(supplier);
          await page
            .getByTestId('receipt-input')
            .setInputFiles({ name: 'rent.pdf', mimeType: 'application/pdf', buffer: PDF });
          await page.getByTestId('receipt-chosen').getByText('rent.pdf').waitFor();
          await page.getByTestId('expenditure-save').click();
          await drawer.waitFor({ state: 'hidden' });

          // Listed with its amount, and the totals of the rows the filters select.
          await page.getByTestId('filter-category').click();
          await pickOption(page, page.locator('.ant-select-item-option', { hasText: category }));
          await page.waitForURL(/category=/);
          const row = page.locator('.ant-table-row', { hasText: supplier });
          await row.waitFor();
          await expect(row.textContent()).resolves.toContain(money(123_450));
          await expect(page.getByTestId('expenditure-total-amount').textContent()).resolves.toContain(money(123_450));
          await expect(page.getByTestId('expenditure-total-tax').textContent()).resolves.toContain(money(1_234));

          // The receipt comes back as it was sent.
          const [receipt] = await Promise.all([
            page.waitForEvent('download'),
            row.getByTestId('expenditure-receipt-link').click(),
          ]);
          expect(receipt.suggestedFilename()).toBe('rent.pdf');
          expect(readFileSync(await receipt.path()).equals(PDF)).toBe(true);

          // CSV export of the filtered list.
          const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
          expect(download.suggestedFilename()).toMatch(/\.csv$/);
          const lines = readFileSync(await download.path(), 'utf8')
            .trim()
            .split(/\r?\n/);
          expect(lines).toHaveLength(2);
          expect(lines[1]).toContain(category);
          expect(lines[1]).toContain('1234.50');
          expect(lines[1]).toContain(supplier);
          expect(lines[1]).toContain('rent.pdf');
        } finally {
          await context.close();
        }
      });
    });
  });
}
