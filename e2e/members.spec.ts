/**
 * The member screens as the front desk uses them, on the demo organisation: search by a Chinese
 * name fragment and by card number, the member file and its cards, the search kept in the session,
 * and the add-member form's checks. Each test signs in on its own and undoes what it changes to the
 * demo member, so the tests do not depend on their order.
 */

import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { memberImportSuite } from './suites/imports.ts';
import { axe } from './support/axe.ts';
import {
  followFakeClock,
  launchBrowser,
  newPage,
  pickOption,
  pressConfirm,
  pressUntil,
  storeSession,
} from './support/browser.ts';
import {
  type ApiSession,
  api,
  apiLogin,
  DEMO_MEMBER,
  demoCenterId,
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

    // Open them from the keyboard: the name is a link.
    await page.getByTestId('member-link').first().focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/apps/student/edit/${chan.id}`);
    await page.goBack();
    await page.getByTestId('screen-member-list').waitFor();

    // The reader types the number and Enter: the one member holding that card opens.
    await page.locator('#member-search').fill(DEMO_MEMBER.card);
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
    // The Members group opens with the member's file (its route is in it); open it only if it is closed.
    const listEntry = page
      .getByTestId('side-menu')
      .getByRole('menuitem', { name: /Member List/ })
      .first();
    if (!(await listEntry.isVisible()))
      await page
        .getByTestId('side-menu')
        .getByRole('menuitem', { name: /Members/ })
        .first()
        .click();
    await listEntry.click();
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
    // On the list loaded first (no other screen brought the shared list styles), the toolbar's
    // buttons keep their spacing.
    const boxes = await page
      .locator('.list-toolbar__end > *')
      .evaluateAll((els) =>
        els.map((e) => e.getBoundingClientRect()).map((r) => ({ l: r.left, r: r.right, t: r.top })),
      );
    expect(boxes.length).toBeGreaterThanOrEqual(4);
    for (let i = 1; i < boxes.length; i++)
      if (boxes[i]!.t === boxes[i - 1]!.t) expect(boxes[i]!.l - boxes[i - 1]!.r).toBeGreaterThanOrEqual(8);
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
      await pickOption(page, page.locator('.ant-select-item-option').first());
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

describe('member file', () => {
  it('takes a photo with the webcam, downscaled, and keeps it with the member', async () => {
    // Chromium's fake camera: a moving test picture, allowed without asking.
    const browser = await launchBrowser(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']);
    try {
      const member = await api<{ id: string }>(admin, 'POST', '/pro/students', {
        firstName: 'Photo',
        lastName: 'Webcam',
        phone: `6${Date.now().toString().slice(-7)}`,
        homeCenterId: (await demoCenterId(admin)).id,
      });
      const ctx = await browser.newContext({
        baseURL: app.server.url,
        viewport: { width: 1280, height: 800 },
        reducedMotion: 'reduce',
      });
      await followFakeClock(ctx);
      const page = await ctx.newPage();
      await storeSession(page, app.server.url, FRONT_DESK);
      await page.goto(`/apps/student/edit/${member.id}`);
      await page.getByTestId('member-profile').waitFor();
      await page.getByTestId('photo-camera').click();
      const take = page.getByTestId('photo-take');
      await page.waitForFunction(() => {
        const button = document.querySelector('[data-testid="photo-take"]') as HTMLButtonElement | null;
        return button !== null && !button.disabled;
      });
      await take.click();
      const src = await page.getByTestId('photo-preview').locator('img').getAttribute('src');
      expect(src).toMatch(/^data:image\/jpeg;base64,/);
      const size = await page.evaluate(async (url) => {
        const image = new Image();
        image.src = url;
        await image.decode();
        return Math.max(image.naturalWidth, image.naturalHeight);
      }, src ?? '');
      expect(size).toBeLessThanOrEqual(600);
      await page.getByTestId('member-save').click();
      await page.getByText('Changes saved').waitFor();
      const saved = await api<{ photo: string | null }>(admin, 'GET', `/pro/students/${member.id}`);
      expect(saved.photo).toBe(src);
      await ctx.close();
    } finally {
      await browser.close();
    }
  });

  it('says plainly when a member does not exist', async () => {
    const page = await signedIn();
    await page.goto('/apps/student/edit/00000000-0000-4000-8000-000000000000');
    await page.getByTestId('member-not-found').waitFor();
    await page.goto('/apps/student/edit/not-a-member');
    await page.getByTestId('member-not-found').waitFor();
  });

  it('lets a manager erase a member after typing the code, then shows the record read-only', async () => {
    const member = await api<{ id: string; code: string }>(admin, 'POST', '/pro/students', {
      firstName: 'Erase',
      lastName: 'Me',
      phone: `5${Date.now().toString().slice(-7)}`,
      email: `erase.${Date.now()}@example.com`,
      homeCenterId: (await demoCenterId(admin)).id,
    });

    // The front desk may not erase.
    const desk = await signedIn();
    await desk.goto(`/apps/student/edit/${member.id}?tab=privacy`);
    await desk.getByTestId('member-privacy').waitFor();
    expect(await desk.getByTestId('erase-open').count()).toBe(0);
    await context?.close();

    const page = await signedIn('manager@demo.fit');
    await page.goto(`/apps/student/edit/${member.id}?tab=privacy`);
    await page.getByTestId('erase-open').click();
    const confirm = page.getByTestId('erase-confirm');
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByTestId('erase-code').fill(member.code);
    await confirm.click();
    await page.getByTestId('member-erased').waitFor();
    expect(await page.getByTestId('member-name').textContent()).not.toContain('Erase Me');
    await page.getByRole('tab', { name: 'Profile' }).click();
    expect(await page.locator('#member_firstName').isDisabled()).toBe(true);
    expect(await page.getByTestId('member-save').count()).toBe(0);
  });
});

describe('member groups', () => {
  it('creates a group, adds 陳大文 through the member search, lists and removes them', async () => {
    const chan = await demoMember(admin);
    const name = `Early birds ${Date.now().toString(36)}`;
    const page = await signedIn();
    await page.goto('/group-list');
    await page.getByTestId('screen-group-list').waitFor();

    await page.getByTestId('group-create').click();
    await page.locator('#group_name').fill(name);
    const row = page.getByTestId('group-row').filter({ hasText: name });
    await pressUntil(page, page.getByTestId('group-save'), row);

    // The same name again is refused beside the field.
    await page.getByTestId('group-create').click();
    await page.locator('#group_name').fill(name.toUpperCase());
    await pressUntil(
      page,
      page.getByTestId('group-save'),
      page
        .locator('.ant-form-item')
        .filter({ has: page.locator('#group_name') })
        .locator('.ant-form-item-explain-error')
        .filter({ hasText: 'This name is already in use.' }),
    );
    await page.keyboard.press('Escape');

    await row.getByRole('button', { name: 'Members' }).click();
    const drawer = page.getByTestId('group-members');
    await drawer.waitFor();
    await page.waitForURL((url) => url.searchParams.has('group'));
    await drawer.locator('#group-add-members').fill('大文');
    // The click chooses the member once the submit button counts them. On a busy machine the list
    // can be drawn again (the search's answer) between the press and the release, which loses the
    // click: choose again only while nothing is chosen (a second click on a chosen option would
    // remove it).
    const submit = drawer.getByTestId('group-add-submit');
    const option = page.locator('.ant-select-item-option').filter({ hasText: DEMO_MEMBER.chineseName }).first();
    await expect
      .poll(
        async () => {
          if (await submit.isEnabled()) return true;
          await option.click({ timeout: 10_000 });
          await page.waitForTimeout(200);
          return submit.isEnabled();
        },
        { timeout: 40_000, interval: 0 },
      )
      .toBe(true);
    await submit.click();
    await drawer.locator('tr').filter({ hasText: chan.code }).waitFor();
    await page.keyboard.press('Escape');
    expect(await row.locator('td').nth(2).textContent()).toBe('1');

    // The member list filtered by the group shows the same.
    const groups = await api<{ items: { id: string; name: string }[] }>(
      admin,
      'GET',
      `/pro/groups?keyword=${encodeURIComponent(name)}`,
    );
    const group = groups.items.find((g) => g.name === name);
    expect(group).toBeDefined();
    await page.goto(`/student-list?groupId=${group?.id}`);
    expect(await listedCodes(page)).toEqual([chan.code]);

    await page.goto(`/group-list?group=${group?.id}`);
    await drawer.waitFor();
    await drawer.locator('tr').filter({ hasText: chan.code }).getByRole('button', { name: 'Remove' }).click();
    await pressConfirm(page, page.locator('.ant-popconfirm').getByRole('button', { name: 'Remove' }));
    await drawer.getByText('No member in this group yet.').waitFor();
  });
});

describe('accessibility of the member screens', () => {
  it('has no serious or critical axe violations on the list, the add-member form, the member file and the groups', async () => {
    const chan = await demoMember(admin);
    const page = await signedIn();
    const problems: string[] = [];
    const scan = async (label: string) => {
      await page.waitForLoadState('networkidle');
      const result = await axe(page).withTags(['wcag2a', 'wcag2aa']).analyze();
      for (const v of result.violations) {
        if (v.impact === 'serious' || v.impact === 'critical') {
          problems.push(`${label}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
        }
      }
    };
    await openMemberList(page);
    await page.getByTestId('member-row').first().waitFor();
    await scan('member list');
    await page.getByTestId('add-member').click();
    await page.getByTestId('member-form').waitFor();
    // Colours are only measurable once the drawer has finished sliding in.
    await page.waitForFunction(() => !document.querySelector('.ant-drawer [class*="motion"]'));
    await scan('add member');
    await page.goto(`/apps/student/edit/${chan.id}`);
    await page.getByTestId('member-profile').waitFor();
    await scan('member profile');
    await page.getByRole('tab', { name: 'Cards' }).click();
    await page.getByTestId('member-cards').waitFor();
    await scan('member cards');
    await page.goto('/group-list');
    await page.getByTestId('group-row').first().waitFor();
    await scan('group list');
    expect(problems).toEqual([]);
  });
});

// The member import, on this file's server.
memberImportSuite(app);
