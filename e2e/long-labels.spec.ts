/**
 * Long labels and the desk's screen: every built staff screen (the menu's entries not marked "Soon", the add and edit
 * drawers of members, staff, centres, rooms, expenditures and class types, the catalogue's and the
 * retail catalogue's add drawers, the new-class drawer, the member and staff files, the import page) and the login page, in German, French and
 * Portuguese, on a tablet in portrait (768 × 1024), and German also on the desk's tablet (1280 × 800);
 * the login page at both widths in every language (decision 251). Every language, English and
 * Traditional Chinese included, on the desk's 1280 px: there a list's chosen columns fit its card
 * and the page is never wider than the window (at 768 px too), a list row is one line high, every
 * table header has words, and the navbar of a browser with a card reader is one row with "Last
 * in:" whole. A text cut by
 * its box, a placeholder wider than its field, or a word of
 * a label, button, header or menu entry broken inside (the "Stammstud/io" header) fails the test,
 * naming the screen, language, width and text. An ellipsis set on purpose (long names, e-mails,
 * selected values) is not a cut. One server, one browser; one signed-in context per language.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, settled, storeSession, TABLET } from './support/browser.ts';
import { findCuts, findUnfit } from './support/cuts.ts';
import { type ApiSession, api, apiLogin, demoMember } from './support/members.ts';
import { useAppServer } from './support/server.ts';

const app = useAppServer();
const LANGUAGES = ['en', 'de', 'fr', 'pt', 'zh-Hant'] as const;
/** Where text is cut first (768 px) is checked in the long languages; every language at 1280 px. */
const PORTRAIT_TOO: readonly string[] = ['de', 'fr', 'pt'];
const PORTRAIT = { width: 768, height: 1024 };
const ADMIN = 'admin@demo.fit';

interface Step {
  name: string;
  /** Opens a drawer or dialog on the screen; `within` is what it shows (checked alone). */
  open: (page: Page) => Promise<void>;
  within: string;
}

interface View {
  name: string;
  path: string;
  /** Shown once the screen is ready. */
  ready: string;
  /** Drawers and dialogs of the screen, each opened, checked and closed in turn. */
  steps?: Step[];
}

let admin: ApiSession;
let memberId = '';
let staffId = '';

beforeAll(async () => {
  admin = await apiLogin(app.server.url, ADMIN);
  memberId = (await demoMember(admin)).id;
  const staff = await api<{ items: { id: string }[] }>(admin, 'GET', '/pro/staff?pageSize=1');
  staffId = staff.items[0]!.id;
});

const DRAWER = '.ant-drawer-open .ant-drawer-section';
const DIALOG = '.ant-modal';
const click = (testId: string) => async (page: Page) => {
  await page.getByTestId(testId).click();
};
const editFirstRow = async (page: Page) => {
  await page.locator('.ant-table-row .row-actions button').first().click();
};
const addAndEdit = (add: string, within: string, what: string): Step[] => [
  { name: `add-${what}`, open: click(add), within },
  { name: `edit-${what}`, open: editFirstRow, within },
];

