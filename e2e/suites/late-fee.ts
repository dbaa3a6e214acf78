/**
 * The late-cancel fee at the desk: the admin chooses the fee rule on the configuration page in
 * German at 768 px (without a fee the field says so, in German, beside it), saves a fee of 80.00;
 * the front desk cancels Chan Tai Man's booking of a class whose free cancellation has ended: the
 * booking says a fee is billed on which invoice, his credit is back, and the invoice is among his
 * unpaid ones for 80.00. The rule is put back afterwards. Registered by the classes spec (last:
 * it changes the organisation's rule), on its server and browser.
 */
import { addDays, today as businessToday } from '@gym/contract/time';
import { describe, expect, it } from 'vitest';
import { newPage, storeSession } from '../support/browser.ts';
import { api, apiLogin, demoCenterId, demoMember } from '../support/members.ts';
import type { AppHandle } from '../support/server.ts';

interface Entitlement {
  id: string;
  usage: string | null;
  kind: string;
  status: string;
  creditsLeft: number | null;
}

export function lateFeeSuite(app: AppHandle) {
  describe('the late-cancel fee', () => {
    it('the admin sets the fee rule in German; a late cancel at the desk bills it and gives the credit back', async () => {
      const admin = await apiLogin(app.server.url, 'admin@demo.fit');
      const chan = await demoMember(admin);
      const cwb = await demoCenterId(admin);
      const { context, page } = await newPage(app.browser, app.server.url);
      try {
        await storeSession(page, app.server.url, 'admin@demo.fit');
        await page.evaluate(() => localStorage.setItem('language', 'de'));
        await page.setViewportSize({ width: 768, height: 1024 });
        await page.goto('/system-config');
        const rules = page.getByTestId('class-rules-card');
        await rules.waitFor();
        await rules.getByTestId('late-cancel-fee').click();
        // The fee field appears with the rule; empty, it is refused beside itself before anything is sent.
        const feeInput = page
          .locator('input[data-testid="late-cancel-fee-amount"], [data-testid="late-cancel-fee-amount"] input')
          .first();
        await feeInput.waitFor();
        await page.getByTestId('config-save').click();
        const item = rules.locator('.ant-form-item', { has: feeInput });
        const explain = item.locator('.ant-form-item-explain-error');
        await explain.waitFor();
        expect(await explain.innerText()).toBe('Dieses Feld ist erforderlich.');
        await feeInput.fill('80');
        await page.getByTestId('config-save').click();
        await expect
          .poll(async () => (await api<{ lateCancelRule: string }>(admin, 'GET', '/pro/config')).lateCancelRule)
          .toBe('fee');
        const config = await api<{ lateCancelFeeMinor: number }>(admin, 'GET', '/pro/config');
        expect(config.lateCancelFeeMinor).toBe(8000);

        // A class the day after tomorrow at 11:00 in the PT Room whose free cancellation ended a week before.
        const [rooms, staff, types] = await Promise.all([
          api<{ items: { id: string; name: string }[] }>(admin, 'GET', `/pro/rooms?centerId=${cwb.id}&pageSize=50`),
          api<{ items: { id: string; email: string }[] }>(admin, 'GET', '/pro/staff?pageSize=50'),
          api<{ items: { id: string; name: string }[] }>(admin, 'GET', '/pro/class-types?pageSize=50'),
        ]);
        const made = await api<{ class: { id: string } }>(admin, 'POST', '/pro/classes', {
          centerId: cwb.id,
          roomId: rooms.items.find((r) => r.name === 'PT Room')!.id,
          teacherId: staff.items.find((s) => s.email === 'frontdesk@demo.fit')!.id,
          classTypeId: types.items.find((t) => t.name === 'Yoga')!.id,
          date: addDays(businessToday(cwb.timeZone), 2),
          startTime: '11:00',
          durationMinutes: 45,
          cancellationWindowMinutes: 10_080,
        });
        const booking = await api<{ id: string; entitlement: { id: string } | null }>(admin, 'POST', '/pro/bookings', {
          memberId: chan.id,
          classId: made.class.id,
          paidBy: 'package',
        });
        const credits = async () => {
          const { items } = await api<{ items: Entitlement[] }>(admin, 'GET', `/pro/students/${chan.id}/entitlements`);
          return items.find((e) => e.id === booking.entitlement?.id)?.creditsLeft;
        };
        const before = await credits();

        await page.evaluate(() => localStorage.setItem('language', 'en'));
        await storeSession(page, app.server.url, 'frontdesk@demo.fit');
        await page.evaluate((id) => sessionStorage.setItem('centerId', id), cwb.id);
        await page.goto(`/apps/student/edit/${chan.id}?tab=bookings`);
        const row = page.getByTestId('member-booking-table').locator(`tr[data-row-key="${booking.id}"]`);
        await row.getByTestId('booking-cancel').click();
        // The confirmation zooms open: a click mid-animation can miss its button (seen once on a
        // loaded machine), so the click waits for it to settle and for the server's answer.
        const confirm = page.getByTestId('booking-cancel-confirm');
        await confirm.waitFor();
        await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
        const cancelled = page.waitForResponse(
          (r) => r.url().includes(`/bookings/${booking.id}/cancel`) && r.request().method() === 'POST',
        );
        await confirm.click();
        expect((await cancelled).status()).toBe(200);
        const late = page
          .getByTestId('member-booking-table')
          .locator(`tr.booking-row--late_cancelled[data-row-key="${booking.id}"]`);
        await late.waitFor();
        const text = (await late.getByTestId('booking-outcome').innerText()).trim();
        const number = /invoice (\S+)\.$/.exec(text)?.[1];
        expect(text).toMatch(/^Late cancellation\. A fee is billed on invoice CWB-\d+\.$/);
        await expect.poll(credits).toBe((before ?? 0) + 1);

        // His invoices (the tab lives in the address).
        await page.goto(`/apps/student/edit/${chan.id}?tab=invoices`);
        const invoice = page.getByTestId('member-invoice-row').filter({ hasText: number! });
        await invoice.waitFor();
        expect(await invoice.getByTestId('invoice-state').innerText()).toBe('Issued');
        expect(await invoice.innerText()).toContain('80.00');
      } finally {
        await api(admin, 'PATCH', '/pro/config', { lateCancelRule: 'credit_lost' });
        await context.close();
      }
    });
  });
}
