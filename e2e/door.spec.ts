/**
 * The front-desk door loop in Chromium, three browsers: two at CWB (the first owns the reader,
 * opened with `?reader=DEMO-READER-1`) and one at MK.
 * - The reader taps Chan Tai Man's card: the reader's browser posts the entry; both CWB browsers
 *   show the entry toast (right text, top-left, gone after about 5 s); the MK browser shows nothing.
 * - A tap while the reader's browser is away (its page reloading) is acted on when it is back.
 * - Offline: the server stops, three wedge taps queue ("Offline, taps waiting: 3"), the server
 *   starts again on the same port and database, and the three entries are recorded once each with
 *   the time they were tapped.
 * - Update card: from the member file, a new card tapped on the reader is attached; the toast is
 *   top-centre, the reader goes back to normal and `student_id` is removed.
 * - What the desk can do about a denial, from its toast: "Sell / renew" for a member with nothing
 *   valid opens their membership sale; "Attach card" on an unknown card gives it to the member found.
 */
import type { Entry } from '@gym/contract/entries';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer } from './support/app-process.ts';
import { newPage, pickMenuItem, pickOption, storeSession } from './support/browser.ts';
import { type ApiSession, api, apiLogin, DEMO_MEMBER, demoMember, freshCardNumber } from './support/members.ts';
import { DEMO_READER, simulateTap as simulateTapAt } from './support/reader.ts';
import { useAppServer } from './support/server.ts';

const app = useAppServer();
const READER = DEMO_READER;

let admin: ApiSession;
let cwb: string;
let mk: string;
let chanId: string;
const contexts: BrowserContext[] = [];
let readerPage: Page;
let deskPage: Page;
let mkPage: Page;

const simulateTap = (card: string) => simulateTapAt(app.server.url, card);

async function desk(email: string, centerId: string, path: string): Promise<Page> {
  const { context, page } = await newPage(app.browser, app.server.url);
  contexts.push(context);
  await storeSession(page, app.server.url, email);
  await page.evaluate((id) => sessionStorage.setItem('centerId', id), centerId);
  await page.goto(path);
  await page.getByTestId('navbar').waitFor();
  await waitConnected(page);
  return page;
}

async function waitConnected(page: Page, timeout = 20_000) {
  await page.locator('[data-testid="door-realtime"][data-connected="true"]').waitFor({ state: 'attached', timeout });
}

async function entries(centerId: string): Promise<Entry[]> {
  const page = await api<{ items: Entry[] }>(admin, 'GET', `/pro/entries?centerId=${centerId}&pageSize=100`);
  return page.items;
}

const TOAST = '.ant-notification-topLeft .entry-toast';

/**
 * A keyboard-wedge reader's burst: the card's keys and Enter, a few ms apart as the USB device
 * sends them. Dispatched in the page (as in desk.spec.ts): the test runner's round trip per key on
 * a busy machine would stretch the burst into a hand's typing.
 */
async function wedgeTap(page: Page, card: string) {
  await page.evaluate((keys) => {
    (document.activeElement as HTMLElement | null)?.blur();
    const target = document.body;
    for (const key of [...keys.split(''), 'Enter']) {
      target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
      target.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true, cancelable: true }));
    }
  }, card);
}

/** Waits for the entry toast; answers its title, its box, and how long it stayed on screen. */
async function watchToast(page: Page) {
  const toast = page.locator(TOAST).first();
  await toast.waitFor({ state: 'visible', timeout: 15_000 });
  const shownAt = Date.now();
  const title = (await toast.getByTestId('entry-toast-title').textContent()) ?? '';
  const text = (await toast.getByTestId('entry-toast-text').textContent()) ?? '';
  const box = await toast.boundingBox();
  const progress = await toast.locator('.ant-notification-notice-progress').count();
  // Still there well into its 5 s...
  await page.waitForTimeout(3_500);
  const stillThereAt35 = await toast.isVisible();
  await toast.waitFor({ state: 'detached', timeout: 8_000 });
  return { title, text, box, progress, stillThereAt35, lastedMs: Date.now() - shownAt };
}

/**
 * A wedge reader typing into a text field: each key's keydown, then (unless a listener prevented
 * it) the character lands in the field as the browser would put it there.
 */
