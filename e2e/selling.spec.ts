/**
 * Selling at the desk, in Chromium: the front desk opens Chan Tai Man's file, sells a quarterly
 * membership with a deposit and two installments, pays the deposit in cash with change, sees the
 * invoice number, and the member file then shows the membership, the invoice partly paid and the
 * next installment due.
 *
 * The catalogue's own API is built elsewhere; the quarterly plan and a towel with stock are written
 * into this file's copy of the demo database before its server starts.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { allText, pdfText } from '../apps/server/src/test/pdf-text.ts';
import { type AppServer, startAppServer } from './support/app-process.ts';
import { axe } from './support/axe.ts';
import { launchBrowser, newPage, pickOption, settled, storeSession } from './support/browser.ts';
import { api, apiLogin, DEMO_MEMBER, demoMember } from './support/members.ts';
import { seriousViolations } from './support/organisation.ts';
import { watchPrinting } from './support/print.ts';

const PLAN = 'Quarterly (desk e2e)';
const FRONT_DESK = 'frontdesk@demo.fit';
const TOWEL = 'Towel (desk e2e)';
const TOWEL_BARCODE = '4006381333931';

let server: AppServer;
let browser: Browser;
let seeded: string;
let planId: string;
let productId: string;
/** The invoice the first test sold (the second takes a payment on it). */
let saleNumber = '';
let context: BrowserContext | undefined;

/** A copy of the demo database with a quarterly plan (R$ 1,200.00) in the demo organisation. */
async function seedPlan(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'gym-e2e-selling-'));
  cpSync(inject('e2eDataDir'), dir, { recursive: true });
  const db = await PGlite.create(join(dir, 'pglite'), { extensions: { pg_trgm } });
  try {
    const found = await db.query<{ organisation_id: string }>(
      'select organisation_id from members where chinese_name = $1 limit 1',
      [DEMO_MEMBER.chineseName],
    );
    const organisationId = found.rows[0]?.organisation_id;
    if (!organisationId) throw new Error('the demo member is missing');
    const plan = await db.query<{ id: string }>(
      `insert into membership_plans (organisation_id, name, duration_value, duration_unit, price_minor, start_rule)
       values ($1, $2, 3, 'month', 120000, 'on_sale') returning id`,
      [organisationId, PLAN],
    );
    planId = plan.rows[0]!.id;
    const towel = await db.query<{ id: string }>(
      `insert into products (organisation_id, name, sku, barcode, price_minor, tax_rate_bp)
       values ($1, $2, 'TWL-E2E', $3, 9900, 700) returning id`,
      [organisationId, TOWEL, TOWEL_BARCODE],
    );
    productId = towel.rows[0]!.id;
    await db.query(
      `insert into product_stock (organisation_id, product_id, center_id, on_hand)
       select $1, $2, id, 5 from centers where organisation_id = $1 and code = $3`,
      [organisationId, productId, DEMO_MEMBER.center],
    );
  } finally {
    await db.close();
  }
  return dir;
}

