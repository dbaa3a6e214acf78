/**
 * A short course's sessions and attendance: a manager on a tablet in portrait (768 px) opens the
 * demo's "Beginner swim (8 weeks)" at CWB from the short course list (8 of 8 sessions scheduled, 3
 * members enrolled); its sessions drawer is in the address, lists the 8 sessions and the 3
 * members' attendance as the demo left it (past sessions marked), with the member column fixed
 * while the matrix scrolls in its own box; a marked cell offers attended / no-show from the
 * keyboard; "Schedule sessions" waits, disabled, as every session is planned. The course is then
 * sold to a new member through the API: after a reload the drawer is back (from the address) with
 * 4 enrolled, the new member booked into every session still to come and into none of the past.
 * The German labels are checked once, uncut. Registered by the catalogue spec, on its server and browser.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, settled, storeSession } from '../support/browser.ts';
import { findCuts } from '../support/cuts.ts';
import { api, apiLogin, demoCenterId } from '../support/members.ts';
import { unique } from '../support/organisation.ts';
import type { AppHandle } from '../support/server.ts';

const COURSE = 'Beginner swim (8 weeks)';
const PORTRAIT = { width: 768, height: 1024 };

interface Course {
  id: string;
  name: string;
  sessions: number;
  capacity: number;
  price: number;
  scheduled: number;
  enrolled: number;
}

interface Roster {
  sessions: { classId: string; number: number | null; status: string; startsAt: string }[];
  enrolments: { member: { id: string; name: string }; attendance: ({ bookingId: string; status: string } | null)[] }[];
}

/** Every cell of the matrix on screen, as `member|class` → its status (`none` without a booking). */
async function cellStatuses(page: Page): Promise<Map<string, string>> {
  const cells = await page
    .getByTestId('course-sessions')
    .locator('[data-testid="course-cell"]')
    .evaluateAll((els) =>
      els.map((el) => {
        const data = (el as HTMLElement).dataset;
        return [`${data.memberId}|${data.classId}`, data.status ?? ''] as const;
      }),
    );
  return new Map(cells);
}