async function wedgeIntoField(page: Page, selector: string, card: string) {
  await page.evaluate(
    ({ selector, keys }) => {
      const field = document.querySelector<HTMLInputElement>(selector)!;
      field.focus();
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      for (const key of [...keys.split(''), 'Enter']) {
        const go = field.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
        if (go && key.length === 1) {
          setValue.call(field, field.value + key);
          field.dispatchEvent(new Event('input', { bubbles: true }));
        }
      }
    },
    { selector, keys: card },
  );
}

async function switchCentre(page: Page, code: string, id: string) {
  const switched = page.locator(`[data-testid="center-switcher"][data-center-id="${id}"]`);
  // A second try when the first choice did not take: on the busy CI machine the navbar was seen
  // re-rendering under an open dropdown (noted in the issue), which a person would simply click again.
  for (let attempt = 1; ; attempt += 1) {
    await page.keyboard.press('Escape');
    await page.locator('#center-switcher-select').click();
    await page.locator(`.ant-select-item-option[title$="(${code})"]:visible`).click();
    try {
      await switched.waitFor({ timeout: attempt === 1 ? 10_000 : 30_000 });
      break;
    } catch (err) {
      if (attempt === 2) throw err;
    }
  }
  await waitConnected(page);
}

beforeAll(async () => {
  admin = await apiLogin(app.server.url, 'admin@demo.fit');
  const { items } = await api<{ items: { id: string; code: string }[] }>(admin, 'GET', '/pro/centers/switcher');
  cwb = items.find((c) => c.code === 'CWB')!.id;
  mk = items.find((c) => c.code === 'MK')!.id;
  chanId = (await demoMember(admin)).id;
  readerPage = await desk('frontdesk@demo.fit', cwb, `/dashboard?reader=${READER}`);
  deskPage = await desk('manager@demo.fit', cwb, '/dashboard');
  mkPage = await desk('admin@demo.fit', mk, '/dashboard');
});

afterAll(async () => {
  for (const context of contexts) await context.close();
});

