/**
 * The catalogue as a manager builds it: a monthly plan and a 10-class pack through their drawers
 * (a missing price is explained beside the field), found again by search, one deactivated, and
 * the filter kept in the address across a reload.
 */
import { describe, expect, it } from 'vitest';
import { expenditureSuite } from './suites/expenditure.ts';
import { retailSuite } from './suites/retail.ts';
import { shortCourseSuite } from './suites/short-course.ts';
import { settled } from './support/browser.ts';
import { confirmDialog, fieldHelp, openAs, seriousViolations, unique } from './support/organisation.ts';
import { useAppServer } from './support/server.ts';

const app = useAppServer();
const MANAGER = 'manager@demo.fit';

describe('catalogue', () => {
  it('creates a monthly plan and a 10-class pack, finds them, deactivates the pack and keeps the filter on reload', async () => {
    const { context, page } = await openAs(
      app.browser,
      app.server.url,
      MANAGER,
      '/membership-list',
      'screen-membership-list',
    );
    try {
      // A monthly plan: one month is the drawer's default length.
      const plan = unique('Monthly ');
      await page.getByTestId('item-add').click();
      const drawer = page.locator('.ant-drawer');
      await drawer.getByTestId('field-name').fill(plan);
      await page.getByTestId('item-submit').click();
      await fieldHelp(page, 'membership_plan_price').getByText('This field is required.').waitFor();
      // The shared money field takes no letters: what is typed that is not an amount never reaches the form.
      await drawer.getByTestId('field-price').pressSequentially('abc');
      expect(await drawer.getByTestId('field-price').inputValue()).toBe('');
      await drawer.getByTestId('field-price').fill('450');
      await page.getByTestId('item-submit').click();
      await drawer.waitFor({ state: 'hidden' });

      await page.getByTestId('list-keyword').fill(plan);
      await page.waitForURL(/keyword=/);
      const planRow = page.getByRole('row', { name: new RegExp(plan) });
      await planRow.waitFor();
      expect(await planRow.textContent()).toContain('450.00');

      // A 10-class pack.
      await page.goto('/package-list');
      await page.getByTestId('screen-package-list').waitFor();
      const pack = unique('10 classes ');
      await page.getByTestId('item-add').click();
      await drawer.getByTestId('field-name').fill(pack);
      await drawer.getByTestId('field-credits').fill('10');
      await drawer.getByTestId('field-price').fill('1,200.00');
      await page.getByTestId('item-submit').click();
      await drawer.waitFor({ state: 'hidden' });

      await page.getByTestId('list-keyword').fill(pack);
      await page.waitForURL(/keyword=/);
      const packRow = page.getByRole('row', { name: new RegExp(pack) });
      await packRow.waitFor();
      expect(await packRow.textContent()).toContain('1,200.00');

      // Deactivate it, then show inactive packages only.
      await packRow.getByTestId('item-toggle').click();
      await confirmDialog(page);
      await packRow.getByText('Inactive', { exact: true }).waitFor();
      // The option is clicked once the list has finished opening (a click during its animation misses).
      await settled(page);
      await page.getByTestId('filter-status').click();
      const inactiveOnly = page.locator('.ant-select-item-option', { hasText: 'Inactive only' });
      await inactiveOnly.waitFor();
      await settled(page);
      await inactiveOnly.click();
      await page.waitForURL(/status=inactive/);
      await packRow.waitFor();

      await page.reload();
      await page.getByTestId('screen-package-list').waitFor();
      expect(page.url()).toMatch(/status=inactive/);
      await page.getByRole('row', { name: new RegExp(pack) }).waitFor();
      await expect(page.getByTestId('filter-status').textContent()).resolves.toContain('Inactive only');
      expect(await page.getByTestId('list-keyword').inputValue()).toBe(pack);
      expect(await seriousViolations(page, 'package list')).toEqual([]);

      // The plan's own page lists who holds it (nobody yet).
      await page.goto('/membership-list');
      await page.getByTestId('list-keyword').fill(plan);
      // The search reaches the address after a pause; a click before it would be undone by it.
      await page.waitForURL(/keyword=/);
      await page.getByRole('link', { name: plan }).click();
      await page.getByTestId('screen-membership-detail').waitFor();
      await page.getByTestId('holders').getByText('Nobody has bought it yet.').waitFor();
      expect(await seriousViolations(page, 'membership plan')).toEqual([]);
      await page.getByTestId('item-edit').click();
      await page.locator('.ant-drawer-open').waitFor();
      expect(await seriousViolations(page, 'plan drawer')).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

// The retail catalogue and expenditures, managed by the same manager, on this file's server.
retailSuite(app);
expenditureSuite(app);
// A short course's sessions and attendance, and a sale of it through the API.
shortCourseSuite(app);