export function shortCourseSuite(app: AppHandle) {
  describe('short course sessions', () => {
    it('shows a course’s sessions and attendance at 768 px; a member who buys it is booked into the sessions to come', async () => {
      const admin = await apiLogin(app.server.url, 'admin@demo.fit');
      const cwb = await demoCenterId(admin);
      const found = await api<{ items: Course[] }>(
        admin,
        'GET',
        `/pro/short-courses?keyword=${encodeURIComponent('Beginner swim')}&pageSize=20`,
      );
      const course = found.items.find((c) => c.name === COURSE);
      if (!course) throw new Error(`The demo has no short course "${COURSE}"`);
      const before = await api<Roster>(admin, 'GET', `/pro/short-courses/${course.id}/sessions`);
      expect(before.sessions.filter((s) => s.status === 'scheduled')).toHaveLength(8);
      expect(before.enrolments).toHaveLength(3);
      const now = Date.now();
      expect(before.sessions.some((s) => Date.parse(s.startsAt) < now)).toBe(true);
      expect(before.sessions.some((s) => Date.parse(s.startsAt) > now)).toBe(true);

      const { context, page } = await newPage(app.browser, app.server.url);
      try {
        await storeSession(page, app.server.url, 'manager@demo.fit');
        await page.setViewportSize(PORTRAIT);
        await page.goto(`/short-course-list?keyword=${encodeURIComponent('Beginner swim')}`);
        const row = page.locator('tr.ant-table-row', { hasText: COURSE });
        await row.waitFor();
        expect(await row.getByTestId('course-scheduled-count').innerText()).toBe('8 / 8');
        expect(await row.getByTestId('course-enrolled-count').innerText()).toBe(`3 / ${course.capacity}`);
        await row.getByTestId('course-sessions-open').click();
        await page.waitForURL((url) => url.searchParams.get('sessions') === course.id);

        const drawer = page.getByTestId('course-sessions');
        await drawer.getByTestId('course-header').waitFor();
        await settled(page);
        expect(await drawer.getByTestId('course-centre').innerText()).toContain('(CWB)');
        expect(await drawer.getByTestId('course-scheduled').innerText()).toBe('8 of 8');
        expect(await drawer.getByTestId('course-enrolled').innerText()).toBe(`3 of ${course.capacity}`);
        // Every session is planned: more cannot be scheduled.
        expect(await drawer.getByTestId('course-schedule').isDisabled()).toBe(true);

        // The sessions, numbered in time order.
        const sessionRows = drawer.getByTestId('course-session-table').locator('tr.ant-table-row');
        await expect.poll(() => sessionRows.count()).toBe(before.sessions.length);
        expect(await sessionRows.getByTestId('course-session-number').allInnerTexts()).toEqual(
          before.sessions.map((s) => (s.number === null ? '–' : String(s.number))),
        );

        // The matrix: one row per member, their booking in each session as the server has it.
        const matrixRows = drawer.getByTestId('course-matrix-row');
        expect(await matrixRows.count()).toBe(3);
        const shown = await cellStatuses(page);
        expect(shown.size).toBe(3 * before.sessions.length);
        for (const e of before.enrolments) {
          before.sessions.forEach((s, i) => {
            expect(shown.get(`${e.member.id}|${s.classId}`), `${e.member.name}, session ${s.number}`).toBe(
              e.attendance[i]?.status ?? 'none',
            );
          });
        }

        // At 768 px the page does not scroll sideways: the matrix scrolls in its own box, the member column stays.
        const matrix = drawer.getByTestId('course-matrix');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PORTRAIT.width);
        await matrix.evaluate((el) => {
          el.scrollLeft = el.scrollWidth;
        });
        const box = (await matrix.boundingBox())!;
        const member = (await drawer.getByTestId('course-matrix-member').first().boundingBox())!;
        expect(member.x).toBeGreaterThanOrEqual(box.x);
        expect(member.x).toBeLessThan(box.x + 40);

        // A past session's mark can be turned round, from the keyboard: the menu offers both marks.
        const markable = drawer.locator('[data-testid="course-cell"][data-markable="true"]').first();
        await markable.scrollIntoViewIfNeeded();
        await markable.focus();
        await page.keyboard.press('Enter');
        const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
        await menu.getByTestId('course-mark-attended').waitFor();
        await menu.getByTestId('course-mark-no_show').waitFor();
        await page.keyboard.press('Escape');
        await menu.waitFor({ state: 'hidden' });

        // The course sold to a new member (paid in cash): booked into the sessions still to come.
        const buyer = await api<{ id: string }>(admin, 'POST', '/pro/students', {
          firstName: 'Course',
          lastName: unique('Swimmer'),
          phone: `7${Date.now().toString().slice(-7)}`,
          homeCenterId: cwb.id,
        });
        await api(admin, 'POST', `/pro/students/${buyer.id}/sales`, {
          centerId: cwb.id,
          lines: [{ itemType: 'short_course', itemId: course.id }],
          payment: { method: 'cash', amountMinor: course.price },
        });
        const soldAt = Date.now();

        await page.reload();
        await drawer.getByTestId('course-header').waitFor();
        expect(await drawer.getByTestId('course-enrolled').innerText()).toBe(`4 of ${course.capacity}`);
        const buyerRow = drawer.locator(`[data-testid="course-matrix-row"][data-member-id="${buyer.id}"]`);
        await buyerRow.waitFor();
        expect(await matrixRows.count()).toBe(4);
        expect(await buyerRow.getByTestId('course-matrix-member').getAttribute('href')).toBe(
          `/apps/student/edit/${buyer.id}`,
        );
        const after = await cellStatuses(page);
        const expected = before.sessions.map((s) =>
          s.status === 'scheduled' && Date.parse(s.startsAt) > soldAt ? 'booked' : 'none',
        );
        expect(before.sessions.map((s) => after.get(`${buyer.id}|${s.classId}`))).toEqual(expected);
        expect(expected).toContain('booked');

        // In German once: the drawer's and the list's labels, none of them cut.
        await page.evaluate(() => localStorage.setItem('language', 'de'));
        await page.reload();
        await drawer.getByTestId('course-header').waitFor();
        await settled(page);
        expect(await drawer.getByTestId('course-schedule').innerText()).toBe('Termine planen');
        expect(await drawer.locator('.course-roster__facts dt').allInnerTexts()).toEqual([
          'Geplante Termine',
          'Angemeldet',
        ]);
        expect(await drawer.getByTestId('course-enrolled').innerText()).toBe(`4 von ${course.capacity}`);
        expect(await drawer.locator('.course-roster__heading').allInnerTexts()).toEqual(['Termine', 'Anwesenheit']);
        expect(await page.evaluate(findCuts, '.ant-drawer-open .ant-drawer-section')).toEqual([]);
        await page.keyboard.press('Escape');
        await page.waitForURL((url) => !url.searchParams.has('sessions'));
        await drawer.waitFor({ state: 'hidden' });
        const headers = await page.locator('[data-testid="short-course-table"] thead th').allInnerTexts();
        expect(headers).toEqual(expect.arrayContaining(['Geplant', 'Angemeldet']));
        // The row's action is an icon with its word for the eye (tooltip) and the ear (its name).
        expect(await row.getByTestId('course-sessions-open').getAttribute('aria-label')).toContain('Termine');
        expect(await page.evaluate(findCuts, '[data-testid="screen-short-course-list"]')).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
}
