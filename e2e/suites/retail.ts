/**
 * The retail catalogue as a manager uses it: a product with a barcode, a delivery received into a
 * centre and its stock seen in the list, a coupon, and a list filter that survives a reload.
 */
import { describe, expect, it } from 'vitest';
import { openAs, unique } from '../support/organisation.ts';
import type { AppHandle } from '../support/server.ts';

/** The retail catalogue. Registered by a spec file, on that file's server and browser. */
export function retailSuite(app: AppHandle) {
  describe('retail', () => {
    const MANAGER = 'manager@demo.fit';

    describe('retail catalogue', () => {
      it('creates a product, receives 10 into a centre, shows the stock; a coupon; the filter stays after reload', async () => {
        const { context, page } = await openAs(
          app.browser,
          app.server.url,
          MANAGER,
          '/product-list',
          'screen-product-list',
        );
        try {
          const sku = unique('E2E')
            .toUpperCase()
            .replace(/[^A-Z0-9-]/g, '');
          const barcode = `${Date.now()}`.slice(-12);
          await page.getByTestId('product-add').click();
          await page.getByTestId('product-name').fill('Grip Socks');
          await page.getByTestId('product-sku').fill(sku);
          await page.getByTestId('product-barcode').fill(barcode);
          await page.getByTestId('product-price').fill('45.00');
          await page.getByTestId('product-submit').click();

          // Saved: the drawer turns to the product's stock tab.
          await page.getByTestId('stock-table').waitFor();
          await page.getByTestId('stock-received-quantity').fill('10');
          await page.getByTestId('stock-received-submit').click();
          const table = page.getByTestId('stock-table');
          await table.locator('td', { hasText: /^10$/ }).waitFor();
          await page.getByTestId('stock-history').locator('.ant-table-row', { hasText: '+10' }).waitFor();
          await page.keyboard.press('Escape');

          // The list shows the stock per centre; found by its barcode, as the scanner types it.
          await page.locator('#product-keyword').fill(barcode);
          await page.waitForURL((url) => url.searchParams.get('keyword') === barcode);
          await expect(page.getByTestId(`stock-${sku}`).textContent()).resolves.toContain('CWB 10');

          // A coupon with a WELCOME-style code.
          await page.goto('/coupon-list');
          await page.getByTestId('screen-coupon-list').waitFor();
          const code = `WELCOME${barcode.slice(-4)}`;
          await page.getByTestId('coupon-add').click();
          await page.getByTestId('coupon-code').fill(code);
          await page.locator('#coupon_percentBp').fill('10');
          await page.getByTestId('coupon-submit').click();
          await page.locator('.ant-drawer-content').waitFor({ state: 'detached' });

          // Filter the list; a reload keeps the filter and its result.
          await page.locator('#coupon-keyword').fill(code.toLowerCase());
          await page.waitForURL((url) => url.searchParams.get('keyword') === code.toLowerCase());
          await page.getByTestId('coupon-table').locator('.ant-table-row', { hasText: code }).waitFor();
          await page.reload();
          await page.getByTestId('screen-coupon-list').waitFor();
          expect(new URL(page.url()).searchParams.get('keyword')).toBe(code.toLowerCase());
          await expect(page.locator('#coupon-keyword').inputValue()).resolves.toBe(code.toLowerCase());
          const row = page.getByTestId('coupon-table').locator('.ant-table-row', { hasText: code });
          await row.waitFor();
          await expect(row.textContent()).resolves.toContain('10 %');
          await expect(page.getByTestId('coupon-table').locator('.ant-table-row').count()).resolves.toBe(1);
        } finally {
          await context.close();
        }
      });
    });
  });
}
