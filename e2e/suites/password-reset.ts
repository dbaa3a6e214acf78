import { describe, expect, it } from 'vitest';
import { loginThroughForm, newPage } from '../support/browser.ts';
import type { AppHandle } from '../support/server.ts';

/** Password reset. Registered by a spec file, on that file's server and browser. */
export function passwordResetSuite(app: AppHandle) {
  describe('password reset', () => {
    it('forgot password: the e-mailed link (read in the outbox) sets a new password once', async () => {
      // A staff member asks for a link.
      const member = await newPage(app.browser, app.server.url);
      await member.page.goto('/forgot-password');
      await member.page.locator('#email').fill('accountant@demo.fit');
      await member.page.keyboard.press('Enter');
      await member.page.getByTestId('forgot-sent').waitFor();

      // The admin reads it in the development outbox.
      const admin = await newPage(app.browser, app.server.url);
      await loginThroughForm(admin.page, 'admin@demo.fit');
      await admin.page.waitForURL(/\/class-list$/);
      await admin.page.goto('/outbox');
      await admin.page.getByTestId('screen-outbox').waitFor();
      await admin.page
        .getByRole('row', { name: /accountant@demo\.fit/ })
        .getByRole('button')
        .click();
      const link = await admin.page
        .getByTestId('outbox-message')
        .locator('a[href*="reset-password"]')
        .getAttribute('href');
      expect(link).toMatch(/\/reset-password-v1\?token=/);
      await admin.context.close();

      // The link opens the reset screen; the confirmation must match.
      await member.page.goto(link!);
      await member.page.getByTestId('screen-reset-password').waitFor();
      await member.page.locator('#password').fill('a new strong secret');
      await member.page.locator('#confirm').fill('a different secret');
      await member.page.keyboard.press('Enter');
      await member.page.getByText('The two passwords do not match.').waitFor();
      await member.page.locator('#confirm').fill('a new strong secret');
      await member.page.keyboard.press('Enter');
      await member.page.getByTestId('reset-done').waitFor();

      // The new password works, the old one does not, and the link is spent.
      await loginThroughForm(member.page, 'accountant@demo.fit', 'demo1234');
      await member.page
        .getByText(/invalid/i)
        .first()
        .waitFor();
      await loginThroughForm(member.page, 'accountant@demo.fit', 'a new strong secret');
      await member.page.waitForURL(/\/class-list$/);
      await member.page.evaluate(() => localStorage.clear());
      await member.page.goto(link!);
      await member.page.locator('#password').fill('yet another secret');
      await member.page.locator('#confirm').fill('yet another secret');
      await member.page.keyboard.press('Enter');
      await member.page.locator('[data-testid^="reset-"]:not([data-testid="reset-done"])').first().waitFor();
      await member.context.close();
    });
  });
}
