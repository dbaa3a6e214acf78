/**
 * Online payments end to end (issue 34): staff make a pay link for Chan Tai Man's installment due
 * today from the invoice; the member opens it on their phone in Traditional Chinese (his language),
 * pays through the simulated provider's checkout, and the status page shows the payment with its
 * receipt; the invoice shows the online payment, and a desk at CWB hears it at once.
 */
import { addDays, today as businessToday } from '@gym/contract/time';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, storeSession } from './support/browser.ts';
import { type ApiSession, api, apiLogin, demoCenterId, demoMember } from './support/members.ts';
import { type OpenPage, openAs, seriousViolations } from './support/organisation.ts';
import { useAppServer } from './support/server.ts';

const app = useAppServer();
let admin: ApiSession;
let invoice: { id: string; number: string; installments: { id: string; dueOn: string; amountMinor: number }[] };
let desk: OpenPage | undefined;
const opened: OpenPage[] = [];

beforeAll(async () => {
  admin = await apiLogin(app.server.url, 'admin@demo.fit');
  const member = await demoMember(admin);
  const centre = await demoCenterId(admin);
  const plans = await api<{ items: { id: string; price: number }[] }>(
    admin,
    'GET',
    '/pro/membership-plans?status=active&pageSize=5',
  );
  const plan = plans.items.find((p) => p.price > 50_000);
  if (!plan) throw new Error('the demo catalogue has no membership plan over 500.00');
  const today = businessToday(centre.timeZone);
  // A deposit due today, left unpaid, and the rest next month: the deposit is the installment due.
  invoice = await api(admin, 'POST', `/pro/students/${member.id}/sales`, {
    centerId: centre.id,
    lines: [{ itemType: 'membership', itemId: plan.id }],
    depositMinor: 50_000,
    installments: [{ dueOn: addDays(today, 30) }],
  });
  expect(invoice.installments[0]).toMatchObject({ dueOn: today, amountMinor: 50_000 });
});

afterAll(async () => {
  for (const page of opened) await page.context.close();
});

/** The desk's browser at CWB, on the member list, listening for what happens at its centre. */
async function deskAtCwb(): Promise<Page> {
  const page = await newPage(app.browser, app.server.url);
  opened.push(page);
  await storeSession(page.page, app.server.url, 'frontdesk@demo.fit');
  const centre = await demoCenterId(admin);
  await page.page.evaluate((id) => sessionStorage.setItem('centerId', id), centre.id);
  await page.page.goto('/student-list');
  await page.page.getByTestId('screen-student-list').or(page.page.getByTestId('screen-member-list')).first().waitFor();
  desk = page;
  return page.page;
}

