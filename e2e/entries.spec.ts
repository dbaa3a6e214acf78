/**
 * The door's screens as the front desk uses them. Taps are recorded through the API (the entry call
 * the reader's browser makes), then: the entry records list shows them with its filters in the
 * address (surviving a reload), exports them, and lets a denied member in with a reason straight
 * from `?override=` (the toast's "Let in"); the dashboard's panel follows taps posted elsewhere as
 * they happen; the list fits a tablet in portrait; the titles are bilingual in German and Chinese;
 * staff attendance shows clock-ins and hours per day for a manager, with its filters and export.
 */
import { readFileSync } from 'node:fs';
import type { Entry, EntryOutcome } from '@gym/contract/entries';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { pickOption } from './support/browser.ts';
import { type ApiSession, api, apiLogin, DEMO_MEMBER, demoCenterId, freshCardNumber } from './support/members.ts';
import { openAs, seriousViolations, unique } from './support/organisation.ts';
import { useAppServer } from './support/server.ts';

const app = useAppServer();
const FRONT_DESK = 'frontdesk@demo.fit';
const MANAGER = 'manager@demo.fit';

let desk: ApiSession;
let cwb: { id: string; code: string };

beforeAll(async () => {
  desk = await apiLogin(app.server.url, FRONT_DESK);
  cwb = await demoCenterId(desk);
});

/** A tap of `card` at CWB, as the reader's browser posts it. */
const tap = (session: ApiSession, card: string) =>
  api<EntryOutcome>(session, 'POST', `/pro/card/${card}/entry/`, { center_id: cwb.id });

/** A member at CWB with a card and nothing to enter with: every tap is denied (no entitlement). */
async function memberWithoutEntitlement(): Promise<{ id: string; code: string; name: string; card: string }> {
  const card = freshCardNumber();
  const lastName = unique('Door');
  const member = await api<{ id: string; code: string }>(desk, 'POST', '/pro/students', {
    firstName: 'Denied',
    lastName,
    phone: `4${Date.now().toString().slice(-7)}`,
    homeCenterId: cwb.id,
    cardNumber: card,
  });
  return { ...member, name: lastName, card };
}

/** Opens `path` as the front desk at CWB (the tab's centre is chosen before the screen loads). */
async function deskAt(path: string, testId: string, viewport?: { width: number; height: number }) {
  const opened = await openAs(app.browser, app.server.url, FRONT_DESK, '/error-404', 'screen-error-404');
  await opened.page.evaluate((id) => sessionStorage.setItem('centerId', id), cwb.id);
  if (viewport) await opened.page.setViewportSize(viewport);
  await opened.page.goto(path);
  await opened.page.getByTestId(testId).waitFor();
  return opened;
}

const rowOf = (page: Page, text: string) =>
  page.locator('[data-testid="entry-table"] .ant-table-row', { hasText: text });

