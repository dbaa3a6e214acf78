/** The staff shell's menu (links, "Soon" marks), the client's navbar, and list screens on a tablet in portrait. */
import { describe, expect, it } from 'vitest';
import { tabletAndAccessSuite } from './suites/tablet-and-access.ts';
import { newPage, storeSession } from './support/browser.ts';
import { useAppServer } from './support/server.ts';

const app = useAppServer();

describe('menu entries are links', () => {
  it('have an href, and Ctrl-click opens the screen in a new tab', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await page.setViewportSize({ width: 1400, height: 900 });
    await storeSession(page, app.server.url, 'admin@demo.fit');
    await page.goto('/staff-list');
    await page.getByTestId('screen-staff-list').waitFor();
    const menu = page.getByTestId('nav-menu-inline');
    const centres = menu.locator('a[href="/center-list"]');
    await centres.waitFor();
    expect(await centres.getAttribute('href')).toBe('/center-list');
    const opened = context.waitForEvent('page');
    await centres.click({ modifiers: ['Control'] });
    const tab = await opened;
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe('/center-list');
    // The first tab stayed where it was.
    expect(new URL(page.url()).pathname).toBe('/staff-list');
    // A plain click still navigates in place.
    await centres.click();
    await page.waitForURL(/\/center-list$/);
    await context.close();
  });

  it('marks no built screen with "Soon" (every screen is built now)', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await page.setViewportSize({ width: 1400, height: 900 });
    await storeSession(page, app.server.url, 'admin@demo.fit');
    await page.goto('/staff-list');
    await page.getByTestId('screen-staff-list').waitFor();
    const menu = page.getByTestId('nav-menu-inline');
    await menu
      .getByRole('menuitem', { name: /Settings/ })
      .first()
      .waitFor();
    // Open every group so that every entry is rendered.
    for (const group of await menu.locator('.ant-menu-submenu-title').all()) {
      if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
    }
    const soonOf = async (href: string) => menu.locator(`a[href="${href}"] [data-testid="nav-soon"]`).count();
    expect(await soonOf('/staff-list')).toBe(0);
    expect(await soonOf('/center-list')).toBe(0);
    expect(await soonOf('/dashboard')).toBe(0);
    expect(await soonOf('/entry-records')).toBe(0);
    expect(await soonOf('/invoice')).toBe(0);
    expect(await soonOf('/expenditure')).toBe(0);
    expect(await soonOf('/class-list')).toBe(0);
    expect(await soonOf('/calendar')).toBe(0);
    expect(await soonOf('/class-import')).toBe(0);
    expect(await soonOf('/goal')).toBe(0);
    // Every screen of the spec is built: no entry is marked "Soon" any more.
    expect(await menu.locator('[data-testid="nav-soon"]').count()).toBe(0);
    await context.close();
  });
});

describe('client role', () => {
  it('gets no centre switcher and no error in the navbar', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    const switcherCalls: number[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/pro/centers/switcher')) switcherCalls.push(r.status());
    });
    await storeSession(page, app.server.url, 'client@demo.fit');
    await page.goto('/access-control');
    await page.getByTestId('navbar').waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByTestId('center-switcher').count()).toBe(0);
    expect(await page.getByText('Centres could not be loaded').count()).toBe(0);
    expect(switcherCalls).toEqual([]);
    await context.close();
  });
});

describe('lists on a 10-inch tablet in portrait (768 × 1024)', () => {
  for (const [path, screen, table, headers] of [
    ['/staff-list', 'screen-staff-list', 'staff-table', ['Full name', 'Role', 'Account']],
    ['/center-list', 'screen-center-list', 'center-table', ['Code', 'Name', 'Status']],
  ] as const) {
    it(`${path}: no horizontal cut-off, the essentials shown, the rest in the row's details`, async () => {
      const { context, page } = await newPage(app.browser, app.server.url);
      await page.setViewportSize({ width: 768, height: 1024 });
      await storeSession(page, app.server.url, 'admin@demo.fit');
      await page.goto(path);
      await page.getByTestId(screen).waitFor();
      const tableEl = page.getByTestId(table);
      await tableEl.locator('.ant-table-row').first().waitFor();
      // Nothing scrolls sideways: neither the page nor the table.
      const overflow = await page.evaluate((id) => {
        const content = document.querySelector(`[data-testid="${id}"] .ant-table-content`);
        return {
          page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
          table: content ? content.scrollWidth - content.clientWidth : 0,
        };
      }, table);
      expect(overflow.page).toBeLessThanOrEqual(0);
      expect(overflow.table).toBeLessThanOrEqual(0);
      // Every header cell shown is inside the viewport.
      for (const th of await tableEl.locator('thead th').all()) {
        const box = await th.boundingBox();
        expect(box && box.x + box.width).toBeLessThanOrEqual(768);
      }
      const headerText = (await tableEl.locator('thead').innerText()).replace(/\s+/g, ' ');
      for (const h of headers) expect(headerText).toContain(h);
      // The columns that do not fit are one tap away.
      await tableEl.locator('.ant-table-row-expand-icon').first().click();
      await tableEl.getByTestId('row-details').first().waitFor();
      await context.close();
    });
  }
});

// The tablet, the keyboard and the shell's accessibility scan, on this file's server.
tabletAndAccessSuite(app);
