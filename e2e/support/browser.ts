import { statfsSync } from 'node:fs';
import { DEMO_PASSWORD } from '@gym/contract/demo';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Whether /dev/shm can hold Chromium's shared memory (a container's default 64 MB cannot). When it
 * can, Chromium keeps it there rather than in files under /tmp, which on a disk-backed /tmp costs
 * system time on every frame (decision 306).
 */
function devShmIsRoomy(): boolean {
  try {
    const s = statfsSync('/dev/shm');
    return s.bavail * s.bsize >= 1024 ** 3;
  } catch {
    return false;
  }
}

/**
 * Under `faketime` (the suite run at a chosen wall time, `scripts/test-at.sh`, which sets `FAKETIME`
 * to the offset in seconds): Chromium is started without it (it does not run under the library),
 * and each page's `Date` is moved by the same offset. Only `Date`: the page's timers keep their pace.
 */
const FAKE_OFFSET_MS = /^[+-]\d+(\.\d+)?$/.test(process.env.FAKETIME ?? '') ? Number(process.env.FAKETIME) * 1000 : 0;

function browserEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined) continue;
    if (key === 'LD_PRELOAD' && value.includes('faketime')) continue;
    if (key.startsWith('FAKETIME') || key === 'DONT_FAKE_MONOTONIC') continue;
    env[key] = value;
  }
  return env;
}

/** A context's pages on the suite's clock (nothing to do unless the suite runs under `faketime`). */
export async function followFakeClock(context: BrowserContext): Promise<void> {
  if (!FAKE_OFFSET_MS) return;
  await context.addInitScript((offset: number) => {
    const RealDate = Date;
    class ShiftedDate extends RealDate {
      constructor(...args: unknown[]) {
        if (args.length === 0) super(RealDate.now() + offset);
        else super(...(args as [number]));
      }
      static override now() {
        return RealDate.now() + offset;
      }
    }
    globalThis.Date = ShiftedDate as DateConstructor;
  }, FAKE_OFFSET_MS);
}

/** Debian's Chromium, headless, with the house's flags; `extraArgs` for a test's own needs (a fake camera). */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  const shm = devShmIsRoomy();
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-gpu',
      ...(shm ? [] : ['--disable-dev-shm-usage']),
      ...extraArgs,
    ],
    ignoreDefaultArgs: shm ? ['--disable-dev-shm-usage'] : [],
    env: browserEnv(),
  });
}

/** A 10-inch tablet in landscape, the front desk's usual screen. */
export const TABLET = { width: 1280, height: 800 };

export async function newPage(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  // With the device's "reduce motion" on, as some staff have it: dialogs and lists open without
  // their zoom and slide, so a click never lands on a button still moving in (decision 326).
  const context = await browser.newContext({ baseURL, viewport: TABLET, locale: 'en-US', reducedMotion: 'reduce' });
  await followFakeClock(context);
  const page = await context.newPage();
  return { context, page };
}

/**
 * Waits until no animation runs (antd's select lists, drawers and dialogs slide and zoom in): a
 * click while an option list is still opening may land beside the option. The 2-second wave a
 * clicked button leaves (`.ant-wave`) is decoration and is not waited for, nor is an animation that
 * never ends (a live badge's pulse, a spinner).
 */
export const settled = (page: Page) =>
  page.waitForFunction(() =>
    document.getAnimations().every((a) => {
      const effect = a.effect as KeyframeEffect | null;
      return (
        a.playState !== 'running' ||
        Boolean(effect?.target?.closest('.ant-wave')) ||
        effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY
      );
    }),
  );

/**
 * Clicks an entry of an open popup list once the list has stopped moving, and again if the click was
 * lost (the list still open: on a loaded machine a click can land while the list slides open, or
 * while a late search answer re-renders it under the pointer).
 */
async function pickFrom(page: Page, item: Locator, openList: string) {
  for (let attempt = 1; ; attempt++) {
    await item.waitFor();
    await settled(page);
    await item.click();
    const closed = await page
      .waitForFunction((selector) => !document.querySelector(selector), openList, { timeout: 3_000 })
      .then(() => true)
      .catch(() => false);
    if (closed) return;
    if (attempt >= 3) throw new Error(`${item} was clicked three times and its list stayed open`);
  }
}

