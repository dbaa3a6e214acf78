/**
 * The reports and the live dashboard as a manager uses them: three reports opened by their routes,
 * filters (a payment method, a grouping) kept in the address, a total opened to the payments behind it, the whole result
 * exported as XLSX (the file opens and holds the rows), printed (the print media shows the table
 * and nothing around it); and the dashboard's revenue following a sale made in another browser.
 */
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { pickOption } from './support/browser.ts';
import { type ApiSession, api, apiLogin, demoCenterId } from './support/members.ts';
import { openAs, unique } from './support/organisation.ts';
import { watchPrinting } from './support/print.ts';
import { useAppServer } from './support/server.ts';

const app = useAppServer();
const MANAGER = 'manager@demo.fit';
const FRONT_DESK = 'frontdesk@demo.fit';

let manager: ApiSession;
let cwb: { id: string; code: string };
let pack: { id: string; price: number };

beforeAll(async () => {
  manager = await apiLogin(app.server.url, MANAGER);
  cwb = await demoCenterId(manager);
  const packs = await api<{ items: { id: string; name: string; price: number }[] }>(
    manager,
    'GET',
    '/pro/packages?pageSize=100',
  );
  pack = packs.items.find((p) => p.name === '10-class pack')!;
});

/** A new member at CWB, as the desk adds one. */
const newMember = (session: ApiSession) =>
  api<{ id: string }>(session, 'POST', '/pro/students', {
    firstName: 'Report',
    lastName: unique('Buyer'),
    phone: `6${Date.now().toString().slice(-7)}`,
    homeCenterId: cwb.id,
  });

/** Opens `path` as `email` with CWB as the tab's centre. */
async function openAt(email: string, path: string, testId: string) {
  const opened = await openAs(app.browser, app.server.url, email, '/error-404', 'screen-error-404');
  await opened.page.evaluate((id) => sessionStorage.setItem('centerId', id), cwb.id);
  await opened.page.goto(path);
  await opened.page.getByTestId(testId).waitFor();
  return opened;
}

const tableRows = (page: Page) => page.locator('[data-testid="report-table"] .ant-table-row');

describe('reports', () => {
  it('opens three reports, filters, drills from a total to its payments, exports XLSX and prints', async () => {
    // Money taken today at CWB, so this month's reports have a row of it.
    const member = await newMember(manager);
    await api(manager, 'POST', `/pro/students/${member.id}/sales`, {
      centerId: cwb.id,
      lines: [{ itemType: 'package', itemId: pack.id }],
      payment: { method: 'cash', amountMinor: pack.price },
    });

    const { context, page } = await openAt(MANAGER, '/report-paymentMethod', 'screen-report');
    // Printing is watched from the next load on (a headless browser opens no print window).
    const printing = await watchPrinting(page);
    await page.reload();
    try {
      // 1. Payment methods: a row per method, the totals row, the chart.
      await page.getByTestId('report-totals').waitFor();
      expect(await tableRows(page).count()).toBeGreaterThan(0);
      const total = page.getByTestId('report-total-amountMinor');
      expect((await total.textContent())?.trim()).not.toBe('');

      // Export the whole result as XLSX: the workbook opens and holds each row of the table.
      const shown = await tableRows(page).count();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-xlsx').click()]);
      expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(await download.path());
      const sheet = workbook.worksheets[0]!;
      // A header row and one row per method.
      expect(sheet.actualRowCount).toBe(shown + 1);
      const methods = sheet.getColumn(1).values.slice(2).map(String);
      expect(methods).toContain('cash');

      // Print: the page asks the browser to print, and the print media shows the table, not the toolbar.
      await page.getByTestId('report-print').click();
      expect((await printing.printed()).length).toBe(1);
      await page.emulateMedia({ media: 'print' });
      expect(await page.getByTestId('report-table').isVisible()).toBe(true);
      expect(await page.getByTestId('report-toolbar').isVisible()).toBe(false);
      await page.emulateMedia({ media: 'screen' });

      // 2. Transactions over today only (the filter is in the address); the total opens its payments.
      const today = await page.evaluate(() => new URLSearchParams(location.search).get('to'));
      await page.goto(`/report-transacion${today ? `?from=${today}&to=${today}` : ''}`);
      await page.getByTestId('report-totals').waitFor();
      // The payment method filter: chosen in the toolbar, kept in the address through a reload.
      await page.getByTestId('report-filter-method').click();
      await pickOption(page, page.locator('.ant-select-item-option', { hasText: 'Cash' }));
      await page.waitForURL(/method=cash/);
      await page.reload();
      await page.getByTestId('report-totals').waitFor();
      expect(await page.getByTestId('report-filter-method').textContent()).toContain('Cash');
      await page.getByTestId('report-total-amountMinor').click();
      const drawer = page.getByTestId('report-drill');
      await drawer.getByTestId('report-drill-table').waitFor();
      const drilled = drawer.locator('.ant-table-row');
      await expect.poll(() => drilled.count()).toBeGreaterThan(0);
      expect(await drawer.textContent()).toContain('Buyer');
      await page.keyboard.press('Escape');

      // 3. Entries, grouped by hour: the choice goes into the address and survives a reload.
      await page.goto('/report-entry');
      await page.getByTestId('report-filter-by').click();
      await pickOption(page, page.locator('.ant-select-item-option', { hasText: 'Hour of the day' }));
      await page.waitForURL(/by=hour/);
      await page.reload();
      await page.getByTestId('report-table').waitFor();
      expect(new URL(page.url()).searchParams.get('by')).toBe('hour');
      expect(await page.locator('[data-testid="report-table"] th', { hasText: 'Hour' }).count()).toBeGreaterThan(0);

      // An unknown code is the 404 page.
      await page.goto('/report/no-such-report');
      await page.getByTestId('screen-error-404').waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('the dashboard', () => {
  it('shows a sale made in another browser within 5 seconds, without a reload', async () => {
    const watching = await openAt(MANAGER, '/dashboard', 'screen-dashboard');
    const selling = await openAt(FRONT_DESK, '/error-404', 'screen-error-404');
    try {
      const revenue = watching.page.getByTestId('dashboard-revenue-today-value');
      await revenue.waitFor();
      const before = await revenue.textContent();
      const desk = await apiLogin(app.server.url, FRONT_DESK);
      const member = await newMember(desk);
      // The desk's browser sells and takes the money.
      const status = await selling.page.evaluate(
        async ({ memberId, body }) => {
          const res = await fetch(`/api/v1/pro/students/${memberId}/sales`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${localStorage.getItem('accessToken')}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify(body),
          });
          return res.status;
        },
        {
          memberId: member.id,
          body: {
            centerId: cwb.id,
            lines: [{ itemType: 'package', itemId: pack.id }],
            payment: { method: 'cash', amountMinor: pack.price },
          },
        },
      );
      expect(status).toBe(201);
      const soldAt = Date.now();
      await expect.poll(() => revenue.textContent(), { timeout: 5_000, interval: 100 }).not.toBe(before);
      expect(Date.now() - soldAt).toBeLessThan(5_000);
    } finally {
      await watching.context.close();
      await selling.context.close();
    }
  });
});