beforeAll(async () => {
  seeded = await seedPlan();
  [server, browser] = await Promise.all([startAppServer({}, { fromDataDir: seeded }), launchBrowser()]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (seeded) rmSync(seeded, { recursive: true, force: true });
});

afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function signedIn(email: string): Promise<Page> {
  const opened = await newPage(browser, server.url);
  context = opened.context;
  await storeSession(opened.page, server.url, email);
  await standInForCatalogue(opened.page);
  return opened.page;
}

/**
 * The membership-plan list and the barcode look-up belong to the catalogue, built on another branch.
 * While this server answers them 404, the seeded plan and towel stand in, in the list convention; once
 * the real endpoints are there, they answer and this does nothing.
 */
async function standInForCatalogue(page: Page) {
  const towel = { id: productId, name: TOWEL, priceMinor: 9_900, taxRateBp: 700, barcode: TOWEL_BARCODE };
  await page.route(`**/api/v1/pro/products/by-barcode/*`, async (route) => {
    const real = await route.fetch();
    if (real.status() !== 404 || !route.request().url().endsWith(`/${TOWEL_BARCODE}`)) {
      return route.fulfill({ response: real });
    }
    return route.fulfill({ json: towel });
  });
  await page.route('**/api/v1/pro/membership-plans?*', async (route) => {
    const real = await route.fetch();
    if (real.status() !== 404) return route.fulfill({ response: real });
    return route.fulfill({
      json: {
        items: [
          {
            id: planId,
            name: PLAN,
            priceMinor: 120_000,
            taxRateBp: 0,
            durationValue: 3,
            durationUnit: 'month',
            startRule: 'on_sale',
          },
        ],
        total: 1,
        page: 1,
        pageSize: 20,
      },
    });
  });
}

/** Presses Tab until the focus is in the element with this test id (at most 20 times). */
async function tabTo(page: Page, testId: string) {
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('Tab');
    const there = await page.evaluate(
      (id) => Boolean(document.activeElement?.closest(`[data-testid="${id}"]`)),
      testId,
    );
    if (there) return;
  }
  throw new Error(`20 Tabs did not reach ${testId}`);
}

/** The text box of a field with this test id (antd puts it on the box or on its wrapper). */
const moneyBox = (page: Page, testId: string) =>
  page.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();

