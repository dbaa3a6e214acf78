/**
 * The member screens as the front desk uses them, on the demo organisation: search by a Chinese
 * name fragment and by card number, the member file and its cards, the search kept in the session,
 * and the add-member form's checks. Each test signs in on its own and undoes what it changes to the
 * demo member, so the tests do not depend on their order.
 */

import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newPage, storeSession } from './support/browser.ts';
import {
  type ApiSession,
  api,
  apiLogin,
  DEMO_MEMBER,
  demoMember,
  freshCardNumber,
  listedCodes,
  searchFor,
  searchMembers,
} from './support/members.ts';
import { useAppServer } from './support/server.ts';

const app = useAppServer();
const FRONT_DESK = 'frontdesk@demo.fit';
/** A surname many demo members share: enough for more than one page of 20. */
const BROAD_KEYWORD = 'Wong';

let admin: ApiSession;
let context: BrowserContext | undefined;

beforeAll(async () => {
  admin = await apiLogin(app.server.url, 'admin@demo.fit');
});

afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function signedIn(email = FRONT_DESK): Promise<Page> {
  const opened = await newPage(app.browser, app.server.url);
  context = opened.context;
  await storeSession(opened.page, app.server.url, email);
  return opened.page;
}

async function openMemberList(page: Page) {
  await page.goto('/student-list');
  await page.getByTestId('screen-member-list').waitFor();
}

