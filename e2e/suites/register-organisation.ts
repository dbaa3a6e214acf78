/**
 * Registering an organisation from the web page: a new e-mail ends signed in as its admin; an e-mail
 * that already has an account gets the same server answer and the page says to check the e-mail.
 */
import { describe, expect, it } from 'vitest';
import { newPage } from '../support/browser.ts';
import { unique } from '../support/organisation.ts';
import type { AppHandle } from '../support/server.ts';

/** Registering an organisation. Registered by a spec file, on that file's server and browser. */
export function registerOrganisationSuite(app: AppHandle) {
  describe('organisation registration', () => {
    async function fillAndSubmit(page: import('playwright-core').Page, fields: { initial: string; email: string }) {
      await page.goto('/register-v1');
      await page.getByTestId('screen-register').waitFor();
      await page.getByLabel('Organisation name', { exact: true }).fill('Harbour Strength');
      await page.getByLabel('Organisation initial', { exact: true }).fill(fields.initial);
      // The organisation's money is asked for: there is no default currency.
      await page.getByLabel('Currency', { exact: true }).fill('CHF');
      await page.keyboard.press('Enter');
      await page.getByLabel('Your full name', { exact: true }).fill('Hana Owner');
      await page.getByLabel('E-mail', { exact: true }).fill(fields.email);
      await page.getByLabel('Password', { exact: true }).fill('a long enough secret');
      await page.getByRole('button', { name: 'Create organisation' }).click();
    }

    describe('organisation registration page', () => {
      it('signs a new admin in, and answers a known e-mail with "check your e-mail" without signing in', async () => {
        const { context, page } = await newPage(app.browser, app.server.url);
        const initial = `H${Date.now().toString(36).toUpperCase().slice(-6)}`;
        await fillAndSubmit(page, { initial, email: `${unique('hana').toLowerCase()}@example.com` });
        await page.waitForURL((url) => !url.pathname.startsWith('/register'));
        await context.close();

        const second = await newPage(app.browser, app.server.url);
        await fillAndSubmit(second.page, { initial: `${initial}X`.slice(0, 10), email: 'admin@demo.fit' });
        await second.page.getByTestId('register-check-email').waitFor();
        await second.page.getByText('Check your e-mail').waitFor();
        expect(new URL(second.page.url()).pathname).toBe('/register-v1');
        await second.context.close();
      });
    });
  });
}
