/**
 * The audit log as an administrator reads it: reached from the system configuration, a change
 * made a moment ago is listed with who made it, and the action filter lives in the address.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ApiSession, apiLogin } from '../support/members.ts';
import { changeConfig, openAs, readConfig } from '../support/organisation.ts';
import type { AppHandle } from '../support/server.ts';

/** The audit log. Registered by a spec file, on that file's server and browser. */
export function auditLogSuite(app: AppHandle) {
  describe('audit log (on this server)', () => {
    const ADMIN = 'admin@demo.fit';
    let admin: ApiSession;
    let symbol = 'R$ ';

    beforeAll(async () => {
      admin = await apiLogin(app.server.url, ADMIN);
      symbol = (await readConfig(admin)).currencySymbol;
    });
    afterAll(async () => {
      if (admin) await changeConfig(admin, { currencySymbol: symbol }).catch(() => undefined);
    });

    describe('audit log', () => {
      it('lists a configuration change with its author, and filters by action through the URL', async () => {
        await changeConfig(admin, { currencySymbol: 'HK$ ' });
        const { context, page } = await openAs(
          app.browser,
          app.server.url,
          ADMIN,
          '/system-config',
          'screen-system-config',
        );
        try {
          await page.getByTestId('audit-log-link').click();
          await page.getByTestId('screen-audit-log').waitFor();
          const row = page.locator('.ant-table-row', { hasText: 'Configuration changed' }).first();
          await row.waitFor();
          // The row says what happened in words; what changed is in its details.
          await row.locator('.ant-table-row-expand-icon').click();
          await expect(page.getByTestId('audit-details').first().textContent()).resolves.toContain('HK$');

          // Choose "Reader created"; on a slow machine the first click can land while the list is still
          // opening, so a choice that did not reach the URL is made again, as a person would.
          await vi.waitFor(
            async () => {
              if (!/action=reader\.created/.test(page.url())) {
                await page.getByTestId('filter-action').click();
                await page.locator('.ant-select-item-option', { hasText: 'Reader created' }).click({ timeout: 5_000 });
                await page.waitForURL(/action=reader\.created/, { timeout: 3_000 });
              }
            },
            { timeout: 45_000, interval: 500 },
          );
          await page
            .locator('.ant-table-row', { hasText: 'Configuration changed' })
            .first()
            .waitFor({ state: 'detached' });
          await page.reload();
          await page.getByTestId('screen-audit-log').waitFor();
          expect(page.url()).toContain('action=reader.created');
        } finally {
          await context.close();
        }
      });
    });
  });
}
