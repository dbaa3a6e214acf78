/**
 * Running the organisation as its administrator: rooms, card readers (the secret is shown once),
 * the system configuration, and maintenance mode as another staff member lives through it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogSuite } from './suites/audit.ts';
import { pickOption } from './support/browser.ts';
import { type ApiSession, api, apiLogin, DEMO_MEMBER, freshCardNumber } from './support/members.ts';
import {
  changeConfig,
  confirmDialog,
  fieldHelp,
  openAs,
  readConfig,
  seriousViolations,
  unique,
} from './support/organisation.ts';
import { useAppServer } from './support/server.ts';

const app = useAppServer();
const ADMIN = 'admin@demo.fit';
const FRONT_DESK = 'frontdesk@demo.fit';
const UNDER_MAINTENANCE = /\/pages\/miscellaneous\/under-maintenance$/;
let admin: ApiSession;

beforeAll(async () => {
  admin = await apiLogin(app.server.url, ADMIN);
});

afterAll(async () => {
  // Whatever happened above, the demo organisation is left working.
  if (admin) await changeConfig(admin, { maintenanceMode: false, currencySymbol: 'HK$' }).catch(() => undefined);
});

describe('rooms', () => {
  it('explains a capacity of 0 beside the field, then adds the room', async () => {
    const { context, page } = await openAs(app.browser, app.server.url, ADMIN, '/room-list', 'screen-room-list');
    const name = unique('Studio ');
    await page.getByTestId('room-add').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByLabel('Capacity', { exact: true }).fill('0');
    await page.getByTestId('room-submit').click();
    await fieldHelp(page, 'room_capacity').getByText('Enter a whole number from 1 to 1000.').waitFor();

    await dialog.getByLabel('Capacity', { exact: true }).fill('12');
    await page.getByTestId('room-submit').click();
    await page.locator('.ant-modal').waitFor({ state: 'hidden' });
    await page.getByRole('row', { name: new RegExp(name) }).waitFor();

    // The search lives in the address: a reload shows the same list.
    await page.getByTestId('list-keyword').fill(name);
    await page.waitForURL(/keyword=/);
    await page.reload();
    await page.getByRole('row', { name: new RegExp(name) }).waitFor();
    expect(await page.getByTestId('list-keyword').inputValue()).toBe(name);

    // Deactivating asks first and says what it means; the inactive room is shown on request.
    await page.getByRole('button', { name: `Deactivate ${name}` }).click();
    const ask = page.locator('.ant-modal-confirm');
    await ask.locator('.ant-modal-confirm-title', { hasText: `Deactivate ${name}?` }).waitFor();
    await ask.getByText('It can no longer be booked for new classes. Its history is kept.').waitFor();
    expect(await ask.getByRole('button').allInnerTexts()).toEqual(['Cancel', 'Deactivate']);
    await confirmDialog(page);
    await page.getByText('Deactivated.', { exact: true }).waitFor();
    await page.getByRole('row', { name: new RegExp(name) }).waitFor({ state: 'detached' });
    await page.getByRole('checkbox', { name: 'Include inactive' }).click();
    await page.getByRole('row', { name: new RegExp(`${name}.*Inactive`) }).waitFor();
    await page.getByRole('button', { name: `Activate ${name}` }).click();
    await ask.locator('.ant-modal-confirm-title', { hasText: `Activate ${name}?` }).waitFor();
    await confirmDialog(page);
    await page.getByText('Activated.', { exact: true }).waitFor();
    await page.getByRole('row', { name: new RegExp(`${name}.*Active`) }).waitFor();
    await context.close();
  });
});

describe('staff', () => {
  it('adds an invited staff member, then resends the invitation, attaches a card (a card in use is refused beside the field) and detaches it', async () => {
    const { context, page } = await openAs(app.browser, app.server.url, ADMIN, '/staff-list', 'screen-staff-list');
    const name = unique('Paula ');
    const email = `${name.replace(/\s/g, '').toLowerCase()}@example.com`;
    await page.getByTestId('staff-add').click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('Full name', { exact: true }).fill(name);
    await drawer.getByLabel('E-mail', { exact: true }).fill(email);
    // An administrator may make someone an administrator.
    await drawer.getByTestId('staff-role').click();
    await page.locator('.ant-select-item-option', { hasText: 'Administrator' }).waitFor();
    await pickOption(page, page.locator('.ant-select-item-option', { hasText: 'Trainer' }));
    await page.getByTestId('staff-submit').click();

    await page.waitForURL(/\/apps\/staff\/edit\/[0-9a-f-]{36}$/);
    await page.getByTestId('staff-account').getByTestId('staff-status').getByText('Invited').waitFor();
    await page.getByRole('button', { name: 'Resend invitation' }).click();
    await page.getByText(`Invitation sent to ${email}.`).waitFor();

    const cards = page.getByTestId('staff-cards');
    await cards.getByLabel('Card number').fill(DEMO_MEMBER.card);
    await cards.getByRole('button', { name: 'Attach card' }).click();
    await fieldHelp(page, 'staff_card_number').getByText('This card number is already in use.').waitFor();
    const number = freshCardNumber();
    await cards.getByLabel('Card number').fill(number);
    await cards.getByRole('button', { name: 'Attach card' }).click();
    await cards.getByRole('row', { name: new RegExp(`${number}.*In use`) }).waitFor();
    await cards.getByRole('button', { name: `Detach card ${number}` }).click();
    await confirmDialog(page);
    await cards.getByRole('row', { name: new RegExp(`${number}.*Detached`) }).waitFor();
    await context.close();
  });

  it('lets a manager give every role but administrator, and shows an administrator read-only', async () => {
    const { context, page } = await openAs(
      app.browser,
      app.server.url,
      'manager@demo.fit',
      '/staff-list',
      'screen-staff-list',
    );
    await page.getByTestId('staff-add').click();
    await page.getByTestId('staff-role').click();
    await page.locator('.ant-select-item-option', { hasText: 'Accountant' }).waitFor();
    expect(await page.locator('.ant-select-item-option', { hasText: 'Administrator' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.goto('/staff-list?role=admin');
    await page.getByRole('link', { name: 'Ada Admin' }).click();
    await page.getByText('You cannot change this staff member').waitFor();
    expect(await page.getByTestId('staff-save').count()).toBe(0);
    await context.close();
  });
});

describe('centre form', () => {
  it('sets the centre’s country from a searchable list named in the screen’s language', async () => {
    const { context, page } = await openAs(app.browser, app.server.url, ADMIN, '/center', 'readers-card');
    const centerId = await page.getByTestId('screen-center').getAttribute('data-center-id');
    try {
      // The demo centres are in Hong Kong.
      expect(await page.getByTestId('center-country').textContent()).toMatch(/Hong Kong.*\(HK\)/);
      await page.getByTestId('center-country').click();
      await page.keyboard.type('Portug');
      await pickOption(page, page.locator('.ant-select-item-option', { hasText: 'Portugal (PT)' }));
      expect(await page.getByTestId('center-country').textContent()).toContain('Portugal (PT)');
      const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/pro/centers/'));
      await page.getByTestId('center-save').click();
      const answer = await saved;
      expect(answer.status(), await answer.text()).toBe(200);
      await expect
        .poll(async () => {
          const errors = await page.locator('.ant-form-item-explain-error').allInnerTexts();
          const { country } = await api<{ country: string }>(admin, 'GET', `/pro/centers/${centerId}`);
          return errors.length > 0 ? errors.join('; ') : country;
        })
        .toBe('PT');
    } finally {
      await api(admin, 'PATCH', `/pro/centers/${centerId}`, { country: 'HK' });
      await context.close();
    }
  });
});

describe('card readers', () => {
  it('shows a new reader’s secret once; after the modal closes it is nowhere', async () => {
    const { context, page } = await openAs(app.browser, app.server.url, ADMIN, '/center', 'readers-card');
    const sn = unique('SN-');
    await page.getByTestId('reader-add').click();
    await page.locator('#reader_name').fill('Front door');
    await page.locator('#reader_sn').fill(sn);
    await page.getByTestId('reader-add-submit').click();

    await page.getByTestId('reader-secret-modal').waitFor();
    await page.getByText('it will not be shown again').waitFor();
    const secret = (await page.getByTestId('reader-secret').textContent())?.trim() ?? '';
    expect(secret.length).toBeGreaterThanOrEqual(16);

    await page.getByTestId('reader-secret-done').click();
    await page.getByTestId('reader-secret-modal').waitFor({ state: 'detached' });
    await page
      .getByTestId('readers-card')
      .getByRole('row', { name: new RegExp(sn) })
      .waitFor();
    expect(await page.content()).not.toContain(secret);

    await page.reload();
    await page
      .getByTestId('readers-card')
      .getByRole('row', { name: new RegExp(sn) })
      .waitFor();
    expect(await page.content()).not.toContain(secret);
    await context.close();
  });
});

describe('system configuration', () => {
  it('previews the currency symbol as it is typed and saves it', async () => {
    const { context, page } = await openAs(
      app.browser,
      app.server.url,
      ADMIN,
      '/system-config',
      'screen-system-config',
    );
    // The demo organisation is in Hong Kong: Hong Kong dollars, shown as HK$.
    expect(await page.getByTestId('currency-preview').textContent()).toBe('HK$1,234.56');
    await page.getByTestId('currency-symbol').fill('€ ');
    await page.getByTestId('currency-preview').getByText('€ 1,234.56').waitFor();
    await page.getByTestId('config-save').click();
    await page.getByText('Configuration saved.').waitFor();
    expect((await readConfig(admin)).currencySymbol).toBe('€ ');
    await changeConfig(admin, { currencySymbol: 'HK$' });
    await context.close();
  });

  it('the money field masks as it is typed: symbol prefix, grouped thousands, the currency’s decimals, keyboard editing', async () => {
    const { context, page } = await openAs(
      app.browser,
      app.server.url,
      ADMIN,
      '/system-config',
      'screen-system-config',
    );
    const box = page.getByLabel('Try an amount');
    const preview = page.getByTestId('currency-preview');
    expect(await box.inputValue()).toBe('1,234.56');
    expect(await box.getAttribute('inputmode')).toBe('decimal');
    expect(await page.locator('.config-preview .money-input__symbol').textContent()).toBe('HK$');

    await box.fill('');
    await box.pressSequentially('1234567.891');
    expect(await box.inputValue()).toBe('1,234,567.89'); // the third decimal is refused
    await preview.getByText('HK$1,234,567.89', { exact: true }).waitFor();

    // Backspace just after a group mark removes the digit before it, and the caret stays in place.
    await box.press('Home');
    await box.press('ArrowRight');
    await box.press('ArrowRight');
    await box.press('Backspace');
    expect(await box.inputValue()).toBe('234,567.89');
    await box.press('9');
    expect(await box.inputValue()).toBe('9,234,567.89');
    expect(await box.evaluate((el: HTMLInputElement) => el.selectionStart)).toBe(1);

    // Letters and a minus are refused; leaving the box writes the decimals in full.
    await box.press('End');
    await box.pressSequentially('a-');
    expect(await box.inputValue()).toBe('9,234,567.89');
    await box.fill('12.5');
    await box.press('Tab');
    expect(await box.inputValue()).toBe('12.50');
    await preview.getByText('HK$12.50', { exact: true }).waitFor();
    await context.close();
  });

  it('maintenance mode sends a signed-in front desk to the under-maintenance page and back', async () => {
    const desk = await openAs(app.browser, app.server.url, FRONT_DESK, '/student-list', 'screen-member-list');
    const boss = await openAs(app.browser, app.server.url, ADMIN, '/system-config', 'screen-system-config');

    await boss.page.getByTestId('maintenance-switch').click();
    await boss.page.getByText('under-maintenance page at once').waitFor();
    await confirmDialog(boss.page);
    await boss.page.getByText('Maintenance mode is on.').first().waitFor();
    expect((await readConfig(admin)).maintenanceMode).toBe(true);

    // Already open: moved at once. Opening any staff page: held there too.
    await desk.page.waitForURL(UNDER_MAINTENANCE);
    await desk.page.getByTestId('screen-under-maintenance').waitFor();
    await desk.page.goto('/staff-list');
    await desk.page.waitForURL(UNDER_MAINTENANCE);
    // The administrator keeps working.
    await boss.page.goto('/room-list');
    await boss.page.getByTestId('screen-room-list').waitFor();

    await boss.page.goto('/system-config');
    await boss.page.getByTestId('maintenance-switch').click();
    await confirmDialog(boss.page);
    await boss.page.getByText('Maintenance mode is off.').first().waitFor();
    await desk.page.waitForURL((url) => !UNDER_MAINTENANCE.test(url.pathname));
    await desk.page.goto('/staff-list');
    await desk.page.getByTestId('screen-staff-list').waitFor();
    await desk.context.close();
    await boss.context.close();
  });
});

describe('accessibility', () => {
  it('has no serious or critical axe violations on the centre, room, staff and configuration screens', async () => {
    const { context, page } = await openAs(app.browser, app.server.url, ADMIN, '/center', 'readers-card');
    const problems: string[] = [];
    for (const [path, screen] of [
      ['/center', 'readers-card'],
      ['/center-list', 'screen-center-list'],
      ['/room-list', 'screen-room-list'],
      ['/staff-list', 'screen-staff-list'],
      ['/system-config', 'screen-system-config'],
    ] as const) {
      await page.goto(path);
      await page.getByTestId(screen).waitFor();
      await page.waitForLoadState('networkidle');
      problems.push(...(await seriousViolations(page, path)));
    }
    await page.goto('/staff-list');
    await page.locator('.ant-table-row a').first().click();
    await page.getByTestId('staff-cards').waitFor();
    await page.waitForLoadState('networkidle');
    problems.push(...(await seriousViolations(page, 'staff edit')));
    expect(problems).toEqual([]);
    await context.close();
    // Six full axe scans: slow by nature on a busy machine (decision 222).
  }, 240_000);
});

// The audit log, on this file's server (one server start fewer).
auditLogSuite(app);
