/**
 * Personal training at the desk: from Chan Tai Man's file, his PT package's page (three sessions
 * done and two booked in the demo, 7 remaining); the desk books a session of today that has already
 * started (a session is marked done from 15 minutes before its start, not hours ahead) with a trainer
 * of the suite's own who works all day, marks it done, and the remaining sessions go down to 6. The menu's "PT Sessions" lists the day's sessions at the
 * centre, that one among them. Registered by the classes spec, on its server and browser.
 */

import { wallClock } from '@gym/contract/time';
import { describe, expect, it } from 'vitest';
import { axe } from '../support/axe.ts';
import { newPage, pickOption, storeSession } from '../support/browser.ts';
import { api, apiLogin, DEMO_MEMBER, demoCenterId, demoMember } from '../support/members.ts';
import type { AppHandle } from '../support/server.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A start of today, an hour long, that has already started and ended before now (at the centre):
 * 75 minutes before now on the quarter hour (the booking's times are quarter hours), or midnight in
 * the first hour and a quarter of the day.
 */
function startedToday(timeZone: string): string {
  const now = wallClock(new Date(), timeZone);
  const minutes = now.hour * 60 + now.minute;
  const start = Math.max(0, minutes - (minutes % 15) - 75);
  return `${pad(Math.floor(start / 60))}:${pad(start % 60)}`;
}

export function ptSuite(app: AppHandle) {
  /** The session the first test books and marks done (its start, `HH:MM`). */
  let doneAt = '';
  describe('personal training', () => {
    it('opens a member’s PT package, books a session, marks it done and sees the remaining sessions go down', async () => {
      const admin = await apiLogin(app.server.url, 'admin@demo.fit');
      const chan = await demoMember(admin);
      const cwb = await demoCenterId(admin);
      // A trainer of the suite's own, working at CWB all day every day (the demo trainer teaches classes).
      const trainerName = `PT Allday ${Date.now().toString(36)}`;
      const trainer = await api<{ id: string }>(admin, 'POST', '/pro/staff', {
        fullName: trainerName,
        email: `pt-allday-${Date.now().toString(36)}@demo.fit`,
        role: 'trainer',
        isTrainer: true,
        allCenters: true,
        sendInvite: false,
      });
      await api(admin, 'PUT', `/pro/trainers/${trainer.id}/hours`, {
        hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ centerId: cwb.id, weekday, start: '00:00', end: '23:59' })),
      });
      doneAt = startedToday(cwb.timeZone);
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
        await page.locator('#pt-session_startTime').fill(doneAt);
        await page.keyboard.press('Enter');
        await page.locator('#pt-session_trainerId').fill(trainerName);
        await pickOption(
          page,
          page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
            hasText: trainerName,
          }),
        );
        await drawer.getByText(/Works .* that day/).waitFor();
        await drawer.getByTestId('pt-submit').click();
        await page.locator('.ant-message', { hasText: 'Session booked' }).waitFor();

        const booked = screen.getByTestId('pt-session-row').filter({ hasText: doneAt });
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

    it('the menu’s PT Sessions lists the day’s sessions at the centre, with member and package, and moves by day', async () => {
      const admin = await apiLogin(app.server.url, 'admin@demo.fit');
      const cwb = await demoCenterId(admin);
      const { context, page } = await newPage(app.browser, app.server.url);
      try {
        await storeSession(page, app.server.url, 'frontdesk@demo.fit');
        await page.evaluate((id) => sessionStorage.setItem('centerId', id), cwb.id);
        await page.goto('/class-list');
        await page.getByTestId('screen-class-list').waitFor();
        const menu = page.getByTestId('side-menu');
        await menu.getByRole('menuitem', { name: /^PT Sessions/ }).click();
        await page.waitForURL('**/pt-sessions');
        const screen = page.getByTestId('screen-pt-sessions');
        await screen.waitFor();
        await page.waitForFunction(() => document.activeElement?.id === 'pt-sessions-day');
        // The session the test above booked today and marked done.
        const row = screen.getByTestId('pt-session-row').filter({ hasText: doneAt });
        await row.waitFor();
        expect(await row.getByTestId('pt-session-member').innerText()).toBe(DEMO_MEMBER.latinName);
        expect(await row.getByTestId('pt-session-package').innerText()).toBe('PT 10 sessions');
        expect(await row.getByTestId('pt-session-status').innerText()).toBe('Done');
        // Two days on, the demo's booked session at 09:00 (not to be marked done hours ahead).
        await screen.getByTestId('pt-sessions-next').click();
        await screen.getByTestId('pt-sessions-next').click();
        await page.waitForURL(/date=\d{4}-\d{2}-\d{2}/);
        const later = screen.getByTestId('pt-session-row').filter({ hasText: '09:00' });
        await later.waitFor();
        expect(await later.getByTestId('pt-session-status').innerText()).toBe('Booked');
        expect(await later.getByTestId('pt-complete').count()).toBe(0);
        await later.getByTestId('pt-session-package').click();
        await page.waitForURL(/\/pt-detail\//);
      } finally {
        await context.close();
      }
    });
  });
}