describe('the door loop', () => {
  it('a reader tap: the reader browser posts the entry, both CWB desks show the toast top-left for 5 s, MK nothing', async () => {
    expect(await readerPage.evaluate(() => localStorage.getItem('reader'))).toBe(READER);
    await expect(readerPage.getByTestId('reader-indicator').getAttribute('data-reader')).resolves.toBe(READER);

    const [, atReader, atDesk] = await Promise.all([
      simulateTap(DEMO_MEMBER.card),
      watchToast(readerPage),
      watchToast(deskPage),
    ]);

    const recorded = (await entries(cwb)).filter((e) => e.reader?.sn === READER && e.source === 'reader');
    expect(recorded).toHaveLength(1);
    const entry = recorded[0]!;
    expect(entry.card).toBe(DEMO_MEMBER.card);
    expect(entry.member?.id).toBe(chanId);
    const name = entry.member!.name;
    const title = entry.result === 'denied' ? `No entry: ${name}` : `Welcome, ${name}`;

    for (const seen of [atReader, atDesk]) {
      expect(seen.title).toBe(title);
      if (entry.daysLeft !== null) expect(seen.text).toContain(`Days left: ${entry.daysLeft}`);
      else if (entry.creditsLeft !== null) expect(seen.text).toContain(`Credits left: ${entry.creditsLeft}`);
      // Top-left: the antd placement, and on screen in the top-left corner.
      expect(seen.box!.x).toBeLessThan(100);
      expect(seen.box!.y).toBeLessThan(150);
      expect(seen.progress).toBe(1);
      // About 5 s: there at 3.5 s, gone by 5 s plus the leaving animation.
      expect(seen.stillThereAt35).toBe(true);
      expect(seen.lastedMs).toBeGreaterThanOrEqual(4_000);
      expect(seen.lastedMs).toBeLessThan(7_000);
    }
    // The MK desk heard nothing of CWB's tap.
    expect(await mkPage.locator('.entry-toast').count()).toBe(0);
    expect(await mkPage.locator('.ant-notification-notice').count()).toBe(0);
  });

  it('a desk that switches centre in the navbar hears the new centre (a fresh connection), and no longer the old one', async () => {
    await switchCentre(mkPage, 'CWB', cwb);
    const unknown = freshCardNumber();
    const [, atReader, atSwitched] = await Promise.all([
      simulateTap(unknown),
      watchToast(readerPage),
      watchToast(mkPage),
    ]);
    for (const seen of [atReader, atSwitched]) {
      expect(seen.title).toBe(`No entry: card ${unknown}`);
      expect(seen.text).toContain('This card is not registered.');
    }

    await switchCentre(mkPage, 'MK', mk);
    await Promise.all([simulateTap(freshCardNumber()), watchToast(readerPage)]);
    expect(await mkPage.locator('.entry-toast').count()).toBe(0);
  });

  it('a tap while the reader’s browser is away (its page reloading) records its entry once the page is back, and shows its toast', async () => {
    const card = freshCardNumber();
    await readerPage.goto('about:blank');
    await simulateTap(card);
    // Nobody acted on it: no entry yet.
    await deskPage.waitForTimeout(1_000);
    expect((await entries(cwb)).filter((e) => e.card === card)).toHaveLength(0);
    const [atDesk] = await Promise.all([
      watchToast(deskPage),
      (async () => {
        await readerPage.goto(`${app.server.url}/dashboard`);
        await waitConnected(readerPage);
      })(),
    ]);
    expect(atDesk.title).toBe(`No entry: card ${card}`);
    const recorded = (await entries(cwb)).filter((e) => e.card === card);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.source).toBe('reader');
    expect(recorded[0]!.reader?.sn).toBe(READER);
  });

  it('offline: three wedge taps queue while the server is down and are recorded once each, with their tap times, when it is back', async () => {
    const { port, dataDir } = app.server;
    const before = new Set((await entries(cwb)).map((e) => e.id));
    await app.server.stop({ keepData: true });
    const indicator = readerPage.getByTestId('door-offline');
    await indicator.waitFor({ timeout: 20_000 });

    const windows: { from: number; to: number }[] = [];
    for (let i = 0; i < 3; i += 1) {
      const from = Date.now();
      await wedgeTap(readerPage, DEMO_MEMBER.card);
      windows.push({ from, to: Date.now() });
      await readerPage.waitForTimeout(1_100);
    }
    await readerPage.locator('[data-testid="door-offline"][data-waiting="3"]').waitFor({ timeout: 10_000 });
    expect(await indicator.textContent()).toContain('Offline, taps waiting: 3');

    app.server = await startAppServer({}, { restart: { port, dataDir } });
    admin = await apiLogin(app.server.url, 'admin@demo.fit');
    await waitConnected(readerPage, 30_000);
    await indicator.waitFor({ state: 'detached', timeout: 30_000 });

    const fresh = (await entries(cwb)).filter((e) => !before.has(e.id));
    const offline = fresh.filter((e) => e.source === 'offline');
    expect(fresh).toHaveLength(3);
    expect(offline).toHaveLength(3);
    const times = offline.map((e) => Date.parse(e.at)).sort((a, b) => a - b);
    times.forEach((at, i) => {
      expect(at).toBeGreaterThanOrEqual(windows[i]!.from - 1_000);
      expect(at).toBeLessThanOrEqual(windows[i]!.to + 1_000);
    });
    // Sent in order, each once: nothing more arrives later.
    await readerPage.waitForTimeout(6_000);
    expect((await entries(cwb)).filter((e) => !before.has(e.id))).toHaveLength(3);
  });

  it('a wedge burst in a form field is a tap, and the field keeps what the person had typed; a hand typing is left alone', async () => {
    await readerPage.goto(`/apps/student/edit/${chanId}`);
    await readerPage.getByTestId('member-header').waitFor();
    await waitConnected(readerPage);
    const field = readerPage.locator('#member_firstName').first();
    await field.waitFor();
    const typed = await field.inputValue();
    const before = new Set((await entries(cwb)).map((e) => e.id));

    const posted = readerPage.waitForResponse((r) => r.url().includes('/entry') && r.request().method() === 'POST');
    await wedgeIntoField(readerPage, '#member_firstName', DEMO_MEMBER.card);
    const body = (await posted).request().postDataJSON() as { source: string; scan_id: string; sn: string };
    expect(body.source).toBe('wedge');
    expect(body.scan_id).toMatch(/^wedge-/);
    expect(body.sn).toBe(READER);
    expect(await field.inputValue()).toBe(typed);
    const fresh = (await entries(cwb)).filter((e) => !before.has(e.id));
    expect(fresh.map((e) => [e.card, e.source])).toEqual([[DEMO_MEMBER.card, 'wedge']]);

    // A person typing (150 ms between keys) and Enter: the text stays, nothing is tapped.
    await field.focus();
    await readerPage.keyboard.press('End');
    await readerPage.keyboard.type('abcdefg', { delay: 150 });
    await readerPage.keyboard.press('Enter');
    await readerPage.waitForTimeout(1_000);
    expect(await field.inputValue()).toBe(`${typed}abcdefg`);
    expect((await entries(cwb)).filter((e) => !before.has(e.id))).toHaveLength(1);
  });

  it('staff check-in mode, chosen from the reader menu in the navbar: a staff card clocks in, with a general toast', async () => {
    const { items } = await api<{ items: { id: string; email: string }[] }>(admin, 'GET', '/pro/staff?pageSize=50');
    const fiona = items.find((s) => s.email === 'frontdesk@demo.fit')!;
    const staffCard = freshCardNumber();
    await api(admin, 'POST', `/pro/staff/${fiona.id}/cards`, { number: staffCard });

    await readerPage.goto('/dashboard');
    await waitConnected(readerPage);
    const indicator = readerPage.getByTestId('reader-indicator');
    const chosen = readerPage.locator('[data-testid="reader-indicator"][data-mode="staff-check-in"]');
    // By keyboard, as a desk would, once the dashboard has loaded. In two full runs on a loaded
    // machine the first choice did not take (it passes at the first attempt alone, at any hour):
    // open the menu and choose again if so.
    await readerPage.waitForLoadState('networkidle');
    for (let attempt = 0; attempt < 3 && !(await chosen.isVisible()); attempt++) {
      await indicator.focus();
      await readerPage.keyboard.press('Enter');
      await readerPage
        .getByRole('menuitem', { name: 'Staff check-in (clock in and out)' })
        .click({ timeout: 10_000 })
        .catch(() => undefined);
      await chosen.waitFor({ timeout: 5_000 }).catch(() => undefined);
    }
    await chosen.waitFor();
    expect(await readerPage.evaluate(() => localStorage.getItem('reader_action'))).toBe('staff-check-in');

    const answered = readerPage.waitForResponse((r) => r.url().includes('/clock') && r.request().method() === 'POST');
    await simulateTap(staffCard);
    const answer = (await (await answered).json()) as { message: string };
    const toast = readerPage.locator('.ant-notification-top .door-toast');
    await toast.waitFor({ timeout: 15_000 });
    expect(await toast.textContent()).toContain(answer.message);
    expect(await toast.locator('.ant-notification-notice-progress').count()).toBe(0);
    // No entry toast: a clock-in is not an entry.
    expect(await readerPage.locator('.entry-toast').count()).toBe(0);

    await indicator.click();
    await pickMenuItem(readerPage, readerPage.getByRole('menuitem', { name: 'Record entries' }));
    await readerPage.locator('[data-testid="reader-indicator"][data-mode="normal"]').waitFor();
  });

  it('update card by reader: the new card is attached, Success toast top-centre, the reader back to normal', async () => {
    await readerPage.goto(`/apps/student/edit/${chanId}`);
    await readerPage.getByTestId('member-header').waitFor();
    await waitConnected(readerPage);
    const start = readerPage.getByTestId('update-card-by-reader');
    await start.click();
    await expect(start.textContent()).resolves.toContain('Tap the card on the reader');
    expect(
      await readerPage.evaluate(() => [localStorage.getItem('reader_action'), localStorage.getItem('student_id')]),
    ).toEqual(['update-member-card', chanId]);

    const card = freshCardNumber();
    await simulateTap(card);
    const toast = readerPage.locator('.ant-notification-top .update-card-toast');
    await toast.waitFor({ timeout: 15_000 });
    expect(await toast.locator('.ant-notification-notice-title').textContent()).toBe('Success');
    expect(await toast.getByTestId('update-card-toast-text').textContent()).toContain(card);
    expect(await toast.locator('.ant-notification-notice-progress').count()).toBe(0);
    const box = await toast.boundingBox();
    const width = readerPage.viewportSize()!.width;
    expect(Math.abs(box!.x + box!.width / 2 - width / 2)).toBeLessThan(40);

    expect(
      await readerPage.evaluate(() => [localStorage.getItem('reader_action'), localStorage.getItem('student_id')]),
    ).toEqual(['normal', null]);
    await readerPage.getByTestId('reader-indicator').waitFor();
    expect(await readerPage.getByTestId('reader-indicator').getAttribute('data-mode')).toBe('normal');
    const member = await api<{ cards: { number: string; status: string }[] }>(admin, 'GET', `/pro/students/${chanId}`);
    expect(member.cards.find((c) => c.status === 'active')?.number).toBe(card);
    // Nothing was recorded as an entry for that tap.
    expect((await entries(cwb)).some((e) => e.card === card)).toBe(false);
  });
});