describe('selling a membership at the desk', () => {
  it('sells a quarterly membership with a deposit and two installments, cash with change, and the file shows it', async () => {
    const admin = await apiLogin(server.url, 'admin@demo.fit');
    const chan = await demoMember(admin);
    const page = await signedIn(FRONT_DESK);
    const printing = await watchPrinting(page);

    await page.goto(`/apps/student/edit/${chan.id}`);
    await page.getByTestId('screen-member-edit').waitFor();
    await page.getByTestId('sell-membership').click();
    await page.getByTestId('screen-sell-membership').waitFor();
    expect(await page.getByTestId('sale-member-code').textContent()).toBe(chan.code);

    // The plan, searched by name.
    await page.getByTestId('sale-plan-picker').click();
    await page.keyboard.type('Quarterly');
    await pickOption(page, page.locator('.ant-select-item-option').filter({ hasText: PLAN }));
    await expect.poll(() => page.getByTestId('sale-total').textContent()).toContain('1,200.00');

    // A deposit of 200.00 and two installments: 500.00 each, a month apart.
    await page.getByTestId('plan-mode').getByText('Deposit and installments').click();
    await moneyBox(page, 'plan-deposit').fill('200');
    await moneyBox(page, 'plan-count').fill('2');
    const preview = page.getByTestId('plan-preview');
    await expect.poll(() => preview.locator('tbody tr').count()).toBe(3);
    expect(await preview.textContent()).toContain('500.00');

    // The deposit in cash: 250.00 handed over, 50.00 back.
    await expect.poll(() => moneyBox(page, 'pay-amount').inputValue()).toMatch(/^\D*200\.00$/);
    await moneyBox(page, 'pay-tendered').fill('250');
    await expect.poll(() => page.getByTestId('pay-change').textContent()).toContain('50.00');
    expect(await seriousViolations(page, 'sell membership')).toEqual([]);

    await page.getByTestId('sale-submit').click();
    await page.getByTestId('sale-success').waitFor();
    const number = (await page.getByTestId('sale-invoice-number').textContent())?.trim() ?? '';
    expect(number).toMatch(/^[A-Z0-9]+-\d{6}$/);
    expect(await page.getByTestId('sale-change').textContent()).toContain('50.00');
    expect(await page.getByTestId('sale-balance').textContent()).toContain('1,000.00');
    expect(await page.getByTestId('sale-next-due').textContent()).toContain('500.00');

    // The receipt prints from a frame holding its PDF (removed after the print time-out) ...
    await page.getByTestId('receipt-printReceipt').click();
    await expect.poll(printing.printed).toEqual([{ url: expect.stringMatching(/^blob:/), type: 'application/pdf' }]);
    await expect.poll(() => page.locator('[data-testid="receipt-print-frame"]').count(), { timeout: 10_000 }).toBe(0);
    expect(printing.blocked).toEqual([]);
    // ... and downloads as a PDF that opens and has the line.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('receipt-download').click()]);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdfLines = allText(await pdfText(pdf));
    expect(pdfLines).toContain(number);
    expect(pdfLines).toContain(PLAN);

    // The end of the sale offers the membership terms to sign, in the member's language, by link.
    await page.getByTestId('sale-send-terms-open').click();
    await page.getByTestId('sale-send-terms').getByTestId('signature-send-link').click();
    expect(await page.getByTestId('sale-send-terms').getByTestId('signature-link').innerText()).toMatch(
      /\/signature\/[A-Za-z0-9_-]{32}\/$/,
    );

    // The member file: the membership in the header, the balance and the next installment.
    await page.getByTestId('sale-member-link').click();
    await page.getByTestId('screen-member-edit').waitFor();
    await expect.poll(() => page.getByTestId('member-membership').textContent()).toContain(PLAN);
    await expect.poll(() => page.getByTestId('member-balance').textContent()).toContain('1,000.00');
    expect(await page.getByTestId('member-next-due').textContent()).toContain('500.00');

    await page.getByRole('tab', { name: 'Memberships & packages' }).click();
    await page.getByTestId('entitlement-table').waitFor();
    expect(await page.getByTestId('entitlement-table').textContent()).toContain(PLAN);

    await page.getByRole('tab', { name: 'Invoices' }).click();
    const row = page.getByTestId('member-invoice-row').filter({ hasText: number });
    await row.waitFor();
    expect(await row.getByTestId('invoice-state').textContent()).toBe('Partly paid');
    expect(await row.textContent()).toContain('1,000.00');
    saleNumber = number;
  });

  it('finds the invoice among the unpaid ones at 768 px and takes the next installment by card', async () => {
    if (!saleNumber) throw new Error('the sale of the first test is missing');
    const page = await signedIn(FRONT_DESK);
    await page.setViewportSize({ width: 768, height: 1000 });
    await page.goto('/invoice?state=unpaid');
    await page.getByTestId('screen-invoice-list').waitFor();
    const link = page.getByTestId('invoice-link').filter({ hasText: saleNumber });
    await link.waitFor();
    expect(await seriousViolations(page, 'invoice list')).toEqual([]);
    await link.click();
    const drawer = page.getByTestId('invoice-detail');
    await drawer.waitFor();
    expect(await drawer.getAttribute('data-state')).toBe('partly_paid');
    expect(await drawer.getByTestId('invoice-installments').textContent()).toContain('500.00');
    // The detail alone: behind the drawer's mask the list is dimmed on purpose. The drawer's opening
    // animation fades its text in: measured mid-way, its colours would be half-transparent.
    await settled(page);
    const detail = await axe(page).include('[data-testid="invoice-detail"]').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(detail.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
      [],
    );

    await drawer.getByTestId('invoice-pay').click();
    const dialog = page.locator('.ant-modal').filter({ hasText: saleNumber });
    await dialog.waitFor();
    // The amount offered is the next installment; the method is card, with a reference.
    await expect.poll(() => moneyBox(page, 'payment-amount').inputValue()).toMatch(/^\D*500\.00$/);
    const methodSelect = dialog.locator('.ant-select').first();
    await methodSelect.click();
    const cardOption = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Card' });
    await cardOption.waitFor();
    // The list slides open: a click mid-animation can land before the option is there to take it.
    await settled(page);
    await cardOption.click();
    // Card chosen: the select shows it and the reference field replaces the cash tendered.
    await expect.poll(() => methodSelect.textContent()).toContain('Card');
    await dialog.getByLabel('Reference').waitFor();
    await page.getByTestId('payment-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => drawer.getByTestId('invoice-balance').textContent()).toContain('500.00');
    expect(await drawer.getByTestId('invoice-payments').textContent()).toContain('Card');
  });

  it('sells two towels scanned with a keyboard-wedge reader, paid by card; a manager refunds them: stock and commission come back', async () => {
    const admin = await apiLogin(server.url, 'admin@demo.fit');
    const chan = await demoMember(admin);
    const page = await signedIn(FRONT_DESK);
    await page.goto(`/apps/member/${chan.id}/invoice/add`);
    await page.getByTestId('screen-new-sale').waitFor();

    // The reader types the digits in a burst and presses Enter; twice the same product is quantity 2.
    const search = page.getByTestId('cart-search-input');
    for (let i = 0; i < 2; i++) {
      await search.focus();
      await page.keyboard.type(TOWEL_BARCODE, { delay: 2 });
      await page.keyboard.press('Enter');
      await expect.poll(() => search.inputValue()).toBe('');
    }
    const lines = page.getByTestId('cart-lines');
    await expect.poll(() => lines.locator('tbody tr.ant-table-row').count()).toBe(1);
    expect(await lines.locator('tbody tr.ant-table-row input').first().inputValue()).toBe('2');
    await expect.poll(() => page.getByTestId('sale-total').textContent()).toContain('198.00');

    await page.getByTestId('pay-method').click();
    await pickOption(page, page.locator('.ant-select-item-option').filter({ hasText: 'Card' }));
    await page.getByTestId('sale-submit').click();
    // The success, or whatever refused the sale (named in the failure).
    await page
      .locator('[data-testid="sale-success"], [data-testid="sale-error"], .ant-form-item-explain-error')
      .first()
      .waitFor({ timeout: 60_000 });
    expect(await page.locator('[data-testid="sale-error"], .ant-form-item-explain-error').allTextContents()).toEqual(
      [],
    );
    expect(await page.getByTestId('sale-paid').textContent()).toContain('198.00');
    expect(await page.getByTestId('sale-balance').textContent()).toContain('0.00');
    const number = (await page.getByTestId('sale-invoice-number').textContent())?.trim() ?? '';
    const stock = async () => {
      const product = await api<{ stock: { center: { code: string }; onHand: number }[] }>(
        admin,
        'GET',
        `/pro/products/${productId}`,
      );
      return product.stock.find((s) => s.center.code === DEMO_MEMBER.center)?.onHand;
    };
    expect(await stock()).toBe(3);

    // As manager: the towels come back. Stock returns and the desk's commission on them is reversed.
    await context?.close();
    const manager = await signedIn('manager@demo.fit');
    await manager.goto(`/invoice?keyword=${encodeURIComponent(number)}`);
    const link = manager.getByTestId('invoice-link').filter({ hasText: number });
    await link.click();
    const drawer = manager.getByTestId('invoice-detail');
    await drawer.waitFor();
    await expect.poll(() => drawer.getByTestId('line-commission').first().textContent()).not.toMatch(/^\D*0\.00$/);
    await drawer.getByTestId('invoice-refund').click();
    const dialog = manager.locator('.ant-modal').filter({ hasText: number });
    await dialog.waitFor();
    await dialog.getByRole('checkbox', { name: new RegExp(TOWEL.replace(/[()]/g, '\\$&')) }).check();
    await dialog.getByRole('spinbutton', { name: new RegExp(TOWEL.replace(/[()]/g, '\\$&')) }).fill('2');
    await dialog.getByLabel('Reason').fill('Returned unopened');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => drawer.getAttribute('data-state')).toBe('refunded');
    await expect.poll(() => drawer.getByTestId('line-commission').first().textContent()).toMatch(/^\D*0\.00$/);
    expect(await stock()).toBe(5);

    // The desk's sales and commission by month, with the rules that pay it.
    const desk = await api<{ items: { id: string; email: string }[] }>(admin, 'GET', '/pro/staff?keyword=frontdesk');
    const deskId = desk.items.find((u) => u.email === FRONT_DESK)!.id;
    await manager.goto(`/apps/cloudfit/staff/package/${deskId}`);
    await manager.getByTestId('screen-staff-commission').waitFor();
    await expect
      .poll(() => manager.getByTestId('commission-months').locator('tbody tr.ant-table-row').count())
      .toBe(12);
    expect(await manager.getByTestId('commission-rules').textContent()).toContain('Every Front desk');
    // Titled once, as the screen it is; its months export as CSV (and XLSX beside it).
    expect(await manager.getByTestId('page-title').allTextContents()).toEqual([
      expect.stringContaining('Staff Commission'),
    ]);
    expect(await manager.getByTestId('export-xlsx').isEnabled()).toBe(true);
    const [download] = await Promise.all([manager.waitForEvent('download'), manager.getByTestId('export-csv').click()]);
    expect(download.suggestedFilename()).toMatch(/^commission-\d{4}.*\.csv$/);
    expect(
      readFileSync(await download.path(), 'utf8')
        .split('\n')
        .filter((l) => l.includes('Fiona Frontdesk')),
    ).toHaveLength(12);
  });
  it("applies today's offer, and prices its coupon as it is typed: total, installments, pay now and change before saving", async () => {
    const admin = await apiLogin(server.url, 'admin@demo.fit');
    const chan = await demoMember(admin);
    const page = await signedIn(FRONT_DESK);
    await page.goto(`/apps/member/${chan.id}/invoice/add`);
    await page.getByTestId('screen-new-sale').waitFor();
    const offer = page.getByTestId('sale-offer').filter({ hasText: 'New year, new you' });
    await offer.waitFor();
    expect(await page.getByTestId('cart-lines').locator('tbody tr.ant-table-row').count()).toBe(0);
    await offer.getByTestId('offer-apply').click();
    const rows = page.getByTestId('cart-lines').locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.allTextContents()).toEqual([
      expect.stringContaining('Quarterly'),
      expect.stringContaining('Product set'),
    ]);
    expect(await page.getByTestId('sale-coupon').inputValue()).toBe('WELCOME10');
    // The quarterly plan (1,800.00) and the starter kit (168.00); WELCOME10 takes 10 % off the membership.
    const total = page.getByTestId('sale-total');
    await expect.poll(() => total.textContent()).toContain('1,788.00');
    expect(await page.getByTestId('sale-coupon-help').textContent()).toContain('180.00');

    // A code that does not exist: said beside the field, and the total is without it.
    const coupon = page.getByTestId('sale-coupon');
    await coupon.fill('NOSUCH99');
    await expect.poll(() => page.getByTestId('sale-coupon-help').textContent()).toBe('No coupon has this code.');
    await expect.poll(() => total.textContent()).toContain('1,968.00');
    await coupon.fill('welcome10');
    await expect.poll(() => total.textContent()).toContain('1,788.00');

    // Installments split what the deposit leaves of the discounted total.
    await page.getByTestId('plan-mode').getByText('Deposit and installments').click();
    await moneyBox(page, 'plan-deposit').fill('200');
    await moneyBox(page, 'plan-count').fill('2');
    const preview = page.getByTestId('plan-preview');
    await expect.poll(() => preview.locator('tbody tr').count()).toBe(3);
    expect(await preview.textContent()).toContain('794.00');
    expect(await preview.textContent()).not.toContain('884.00');

    // All today: pay now is the discounted total, and the change is from it.
    await page.getByTestId('plan-mode').getByText('All today').click();
    await expect.poll(() => moneyBox(page, 'pay-amount').inputValue()).toMatch(/^\D*1,788\.00$/);
    await moneyBox(page, 'pay-tendered').fill('1800');
    await expect.poll(() => page.getByTestId('pay-change').textContent()).toContain('12.00');

    await page.getByTestId('sale-submit').click();
    await page
      .locator('[data-testid="sale-success"], [data-testid="sale-error"], .ant-form-item-explain-error')
      .first()
      .waitFor({ timeout: 60_000 });
    expect(await page.locator('[data-testid="sale-error"], .ant-form-item-explain-error').allTextContents()).toEqual(
      [],
    );
    expect(await page.getByTestId('sale-paid').textContent()).toContain('1,788.00');
    expect(await page.getByTestId('sale-change').textContent()).toContain('12.00');
    expect(await page.getByTestId('sale-balance').textContent()).toContain('0.00');
  });

  it('sells a membership by keyboard alone, with a discount within the cap set on the settings screen and its reason', async () => {
    // The admin lets staff who sell take up to 10 % off without a manager.
    const admin = await apiLogin(server.url, 'admin@demo.fit');
    const chan = await demoMember(admin);
    const settings = await signedIn('admin@demo.fit');
    await settings.goto('/system-config');
    const cap = settings.getByTestId('discount-cap');
    await cap.fill('101');
    await settings.getByTestId('config-save').click();
    const capItem = settings.locator('.ant-form-item').filter({ has: cap });
    await expect
      .poll(() => capItem.locator('.ant-form-item-explain-error').textContent())
      .toBe('Enter a percentage from 0 to 100, with at most two decimals.');
    await cap.fill('10');
    await settings.getByTestId('config-save').click();
    await expect
      .poll(async () => (await api<{ manualDiscountCapBp: number }>(admin, 'GET', '/pro/config')).manualDiscountCapBp)
      .toBe(1000);
    await context?.close();

    // The desk: from the member file, S opens the membership sale with the focus in the plan.
    const page = await signedIn(FRONT_DESK);
    await page.goto(`/apps/student/edit/${chan.id}`);
    const focusedIn = (testId: string) =>
      page.evaluate((id) => Boolean(document.activeElement?.closest(`[data-testid="${id}"]`)), testId);
    await page.getByTestId('sell-membership').waitFor();
    // The file opens with the focus on the member's name, where the desk's keys work.
    await expect.poll(() => focusedIn('member-name')).toBe(true);
    await page.keyboard.press('s');
    await page.getByTestId('screen-sell-membership').waitFor();
    await expect.poll(() => focusedIn('sale-plan-picker')).toBe(true);
    await page.keyboard.type(PLAN);
    await expect
      .poll(() => page.locator('.ant-select-dropdown:visible .ant-select-item-option').allTextContents())
      .toEqual([expect.stringContaining(PLAN)]);
    // Enter in the open list picks the plan; it does not complete the sale.
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('sale-total').textContent()).toContain('1,200.00');
    expect(await page.getByTestId('sale-success').count()).toBe(0);
    // Tab goes on to the next field (no clear button in between that Enter would press).
    await page.keyboard.press('Tab');
    expect(await focusedIn('sale-centre')).toBe(true);

    // A discount of 100.00 (8 % of 1,200.00): Enter without a reason says so beside the reason.
    await tabTo(page, 'sale-discount');
    await page.keyboard.type('100');
    // As a person does: Enter once the reason field the discount brings is on the screen.
    await page.getByTestId('sale-price-reason').waitFor();
    await page.keyboard.press('Enter');
    const reasonItem = page.locator('.ant-form-item').filter({ has: page.getByTestId('sale-price-reason') });
    await expect.poll(() => reasonItem.locator('.ant-form-item-explain-error').textContent()).toBe('Give a reason.');
    expect(await page.getByTestId('sale-success').count()).toBe(0);
    await tabTo(page, 'sale-price-reason');
    await page.keyboard.type('Renewing early');
    await expect.poll(() => page.getByTestId('sale-total').textContent()).toContain('1,100.00');
    await page.keyboard.press('Enter');
    await page.getByTestId('sale-success').waitFor();
    expect(await page.getByTestId('sale-paid').textContent()).toContain('1,100.00');
  });
});