/** Picks an option of an open single-choice select (not multiple choice, whose list stays open). */
export const pickOption = (page: Page, option: Locator) =>
  pickFrom(page, option, '.ant-select-dropdown:not(.ant-select-dropdown-hidden)');

/** Picks an entry of an open dropdown menu (a row's actions, the language menu). */
export const pickMenuItem = (page: Page, item: Locator) =>
  pickFrom(page, item, '.ant-dropdown:not(.ant-dropdown-hidden)');

/**
 * Clicks the OK button of a confirmation (a popconfirm or a confirm dialog) once it has stopped
 * moving, and again if the click was lost: the button neither went away nor turned busy with the
 * action within 3 s. Loaded CI runs lost such clicks (a member never left a group, a booking was
 * never cancelled).
 */
export async function pressConfirm(page: Page, ok: Locator) {
  for (let attempt = 1; ; attempt++) {
    await ok.waitFor();
    await settled(page);
    await ok.click();
    const taken = await ok
      .waitFor({ state: 'hidden', timeout: 3_000 })
      .then(() => true)
      .catch(async () => /\bant-btn-loading\b/.test((await ok.getAttribute('class').catch(() => '')) ?? ''));
    if (taken) return;
    if (attempt >= 3) throw new Error(`${ok} was clicked three times and its confirmation stayed as it was`);
  }
}

/**
 * Clicks `button` once the page has stopped moving until `outcome` shows: again if the click was
 * lost, that is when within 3 s `outcome` did not show and the button neither went away nor turned
 * busy. Loaded CI runs lost form submits this way (a group's save, the public registration's).
 */
export async function pressUntil(page: Page, button: Locator, outcome: Locator) {
  for (let attempt = 1; ; attempt++) {
    await button.waitFor();
    await settled(page);
    await button.click();
    if (
      await outcome.waitFor({ timeout: 3_000 }).then(
        () => true,
        () => false,
      )
    )
      return;
    const busy = /\bant-btn-loading\b/.test(
      (await button.getAttribute('class', { timeout: 1_000 }).catch(() => '')) ?? '',
    );
    if (busy || (await button.isHidden())) {
      await outcome.waitFor();
      return;
    }
    if (attempt >= 3) {
      // What the page says instead (a field's error, an alert), so that a failure here tells why.
      const said = await page
        .locator('.ant-form-item-explain-error, .ant-alert, .ant-message-notice, .ant-notification-notice')
        .evaluateAll((found) =>
          found.map((el) => {
            // A field's error with the field it is beside, and what that field holds.
            const item = el.closest('.ant-form-item');
            const input = item?.querySelector<HTMLInputElement>('input, textarea');
            return input ? `${input.id}=${JSON.stringify(input.value)}: ${el.textContent}` : (el.textContent ?? '');
          }),
        )
        .catch(() => []);
      throw new Error(
        `${button} was clicked three times and ${outcome} never showed; the page showed: ${JSON.stringify(said)}`,
      );
    }
  }
}

/** Signs in through the login form, as staff do. */
export async function loginThroughForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByTestId('screen-login').waitFor();
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.keyboard.press('Enter');
}

/** Signs in through the API and stores the session the way the web app does (faster for table tests). */
export async function storeSession(page: Page, baseURL: string, email: string) {
  const res = await fetch(`${baseURL}/api/v1/jwt/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
  const body = (await res.json()) as { accessToken: string; refreshToken: string; userData: unknown };
  // Any page of the origin holds its storage; a static file does not start the app (a second full
  // load of the app per test, for nothing).
  await page.goto('/favicon.svg');
  await page.evaluate((b) => {
    localStorage.setItem('accessToken', b.accessToken);
    localStorage.setItem('refreshToken', b.refreshToken);
    localStorage.setItem('userData', JSON.stringify(b.userData));
  }, body);
  return body;
}
