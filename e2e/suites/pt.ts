/**
 * Personal training at the desk: from Chan Tai Man's file, his PT package's page (three sessions
 * done and two booked in the demo, 7 remaining); the desk books a session today at 08:00 with the
 * demo trainer (free then whatever the weekday: his early class ends at 07:45), marks it done, and
 * the remaining sessions go down to 6. Registered by the classes spec, on its server and browser.
 */

import { describe, expect, it } from 'vitest';
import { axe } from '../support/axe.ts';
import { newPage, pickOption, storeSession } from '../support/browser.ts';
import { apiLogin, demoMember } from '../support/members.ts';
import type { AppHandle } from '../support/server.ts';

export function ptSuite(app: AppHandle) {
  describe('personal training', () => {
    it('opens a member’s PT package, books a session, marks it done and sees the remaining sessions go down', async () => {
      const admin = await apiLogin(app.server.url, 'admin@demo.fit');
      const chan = await demoMember(admin);
      const { context, page } = await newPage(app.browser, app.server.url);
      try {
        await storeSession(page, app.server.url, 'frontdesk@demo.fit');
        await page.goto(`/apps/student/edit/${chan.id}`);
        await page.getByRole('tab', { name: 'Memberships & packages' }).click();
        await page.getByTestId('entitlement-pt-link').first().click();
        await page.waitForURL(/\/pt-detail\//);
        const screen = page.getByTestId('screen-pt-detail');
        await screen.getByTestId('pt-package-name').waitFor();
        expect(await screen.getByTestId('pt-package-name').innerText()).toBe('PT 10 sessions');
        expect(await screen.getByTestId('pt-remaining').innerText()).toBe('7');
        expect(await screen.getByTestId('pt-session-row').count()).toBe(5);

        await screen.getByTestId('pt-book').click();
        const drawer = page.getByTestId('pt-book-drawer');
        await drawer.getByTestId('pt-submit').waitFor();
        // Date: today by default. Time and trainer by keyboard, as a desk types them.
        await page.locator('#pt-session_startTime').fill('08:00');
        await page.keyboard.press('Enter');
        await page.locator('#pt-session_trainerId').fill('Tom');
        await pickOption(
          page,
          page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
            hasText: 'Tom Trainer',
          }),
        );
        await drawer.getByText(/Works .* that day/).waitFor();
        await drawer.getByTestId('pt-submit').click();
        await page.locator('.ant-message', { hasText: 'Session booked' }).waitFor();

        const booked = screen.getByTestId('pt-session-row').filter({ hasText: '08:00' });
        await booked.getByTestId('pt-complete').waitFor();
        // Booking holds a credit; it is used when the session is done.
        expect(await screen.getByTestId('pt-remaining').innerText()).toBe('7');
        expect(await screen.getByTestId('pt-bookable').innerText()).toBe('4');
        await booked.getByTestId('pt-complete').click();
        await page.getByRole('button', { name: 'Mark done', exact: true }).last().click();
        await page.locator('.ant-message', { hasText: 'Session done' }).waitFor();
        await expect.poll(() => screen.getByTestId('pt-remaining').innerText()).toBe('6');
        expect(await booked.getByTestId('pt-session-status').innerText()).toBe('Done');
        expect(await screen.getByTestId('pt-used').innerText()).toBe('4');

        // A tablet in portrait: the page fits its width (the sessions table scrolls inside its card).
        await page.setViewportSize({ width: 768, height: 1024 });
        await expect
          .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
          .toBe(true);
        const scan = await axe(page).include('[data-testid="screen-pt-detail"]').analyze();
        expect(scan.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
}