function views(): View[] {
  return [
    {
      name: 'member list',
      path: '/student-list',
      ready: '[data-testid="member-row"]',
      steps: [{ name: 'add-member drawer', open: click('add-member'), within: DRAWER }],
    },
    { name: 'member file', path: `/apps/student/edit/${memberId}`, ready: '[data-testid="member-profile"]' },
    { name: 'groups', path: '/group-list', ready: '[data-testid="screen-group-list"]' },
    { name: 'member import', path: '/student-import', ready: '[data-testid="screen-member-import"]' },
    {
      name: 'staff list',
      path: '/staff-list',
      ready: '[data-testid="staff-table"] .ant-table-row',
      steps: [{ name: 'add-staff drawer', open: click('staff-add'), within: DRAWER }],
    },
    { name: 'staff file', path: `/apps/staff/edit/${staffId}`, ready: '[data-testid="screen-staff-edit"]' },
    { name: 'current centre', path: '/center', ready: '[data-testid="readers-card"]' },
    {
      name: 'centre list',
      path: '/center-list',
      ready: '[data-testid="center-table"] .ant-table-row',
      steps: addAndEdit('center-add', DRAWER, 'centre drawer'),
    },
    {
      name: 'room list',
      path: '/room-list',
      ready: '[data-testid="screen-room-list"] .ant-table-row',
      steps: addAndEdit('room-add', DIALOG, 'room dialog'),
    },
    {
      name: 'membership list',
      path: '/membership-list',
      ready: '[data-testid="screen-membership-list"] .ant-table',
      steps: [{ name: 'add-plan drawer', open: click('item-add'), within: DRAWER }],
    },
    {
      name: 'package list',
      path: '/package-list',
      ready: '[data-testid="screen-package-list"] .ant-table',
      steps: [{ name: 'add-package drawer', open: click('item-add'), within: DRAWER }],
    },
    {
      name: 'short course list',
      path: '/short-course-list',
      ready: '[data-testid="screen-short-course-list"] .ant-table',
      steps: [
        { name: 'add-course drawer', open: click('item-add'), within: DRAWER },
        {
          name: 'course sessions drawer',
          open: async (page) => {
            await page.getByTestId('course-sessions-open').first().click();
            await page.locator('.ant-drawer-open [data-testid="course-header"]').waitFor();
          },
          within: DRAWER,
        },
      ],
    },
    {
      name: 'expenditure',
      path: '/expenditure',
      ready: '[data-testid="screen-expenditure"] .ant-table-row',
      steps: [
        ...addAndEdit('expenditure-add', DRAWER, 'expenditure drawer'),
        { name: 'categories dialog', open: click('expenditure-categories'), within: DIALOG },
      ],
    },
    ...(
      [
        ['product list', '/product-list', 'screen-product-list', 'product-add'],
        ['product set list', '/product-set-list', 'screen-product-set-list', 'set-add'],
        ['coupon list', '/coupon-list', 'screen-coupon-list', 'coupon-add'],
        ['offer list', '/offer-list', 'screen-offer-list', 'offer-add'],
      ] as const
    ).map(([name, path, screen, add]) => ({
      name,
      path,
      ready: `[data-testid="${screen}"] .ant-table`,
      steps: [{ name: `${name} drawer`, open: click(add), within: DRAWER }],
    })),
    {
      name: 'class list',
      path: '/class-list',
      ready: '[data-testid="screen-class-list"] .ant-table',
      steps: [{ name: 'new-class drawer', open: click('class-add'), within: DRAWER }],
    },
    {
      name: 'class types',
      path: '/class-type-list',
      ready: '[data-testid="class-type-table"] .ant-table-row',
      steps: addAndEdit('item-add', DRAWER, 'class type drawer'),
    },
    { name: 'calendar', path: '/calendar', ready: '[data-testid="calendar"] .fc-view' },
    { name: 'calendar by room', path: '/calendar?view=rooms', ready: '[data-testid="calendar-column"]' },
    { name: 'book classes', path: `/apps/member/${memberId}/class/add`, ready: '[data-testid="class-add-table"]' },
    { name: 'entry records', path: '/entry-records', ready: '[data-testid="screen-entry-records"] .ant-table' },
    { name: 'invoices', path: '/invoice', ready: '[data-testid="invoice-table"] .ant-table-row' },
    { name: 'pay links', path: '/pay-links', ready: '[data-testid="screen-pay-links"] .ant-table' },
    {
      name: 'online payments',
      path: '/report-online-payment',
      ready: '[data-testid="screen-online-payments"] .ant-table',
    },
    { name: 'audit log', path: '/system-config/audit', ready: '[data-testid="screen-audit-log"] .ant-table-row' },
    {
      name: 'staff commission',
      path: `/apps/cloudfit/staff/package/${staffId}`,
      ready: '[data-testid="commission-months"] .ant-table-row',
    },
    { name: 'staff attendance', path: '/staff-attendance', ready: '[data-testid="attendance-days"] .ant-table' },
    { name: 'dashboard', path: '/dashboard', ready: '[data-testid="entry-stats"]' },
    { name: 'system configuration', path: '/system-config', ready: '[data-testid="screen-system-config"]' },
    { name: 'outbox', path: '/outbox', ready: '[data-testid="screen-outbox"]' },
    { name: 'access control', path: '/access-control', ready: '[data-testid="screen-access-control"]' },
  ];
}