describe('what the desk can do about a denial', () => {
  /** A member of CWB with nothing to let them in, holding a fresh card. */
  async function memberWithNothing(lastName: string) {
    const card = freshCardNumber();
    const member = await api<{ id: string; firstName: string; lastName: string }>(admin, 'POST', '/pro/students', {
      firstName: 'Door',
      lastName,
      phone: `6${Date.now().toString().slice(-7)}`,
      homeCenterId: cwb,
    });
    return { ...member, card };
  }

  it('a member denied for having nothing valid: "Sell / renew" on the toast opens their membership sale', async () => {
    const m = await memberWithNothing(`Lapsed${Date.now().toString(36)}`);
    await api(admin, 'POST', `/pro/students/${m.id}/cards`, { number: m.card });
    await readerPage.goto('/class-list');
    await waitConnected(readerPage);
    await simulateTap(m.card);
    // This tap's toast (a tap of an earlier test still waiting in the browser's queue may show too).
    const toast = readerPage.locator(TOAST).filter({ hasText: m.lastName }).first();
    await toast.waitFor({ timeout: 15_000 });
    expect(await toast.getByTestId('entry-toast-title').textContent()).toBe(`No entry: Door ${m.lastName}`);
    expect(await toast.getByTestId('entry-toast-text').textContent()).toContain(
      'No valid membership, credit or booking at this centre.',
    );
    await toast.getByTestId('entry-toast-sell').click();
    await readerPage.waitForURL(`**/apps/member/${m.id}/membership/add/`);
    await readerPage.getByTestId('screen-sell-membership').waitFor();
  });

  it('an unknown card: "Attach card" on the toast attaches it to the member the desk finds, and their next tap names them', async () => {
    const m = await memberWithNothing(`Newcard${Date.now().toString(36)}`);
    await readerPage.goto('/class-list');
    await waitConnected(readerPage);
    await simulateTap(m.card);
    const toast = readerPage.locator(TOAST).filter({ hasText: m.card }).first();
    await toast.waitFor({ timeout: 15_000 });
    expect(await toast.getByTestId('entry-toast-title').textContent()).toBe(`No entry: card ${m.card}`);
    await toast.getByTestId('entry-toast-attach').click();
    const dialog = readerPage.locator('[data-testid="attach-card-dialog"] .ant-modal');
    await dialog.waitFor();
    // The member search has the focus: type, pick with Enter, attach.
    await readerPage.waitForFunction(() => document.activeElement?.id === 'attach-card-member');
    await readerPage.keyboard.type(m.lastName, { delay: 30 });
    await pickOption(readerPage, readerPage.locator('.ant-select-item-option', { hasText: m.lastName }));
    await readerPage.getByTestId('attach-card-submit').click();
    await readerPage.locator('.ant-message', { hasText: `Card ${m.card} attached` }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const member = await api<{ cards: { number: string; status: string }[] }>(admin, 'GET', `/pro/students/${m.id}`);
    expect(member.cards.find((c) => c.status === 'active')?.number).toBe(m.card);

    await readerPage.waitForTimeout(1_000);
    await simulateTap(m.card);
    await expect
      .poll(async () => (await entries(cwb)).find((e) => e.card === m.card && e.member !== null)?.member?.id)
      .toBe(m.id);
  });
});