describe('online payments', () => {
  let linkUrl = '';

  it('staff make a pay link for Chan Tai Man’s installment due today from the invoice', async () => {
    const staff = await openAs(
      app.browser,
      app.server.url,
      'admin@demo.fit',
      `/invoice?open=${invoice.id}`,
      'invoice-detail',
    );
    opened.push(staff);
    const { page } = staff;
    await page.getByTestId('invoice-pay-link').click();
    const dialog = page.getByTestId('pay-link-create');
    await dialog.getByTestId('pay-link-kind-installment').click();
    await dialog.getByTestId('pay-link-installment').waitFor();
    await page.getByTestId('pay-link-create-submit').click();
    await dialog.getByTestId('pay-link-made').waitFor();
    linkUrl = await dialog.getByTestId('pay-link-url').inputValue();
    await dialog.getByTestId('pay-link-show-qr').click();
    await page.getByTestId('pay-link-qr').waitFor();
    expect(await page.getByTestId('pay-link-qr').getAttribute('aria-label')).toContain('Tai Man Chan');
    expect(linkUrl).toMatch(/\/pay_link\/[A-Za-z0-9_-]{22,}\/$/);

    // The list shows it, active, for this invoice.
    await page.goto(`/pay-links?invoice=${invoice.id}`);
    await page.getByTestId('pay-link-state').first().waitFor();
    expect(await page.getByTestId('pay-link-state').first().textContent()).toBe('Active');
  });

  it('the member pays it in Traditional Chinese through the simulated checkout; the status page shows the receipt', async () => {
    const deskPage = await deskAtCwb();
    const member = await newPage(app.browser, app.server.url);
    opened.push(member);
    const { page } = member;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(new URL(linkUrl).pathname);
    await page.getByTestId('pay-link-form').waitFor();
    await page.getByText('付款連結').first().waitFor();
    expect(await page.getByTestId('pay-amount').textContent()).toBe('HKD 500.00');
    expect(await seriousViolations(page, 'pay link page')).toEqual([]);
    await page.getByRole('button', { name: '立即付款' }).click();

    await page.waitForURL(/\/simulated-checkout\/cs_sim_/);
    await page.getByTestId('sim-checkout').waitFor();
    await page.getByTestId('sim-success').click();

    await page.waitForURL(/\/payment-status\/[0-9a-f-]{36}\/$/);
    await page.getByTestId('payment-status-paid').waitFor({ timeout: 30_000 });
    await page.getByText('已收到付款').waitFor();
    expect(await seriousViolations(page, 'payment status page')).toEqual([]);
    const receipt = page.getByTestId('receipt-download');
    await receipt.waitFor({ timeout: 30_000 });
    const href = (await receipt.getAttribute('href')) ?? '';
    const pdf = await fetch(new URL(new URL(href).pathname, app.server.url));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');

    // The desk at CWB heard it at once.
    const notice = deskPage.getByTestId('online-payment-notice');
    await notice.waitFor({ timeout: 15_000 });
    expect(await notice.textContent()).toBe('陳大文 paid HKD 500.00 online');

    // The link cannot be paid again: its page says so.
    await page.goto(new URL(linkUrl).pathname);
    await page.getByTestId('pay-link-paid').waitFor();
  });

  it('the invoice shows the online payment', async () => {
    const page = desk!.page;
    await page.goto(`/invoice?open=${invoice.id}`);
    await page.getByTestId('invoice-detail').waitFor();
    await page.getByTestId('invoice-detail').getByText('Online', { exact: true }).first().waitFor();
    const detail = await api<{ payments: { method: string; amountMinor: number }[] }>(
      admin,
      'GET',
      `/pro/invoices/${invoice.id}`,
    );
    expect(detail.payments).toEqual(
      expect.arrayContaining([expect.objectContaining({ method: 'online', amountMinor: 50_000 })]),
    );
  });

  it('the member’s page lists what is owed with due dates, the invoice’s page its balance; a revoked link says whom to ask', async () => {
    const member = await demoMember(admin);
    const centre = await demoCenterId(admin);
    const visitor = await newPage(app.browser, app.server.url);
    opened.push(visitor);
    const { page } = visitor;
    await page.setViewportSize({ width: 768, height: 1024 });

    // Up to next month: the installment left after the deposit, with its due date.
    const own = await api<{ url: string }>(admin, 'POST', `/pro/students/${member.id}/payment-id`);
    const next = addDays(businessToday(centre.timeZone), 30);
    await page.goto(new URL(own.url).pathname.replace(/\/\d{4}-\d{2}-\d{2}\/$/, `/${next}/`));
    await page.getByTestId('member-payment-form').waitFor();
    expect(await page.getByTestId('owed-line').count()).toBeGreaterThanOrEqual(1);
    await page.getByTestId('owed-line').filter({ hasText: invoice.number }).waitFor();
    expect(await seriousViolations(page, 'member payment page')).toEqual([]);

    const one = await api<{ url: string }>(admin, 'POST', `/pro/invoices/${invoice.id}/payment-page`);
    await page.goto(new URL(one.url).pathname);
    await page.getByTestId('transaction-form').waitFor();
    await page.getByText(invoice.number).first().waitFor();

    const link = await api<{ id: string; url: string }>(admin, 'POST', '/pro/pay-links', { invoiceId: invoice.id });
    await api(admin, 'POST', `/pro/pay-links/${link.id}/revoke`, {});
    await page.goto(new URL(link.url).pathname);
    await page.getByTestId('pay-link-revoked').waitFor();
    await page.getByTestId('pay-contact').waitFor();
  });

  it('the admin sets the payment reminders on /system-config: the defaults shown, a booking block saved', async () => {
    const opened = await openAs(
      app.browser,
      app.server.url,
      'admin@demo.fit',
      '/system-config',
      'reminder-settings-card',
    );
    const page = opened.page;
    const card = page.getByTestId('reminder-settings-card');
    expect(await card.getByTestId('reminder-window-start').inputValue()).toBe('09:00');
    for (const day of ['-3', '1', '3', '7']) await card.getByText(day, { exact: true }).first().waitFor();
    await card.getByTestId('reminder-blocks').click();
    const days = card.getByTestId('reminder-block-days');
    await days.fill('14');
    const saved = page.waitForResponse((r) => r.url().endsWith('/pro/payment-settings/reminders'));
    await card.getByTestId('reminder-settings-save').click();
    expect((await saved).status()).toBe(200);
    const after = await api<{ reminders: { blockBookingsAfterDays: number | null } }>(
      admin,
      'GET',
      '/pro/payment-settings',
    );
    expect(after.reminders.blockBookingsAfterDays).toBe(14);
    await opened.context.close();
  });
});