describe('entry records', () => {
  it('lists today’s taps, keeps its filters through a reload, exports them, and lets a denied member in from ?override=', async () => {
    const chan = await tap(desk, DEMO_MEMBER.card);
    expect(chan.entry.center.id).toBe(cwb.id);
    const stranger = await memberWithoutEntitlement();
    const denied = await tap(desk, stranger.card);
    expect(denied.result).toBe('denied');
    expect(denied.reason).toBe('no_entitlement');

    const { context, page } = await deskAt('/entry-records', 'screen-entry-records');
    try {
      // Today, live, by default: both taps are there, the denied one with its reason.
      await page.getByTestId('entry-live').waitFor();
      const row = rowOf(page, stranger.name);
      await row.waitFor();
      expect(await row.getByTestId('entry-result').textContent()).toBe('Denied');
      expect(await row.getByTestId('entry-reason').textContent()).toBe('No valid membership or credits');
      expect(await row.getByTestId('entry-let-in').count()).toBe(1);
      await page.locator(`[data-testid="entry-table"] [data-row-key="${chan.entry.id}"]`).waitFor();

      // A tap while the list is open appears without a reload (today is live).
      const latecomer = await memberWithoutEntitlement();
      const late = await tap(desk, latecomer.card);
      await page.locator(`[data-testid="entry-table"] [data-row-key="${late.entry.id}"]`).waitFor({ timeout: 5_000 });

      // Filters go into the address and survive a reload.
      await page.getByTestId('filter-result').click();
      await pickOption(page, page.locator('.ant-select-item-option', { hasText: 'Denied' }));
      await page.waitForURL(/result=denied/);
      await page.locator('#entry-keyword').fill(stranger.code);
      await page.waitForURL((url) => url.searchParams.get('keyword') === stranger.code);
      await row.waitFor();
      await page.reload();
      await page.getByTestId('screen-entry-records').waitFor();
      await row.waitFor();
      expect(new URL(page.url()).searchParams.get('result')).toBe('denied');
      expect(await page.locator('#entry-keyword').inputValue()).toBe(stranger.code);
      expect(await page.locator('[data-testid="entry-table"] .ant-table-row').count()).toBe(1);

      // The export carries the rows on screen.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
      expect(download.suggestedFilename()).toMatch(/\.csv$/);
      const csv = readFileSync(await download.path(), 'utf8');
      expect(csv).toContain(stranger.code);
      expect(csv).not.toContain(DEMO_MEMBER.card);

      // "Let in" from the toast lands here with ?override=: the dialog asks why.
      await page.goto(`/entry-records?override=${denied.entry.id}`);
      const reason = page.getByTestId('entry-override-reason');
      await reason.waitFor();
      await page.getByTestId('entry-override-confirm').click();
      await page.locator('#entry-override_reason_help').waitFor();
      await reason.fill('ok');
      await page.getByTestId('entry-override-confirm').click();
      await page.locator('#entry-override_reason_help', { hasText: '3' }).waitFor();
      const why = 'Card at home; the manager knows him';
      await reason.fill(why);
      await page.getByTestId('entry-override-confirm').click();
      await reason.waitFor({ state: 'hidden' });
      await page.waitForURL((url) => !url.searchParams.has('override'));

      // Recorded with who and why; the denied row offers no "Let in" any more.
      const granted = await api<{ items: Entry[] }>(
        desk,
        'GET',
        `/pro/entries?centerId=${cwb.id}&memberId=${stranger.id}&result=granted`,
      );
      const override = granted.items.find((e) => e.overrideOf === denied.entry.id);
      expect(override?.overrideReason).toBe(why);
      expect(override?.overriddenBy?.name ?? override?.staff?.name).toBe('Fiona Frontdesk');
      await page.locator(`[data-row-key="${denied.entry.id}"]`).waitFor();
      await expect
        .poll(() => page.locator(`[data-row-key="${denied.entry.id}"] [data-testid="entry-let-in"]`).count())
        .toBe(0);

      // The member's file: the last visit in the header, both taps under "Entries".
      await page.goto(`/apps/student/edit/${stranger.id}?tab=entries`);
      await page.getByTestId('member-last-visit').waitFor();
      const own = page.locator('[data-testid="member-entry-table"] .ant-table-row');
      await expect.poll(() => own.count()).toBe(2);
      expect(await own.first().textContent()).toContain(why);
    } finally {
      await context.close();
    }
  });

  it('fits a tablet in portrait (768 px) without horizontal scrolling', async () => {
    await tap(desk, (await memberWithoutEntitlement()).card);
    const { context, page } = await deskAt('/entry-records', 'screen-entry-records', { width: 768, height: 1024 });
    try {
      await page.locator('[data-testid="entry-table"] .ant-table-row').first().waitFor();
      const overflow = await page.evaluate(() => {
        const body = document.querySelector('[data-testid="entry-table"] .ant-table-content');
        return {
          page: document.documentElement.scrollWidth - window.innerWidth,
          table: body ? body.scrollWidth - body.clientWidth : 0,
        };
      });
      expect(overflow.page).toBeLessThanOrEqual(0);
      expect(overflow.table).toBeLessThanOrEqual(0);
      const problems = await seriousViolations(page, 'entry records');
      await page.getByTestId('entry-let-in').first().click();
      await page.getByTestId('entry-override-reason').waitFor();
      problems.push(...(await seriousViolations(page, 'let-in dialog')));
      await page.keyboard.press('Escape');

      await page.goto('/dashboard');
      await page.getByTestId('entry-feed').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      problems.push(...(await seriousViolations(page, 'dashboard')));
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('has bilingual titles in German and Chinese', async () => {
    const { context, page } = await deskAt('/entry-records', 'screen-entry-records');
    try {
      for (const [language, title] of [
        ['de', 'Zutrittsprotokoll (入場記錄)'],
        ['zh-Hant', '入場記錄 (Entry Records)'],
      ] as const) {
        await page.evaluate((l) => localStorage.setItem('language', l), language);
        await page.reload();
        await page.waitForFunction((l) => document.documentElement.lang === l, language);
        await page.getByTestId('screen-entry-records').waitFor();
        await expect.poll(() => page.getByTestId('page-title').first().textContent()).toBe(title);
      }
    } finally {
      await context.close();
    }
    // Staff attendance is the managers' (the front desk may not read it).
    const manager = await openAs(app.browser, app.server.url, MANAGER, '/staff-attendance', 'screen-staff-attendance');
    try {
      await manager.page.evaluate(() => localStorage.setItem('language', 'zh-Hant'));
      await manager.page.reload();
      await manager.page.getByTestId('page-title').filter({ hasText: '員工考勤 (Staff Attendance)' }).waitFor();
    } finally {
      await manager.context.close();
    }
  });
});

describe('dashboard', () => {
  it('follows taps posted from another context as they happen, with "Let in" on a denied one', async () => {
    const { context, page } = await deskAt('/dashboard', 'screen-dashboard');
    try {
      await page.getByTestId('entry-stats').waitFor();
      const count = async (testId: string) =>
        Number(
          (await page.getByTestId(testId).locator('.ant-statistic-content-value').textContent())?.replace(/\D/g, ''),
        );
      const deniedBefore = await count('entry-count-denied');

      // Another context (a manager's session) records a denied tap at CWB.
      const manager = await apiLogin(app.server.url, MANAGER);
      const stranger = await memberWithoutEntitlement();
      const denied = await tap(manager, stranger.card);
      const row = page.locator(`[data-testid="entry-feed-row"][data-entry-id="${denied.entry.id}"]`);
      await row.waitFor({ timeout: 5_000 });
      expect(await row.textContent()).toContain(stranger.name);
      expect(await row.getByTestId('entry-reason').textContent()).toBe('No valid membership or credits');
      await expect.poll(() => count('entry-count-denied')).toBe(deniedBefore + 1);
      // Newest first.
      expect(await page.getByTestId('entry-feed-row').first().getAttribute('data-entry-id')).toBe(denied.entry.id);
      // Today's tap shows its time alone; a tap of an earlier day (the demo's history) its date too.
      const today = (await page.getByTestId('entry-dashboard-centre').textContent())!.match(/\d{4}-\d{2}-\d{2}/)![0];
      const shown = await page.locator('[data-testid="entry-feed-row"] time').evaluateAll((els) =>
        els.map((el) => ({
          day: new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Hong_Kong' }).format(
            new Date(el.getAttribute('datetime')!),
          ),
          text: el.textContent ?? '',
        })),
      );
      const earlier = shown.filter((s) => s.day !== today);
      expect(earlier.length).toBeGreaterThan(0);
      expect(earlier.every((s) => /\d{1,2}\/\d{1,2}\/\d{2}/.test(s.text))).toBe(true);
      expect(shown[0]).toEqual({ day: today, text: expect.not.stringMatching(/\//) });

      // "Let in" on the panel asks the reason, and the row loses its button once let in.
      await row.getByTestId('entry-let-in').click();
      // Keyboard: the reason field has the focus, Enter lets in.
      await page.getByTestId('entry-override-reason').waitFor();
      await page.keyboard.type('Paying at the desk now');
      await page.keyboard.press('Enter');
      await page.getByTestId('entry-override-reason').waitFor({ state: 'hidden' });
      await expect.poll(() => row.getByTestId('entry-let-in').count()).toBe(0);

      // The navbar names the last person let in.
      await expect.poll(() => page.getByTestId('center-last-person').textContent()).toContain(stranger.name);

      // The records are one click away.
      await page.getByTestId('entry-records-link').click();
      await page.getByTestId('screen-entry-records').waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('staff attendance', () => {
  it('shows clock-ins and hours per staff member per day, filtered through the address, and exports them', async () => {
    const manager = await apiLogin(app.server.url, MANAGER);
    // The front desk taps their staff card now (the demo's clock-ins of the last days are there too).
    const clock = await api<{ state: 'in' | 'out' | null }>(manager, 'POST', '/pro/card/S000000001/clock/', {
      center_id: cwb.id,
    });
    expect(clock.state).not.toBeNull();
    const staff = await api<{ items: { id: string; fullName: string }[] }>(manager, 'GET', '/pro/staff?pageSize=200');
    const fiona = staff.items.find((s) => s.fullName === 'Fiona Frontdesk')!;

    const { context, page } = await openAs(
      app.browser,
      app.server.url,
      MANAGER,
      `/staff-attendance?center=${cwb.id}&staff=${fiona.id}`,
      'screen-staff-attendance',
    );
    try {
      const rows = page.locator('[data-testid="attendance-table"] .ant-table-row');
      await rows.first().waitFor();
      for (const text of await rows.allTextContents()) expect(text).toContain('Fiona Frontdesk');
      // Hours per day: the demo's finished days count whole hours and minutes.
      const hours = page.getByTestId('attendance-day-hours');
      await hours.first().waitFor();
      for (const text of await hours.allTextContents()) expect(text).toMatch(/^\d+:\d{2}$/);
      expect((await hours.allTextContents()).some((h) => h !== '0:00')).toBe(true);

      // The filters survive a reload.
      await page.reload();
      await rows.first().waitFor();
      expect(new URL(page.url()).searchParams.get('staff')).toBe(fiona.id);

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
      expect(download.suggestedFilename()).toMatch(/\.csv$/);
      expect(readFileSync(await download.path(), 'utf8')).toContain('Fiona Frontdesk');
    } finally {
      await context.close();
    }
  });
});