async function cutsOn(page: Page, scope: string | null): Promise<string[]> {
  // Fonts and layout settle (a resize re-lays the page out; antd's responsive parts follow a frame later).
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.waitForTimeout(50);
  const fit = page.viewportSize()?.width === TABLET.width;
  return [...(await page.evaluate(findCuts, scope)), ...(await page.evaluate(findUnfit, { scope, fit }))];
}

describe('no text cut off, and every list fits the desk’s screen, in every language', () => {
  const problems: string[] = [];
  afterAll(() => {
    if (problems.length > 0) console.log(problems.join('\n'));
  });

  for (const language of LANGUAGES) {
    it(`${language}: every built screen, the drawers and the login page, at 1280${PORTRAIT_TOO.includes(language) ? ' and 768' : ''} px`, async () => {
      const { context, page } = await newPage(app.browser, app.server.url);
      const here: string[] = [];
      try {
        // The login page first, signed out, in the language the browser remembers.
        await page.goto('/error-404');
        await page.evaluate((l) => localStorage.setItem('language', l), language);
        for (const size of [TABLET, PORTRAIT]) {
          await page.setViewportSize(size);
          await page.goto('/login');
          await page.getByTestId('screen-login').waitFor();
          for (const cut of await cutsOn(page, null)) here.push(`login · ${language} · ${size.width}: ${cut}`);
        }

        await storeSession(page, app.server.url, ADMIN);
        await page.evaluate((l) => localStorage.setItem('language', l), language);
        await page.goto('/center');
        await page.getByTestId('navbar').waitFor();
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
        // Every language at the desk's 1280 px; the long ones at 768 px too (where text is cut first).
        const sizes = PORTRAIT_TOO.includes(language) ? [TABLET, PORTRAIT] : [TABLET];
        // The page stays at the width it was last checked at (a resize costs a re-layout); with two
        // widths, each check starts with the one it is already at.
        let current = sizes[0]!;
        await page.setViewportSize(current);
        const check = async (label: string, scope: string | null) => {
          const order = sizes.length > 1 && current === sizes[1] ? [...sizes].reverse() : sizes;
          for (const size of order) {
            if (size !== current) {
              await page.setViewportSize(size);
              current = size;
            }
            for (const cut of await cutsOn(page, scope)) here.push(`${label} · ${language} · ${size.width}: ${cut}`);
          }
        };
        for (const view of views()) {
          // In-app navigation (as a menu click does): the app is not loaded again for each screen.
          await page.evaluate((path) => {
            history.pushState({}, '', path);
            dispatchEvent(new PopStateEvent('popstate'));
          }, view.path);
          await page.locator(view.ready).first().waitFor();
          await check(view.name, null);
          for (const step of view.steps ?? []) {
            await step.open(page);
            const opened = page.locator(step.within).first();
            await opened.waitFor();
            await check(step.name, step.within);
            // Escape reaches a dialog once it has finished opening (its focus is set then); on a loaded
            // machine a key pressed sooner may be lost, so the close button is the way out if it was.
            await settled(page);
            await page.keyboard.press('Escape');
            const closed = await opened
              .waitFor({ state: 'hidden', timeout: 5_000 })
              .then(() => true)
              .catch(() => false);
            if (!closed) {
              await page.locator('.ant-modal-close, .ant-drawer-open .ant-drawer-close').first().click();
              await opened.waitFor({ state: 'hidden' });
            }
          }
        }
        // A browser with a card reader (the desk's): its name in the navbar, which stays one row.
        await page.setViewportSize(TABLET);
        await page.goto('/entry-records?reader=DEMO-READER-1');
        await page.getByTestId('reader-indicator').waitFor();
        await page.locator('[data-testid="center-last-person"]').waitFor();
        for (const cut of await cutsOn(page, null)) here.push(`reader mode · ${language} · 1280: ${cut}`);
      } finally {
        problems.push(...here);
        await context.close();
      }
      expect(here).toEqual([]);
    }, 150_000);
  }
});