describe('member search', () => {
  it('finds 陳大文 by a Chinese name fragment and by card number, opens them, attaches a card, and comes back to the same search', async () => {
    const chan = await demoMember(admin);
    const page = await signedIn();
    await openMemberList(page);
    // The box has the focus, ready for a keyboard-wedge card reader.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('member-search');

    await searchFor(page, '大文');
    await page.getByTestId('member-row').filter({ hasText: DEMO_MEMBER.chineseName }).first().waitFor();
    expect(await listedCodes(page)).toContain(chan.code);

    // The reader types the number and Enter.
    await page.locator('#member-search').fill(DEMO_MEMBER.card);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('keyword') === DEMO_MEMBER.card);
    await page.getByTestId('member-row').filter({ hasText: DEMO_MEMBER.card }).first().waitFor();
    expect(await listedCodes(page)).toEqual([chan.code]);

    // Open them from the keyboard: the row takes the focus and Enter.
    await page.getByTestId('member-row').first().focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/apps/student/edit/${chan.id}`);
    await page.getByTestId('screen-member-edit').waitFor();
    expect(await page.getByTestId('member-name').textContent()).toContain(DEMO_MEMBER.chineseName);
    expect(await page.getByTestId('member-code').textContent()).toBe(chan.code);

    const number = freshCardNumber();
    try {
      await page.getByRole('tab', { name: 'Cards' }).click();
      await page.getByTestId('member-cards').waitFor();
      expect(await page.getByTestId('active-card').textContent()).toBe(DEMO_MEMBER.card);
      await page.locator('#attach-card_number').fill(number);
      await page.getByRole('button', { name: 'Attach card' }).click();
      await page.getByTestId('active-card').filter({ hasText: number }).waitFor();
      const history = page.getByTestId('card-history');
      const newRow = history.locator('tr').filter({ hasText: number });
      await newRow.waitFor();
      expect(await newRow.textContent()).toContain('Active');
      expect(await newRow.textContent()).toContain('Fiona Frontdesk');
      // The card it replaced stays in the history.
      expect(await history.locator('tr').filter({ hasText: DEMO_MEMBER.card }).textContent()).toContain('Detached');

      // Back to the list: the search the desk left is still there.
      await page.goBack();
      await page.getByTestId('screen-member-list').waitFor();
      expect(new URL(page.url()).searchParams.get('keyword')).toBe(DEMO_MEMBER.card);
      expect(await page.locator('#member-search').inputValue()).toBe(DEMO_MEMBER.card);
    } finally {
      // Give 陳大文 the demo card back, so that other tests (and people) find them by it.
      await api(admin, 'POST', `/pro/students/${chan.id}/cards`, { number: DEMO_MEMBER.card });
    }
  });

  it('keeps page 2 of a broader search when the desk opens a member and comes back through the menu', async () => {
    const { total } = await searchMembers(admin, BROAD_KEYWORD);
    expect(total, `the demo needs more than 20 members matching ${BROAD_KEYWORD}`).toBeGreaterThan(20);

    const page = await signedIn();
    await openMemberList(page);
    await searchFor(page, BROAD_KEYWORD);
    const firstPage = await listedCodes(page);
    expect(await page.getByTestId('member-total').textContent()).toContain(String(total));

    await page.locator('.ant-pagination-item-2').click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await page.waitForFunction((codes) => {
      const shown = [...document.querySelectorAll('[data-testid="member-row"]')].map((r) =>
        r.getAttribute('data-code'),
      );
      return shown.length > 0 && !shown.some((c) => codes.includes(c ?? ''));
    }, firstPage);
    const secondPage = await listedCodes(page);

    await page.getByTestId('member-link').nth(2).click();
    await page.getByTestId('screen-member-edit').waitFor();

    // The menu links to the bare list path: the list restores the search from the session.
    await page
      .getByTestId('side-menu')
      .getByRole('menuitem', { name: /Members/ })
      .first()
      .click();
    await page
      .getByTestId('side-menu')
      .getByRole('menuitem', { name: /Member List/ })
      .first()
      .click();
    await page.getByTestId('screen-member-list').waitFor();
    await page.waitForURL((url) => url.pathname === '/student-list' && url.searchParams.get('page') === '2');
    expect(new URL(page.url()).searchParams.get('keyword')).toBe(BROAD_KEYWORD);
    expect(await page.locator('#member-search').inputValue()).toBe(BROAD_KEYWORD);
    expect(await page.locator('.ant-pagination-item-active').textContent()).toBe('2');
    expect(await listedCodes(page)).toEqual(secondPage);

    // A reload keeps it too.
    await page.reload();
    await page.getByTestId('screen-member-list').waitFor();
    expect(await listedCodes(page)).toEqual(secondPage);
  });

  it('says so when nothing matches, and fits a portrait tablet', async () => {
    const page = await signedIn();
    await page.setViewportSize({ width: 800, height: 1280 });
    await openMemberList(page);
    await searchFor(page, 'zzqx-nobody');
    await page.getByText('No member matches “zzqx-nobody”.').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('exports the current result as CSV under the server’s file name', async () => {
    const page = await signedIn();
    await openMemberList(page);
    await searchFor(page, '大文');
    await page.getByTestId('member-row').first().waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const path = await download.path();
    const { readFileSync } = await import('node:fs');
    const text = readFileSync(path, 'utf8');
    expect(text).toContain(DEMO_MEMBER.chineseName);
    // Only the search's result, not every member.
    expect(text.trim().split(/\r?\n/).length).toBeLessThan(10);
  });
});

describe('add member', () => {
  async function openAddMember(page: Page) {
    await openMemberList(page);
    await page.getByTestId('add-member').click();
    await page.getByTestId('member-form').waitFor();
  }

  /** The error shown under a field of the add-member form. */
  const fieldError = (page: Page, id: string) =>
    page
      .locator('.ant-form-item')
      .filter({ has: page.locator(`#${id}`) })
      .locator('.ant-form-item-explain-error');

  it('shows a translated error beside the phone for a bad phone number', async () => {
    const page = await signedIn();
    await openAddMember(page);
    await page.locator('#member_phone').fill('call me maybe');
    await page.locator('#member_email').click();
    await fieldError(page, 'member_phone').filter({ hasText: 'Enter a phone number' }).waitFor();

    // Saving does not send it either: the first name is missing too.
    await page.getByTestId('member-save').click();
    await fieldError(page, 'member_firstName').filter({ hasText: 'This field is required' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/student-list');
  });

  it('warns about a member with the same phone, links to them, and saves a different person once confirmed', async () => {
    const chan = await demoMember(admin);
    const page = await signedIn();
    await openAddMember(page);
    await page.locator('#member_firstName').fill('Siu Ming');
    await page.locator('#member_lastName').fill('Chan');
    await page.locator('#member_phone').fill('9123 4567');
    const homeCentre = page.locator('#member_homeCenterId');
    if (
      !(await page.locator('.ant-form-item').filter({ has: homeCentre }).locator('.ant-select-selection-item').count())
    ) {
      await homeCentre.click();
      await page.locator('.ant-select-item-option').first().click();
    }
    await page.getByTestId('member-save').click();

    const warning = page.getByTestId('duplicate-warning');
    await warning.waitFor();
    const item = warning.getByTestId('duplicate-item').filter({ hasText: chan.code });
    expect(await item.textContent()).toContain(DEMO_MEMBER.latinName);
    expect(await item.textContent()).toContain('same phone');
    expect(await item.getByRole('link').getAttribute('href')).toBe(`/apps/student/edit/${chan.id}`);
    await fieldError(page, 'member_phone').filter({ hasText: 'Another member has this phone number.' }).waitFor();

    // A son sharing his father's phone: the desk says so and saves.
    await page.getByTestId('confirm-different-person').click();
    await page.waitForURL('**/apps/student/edit/*');
    await page.getByTestId('screen-member-edit').waitFor();
    expect(await page.getByTestId('member-name').textContent()).toContain('Siu Ming Chan');
  });
});
