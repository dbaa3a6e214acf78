/** The front desk's tablet, the keyboard, and an accessibility scan of the shell's screens. */

import { describe, expect, it } from 'vitest';
import { axe } from '../support/axe.ts';
import { newPage, storeSession } from '../support/browser.ts';
import type { AppHandle } from '../support/server.ts';

/** Registered by a spec file, on that file's server and browser. */
export function tabletAndAccessSuite(app: AppHandle) {
  describe('tablet and keyboard', () => {
    it('signs in with the keyboard alone', async () => {
      const { context, page } = await newPage(app.browser, app.server.url);
      await page.goto('/login');
      await page.getByTestId('screen-login').waitFor();
      for (let i = 0; i < 15 && (await page.evaluate(() => document.activeElement?.id)) !== 'email'; i++) {
        await page.keyboard.press('Tab');
      }
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('email');
      await page.keyboard.type('frontdesk@demo.fit');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('password');
      await page.keyboard.type('demo1234');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/class-list$/);
      await context.close();
    });

    it('in portrait the side menu becomes a drawer that navigates and closes', async () => {
      const { context, page } = await newPage(app.browser, app.server.url);
      await page.setViewportSize({ width: 800, height: 1280 });
      await storeSession(page, app.server.url, 'frontdesk@demo.fit');
      await page.goto('/class-list');
      await page.getByTestId('layout-vertical').waitFor();
      expect(await page.getByTestId('side-menu').count()).toBe(0);
      await page.getByTestId('menu-toggle').click();
      const drawer = page.locator('.app-menu-drawer');
      await drawer.waitFor();
      await drawer
        .getByRole('menuitem', { name: /Members/ })
        .first()
        .click();
      await drawer
        .getByRole('menuitem', { name: /Member List/ })
        .first()
        .click();
      await page.waitForURL(/\/student-list$/);
      await drawer.waitFor({ state: 'hidden' });
      await context.close();
    });

    it('shows the scroll-to-top button past 250 px and takes the page back up', async () => {
      const { context, page } = await newPage(app.browser, app.server.url);
      await page.setViewportSize({ width: 800, height: 500 });
      await storeSession(page, app.server.url, 'admin@demo.fit');
      await page.goto('/pages/account-setting');
      await page.getByTestId('screen-account-setting').waitFor();
      await page.evaluate(() => window.scrollTo(0, 200));
      await page.waitForTimeout(200);
      expect(await page.getByTestId('scroll-top').count()).toBe(0);
      await page.evaluate(() => window.scrollTo(0, 400));
      await page.getByTestId('scroll-top').click();
      await page.waitForFunction(() => window.scrollY === 0);
      // Each navigation starts at the top of the page too.
      await page.evaluate(() => window.scrollTo(0, 400));
      await page.evaluate(() => {
        window.history.pushState(null, '', '/pages/profile');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      await page.getByTestId('screen-profile').waitFor();
      await page.waitForFunction(() => window.scrollY === 0);
      await context.close();
    });
  });

  describe('accessibility', () => {
    it('has no serious or critical axe violations on the sign-in page and the staff shell', async () => {
      const { context, page } = await newPage(app.browser, app.server.url);
      const problems: string[] = [];
      const scan = async (label: string) => {
        const result = await axe(page).withTags(['wcag2a', 'wcag2aa']).analyze();
        for (const v of result.violations) {
          if (v.impact === 'serious' || v.impact === 'critical') problems.push(`${label}: ${v.id} (${v.nodes.length})`);
        }
      };
      await page.goto('/login');
      await page.getByTestId('screen-login').waitFor();
      await scan('/login');
      await storeSession(page, app.server.url, 'admin@demo.fit');
      for (const [path, screen] of [
        ['/class-list', 'screen-class-list'],
        ['/pages/account-setting', 'screen-account-setting'],
        ['/outbox', 'screen-outbox'],
      ]) {
        await page.goto(path!);
        await page.getByTestId(screen!).waitFor();
        await page.waitForLoadState('networkidle');
        await scan(path!);
      }
      expect(problems).toEqual([]);
      await context.close();
    });
  });
}
