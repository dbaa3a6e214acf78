/**
 * Rental mode at the desk: a manager plans tomorrow's class in the PT Room at 12:00 (free of the
 * demo timetable, the demo PT sessions at 09:00 and the classes spec's 13:30–17:15) as a room
 * rental: the renter is the demo's outside teacher Iris Yeung, found by the member search, whose
 * rental hours left are shown (4 in the demo); she teaches it too (a client user, listed as an
 * outside teacher in rental mode only). The list row says "Room rental" and who rents it, and so
 * does the calendar's day; the hour came off her package. The class is cancelled through the API afterwards: the hour comes
 * back. Registered by the classes spec, on its server and browser.
 */
import { addDays, today as businessToday } from '@gym/contract/time';
import { describe, expect, it } from 'vitest';
import { newPage, pickOption, storeSession } from '../support/browser.ts';
import { type ApiSession, api, apiLogin, demoCenterId } from '../support/members.ts';
import type { AppHandle } from '../support/server.ts';

interface Entitlement {
  usage: string | null;
  status: string;
  creditsLeft: number | null;
}

async function hoursLeft(admin: ApiSession, memberId: string): Promise<number> {
  const { items } = await api<{ items: Entitlement[] }>(admin, 'GET', `/pro/students/${memberId}/entitlements`);
  return items
    .filter((e) => e.usage === 'rental' && e.status === 'active')
    .reduce((sum, e) => sum + (e.creditsLeft ?? 0), 0);
}

export function rentalSuite(app: AppHandle) {
  describe('rental mode', () => {
    it('plans a room rental for an outside teacher: her hours are shown and one comes off her package', async () => {
      const admin = await apiLogin(app.server.url, 'admin@demo.fit');
      const found = await api<{ items: { id: string; firstName: string; lastName: string }[] }>(
        admin,
        'GET',
        '/pro/students?keyword=Iris%20Yeung&pageSize=5',
      );
      const iris = found.items.find((m) => m.firstName === 'Iris' && m.lastName === 'Yeung');
      if (!iris) throw new Error('The demo has no outside teacher Iris Yeung');
      const before = await hoursLeft(admin, iris.id);
      const cwb = await demoCenterId(admin);

      const { context, page } = await newPage(app.browser, app.server.url);
      let classId: string | null = null;
      try {
        await storeSession(page, app.server.url, 'manager@demo.fit');
        await page.evaluate((id) => sessionStorage.setItem('centerId', id), cwb.id);
        await page.goto('/class-list');
        await page.getByTestId('navbar').waitFor();
        await page.getByTestId('filter-tomorrow').click();
        await page.waitForURL(/from=/);
        await page.getByTestId('class-add').click();
        const drawer = page.getByTestId('class-drawer');
        await page.locator('#class_classTypeId').waitFor();
        const choose = async (id: string, text: string) => {
          await page.locator(`#${id}`).fill(text);
          await pickOption(
            page,
            page
              .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
                hasText: text,
              })
              .first(),
          );
        };
        await choose('class_classTypeId', 'Yoga');
        await choose('class_roomId', 'PT Room');
        await page.locator('#class_startTime').fill('12:00');
        await page.keyboard.press('Tab');
        await drawer.getByTestId('field-mode').getByText('Room rental').click();
        // The credits field gives way to the note: members pay the teacher.
        await drawer.getByTestId('rental-help').waitFor();
        expect(await drawer.getByTestId('field-credits').count()).toBe(0);
        await page.locator('#class_renterMemberId').fill('Iris Yeung');
        await pickOption(
          page,
          page
            .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
              hasText: 'Yeung',
            })
            .first(),
        );
        await expect
          .poll(() => drawer.getByTestId('renter-hours').innerText())
          .toBe(`Hours per class: 1 · Rental hours left: ${before}`);
        await choose('class_teacherId', 'Iris Yeung (outside teacher)');
        await drawer.getByTestId('class-submit').click();
        await page.locator('.ant-message', { hasText: 'Classes created: 1' }).waitFor();

        const row = page.locator('tr.class-row', { hasText: 'Rented by Iris Yeung' }).filter({ hasText: '12:00' });
        await row.waitFor();
        expect(await row.getByTestId('class-rental').innerText()).toBe('Room rental');
        expect(await hoursLeft(admin, iris.id)).toBe(before - 1);

        const tomorrow = await api<{ items: { id: string; startTime: string; renter: { id: string } | null }[] }>(
          admin,
          'GET',
          `/pro/classes?center=${cwb.id}&from=${addDays(businessToday(cwb.timeZone), 1)}&pageSize=500`,
        );
        classId = tomorrow.items.find((c) => c.startTime === '12:00' && c.renter?.id === iris.id)?.id ?? null;
        expect(classId).not.toBeNull();

        // The calendar's day marks it too (striped, with who rents it).
        await page.goto(`/calendar?view=day&date=${addDays(businessToday(cwb.timeZone), 1)}`);
        const event = page.locator(`[data-testid="calendar-event"][data-class-id="${classId}"]`);
        await event.waitFor();
        expect(await event.getAttribute('data-mode')).toBe('rental');
        expect(await event.getByTestId('calendar-event-rental').innerText()).toBe('Room rental · Rented by Iris Yeung');
      } finally {
        await context.close();
        // Back as it was: cancelling gives the hour back.
        if (classId) {
          const res = await fetch(`${admin.baseURL}/api/v1/pro/classes/${classId}/cancel`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${admin.token}`,
              'content-type': 'application/json',
              'idempotency-key': `e2e-rental-${classId}`,
            },
            body: JSON.stringify({ scope: 'one', reason: 'e2e rental' }),
          });
          expect(res.status).toBe(200);
          expect(await hoursLeft(admin, iris.id)).toBe(before);
        }
      }
    });
  });
}
