/**
 * What the staff screens of online payments need beside the lists: a pay link sent by e-mail in
 * the member's language, the pay links and online payments as CSV/XLSX, and the online payments
 * filtered by the day they were made.
 */
import { addDays } from '@gym/contract/time';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outboxEmails } from '../../db/schema/index.ts';
import { csvLines, xlsxSheet } from '../../test/exports.ts';
import {
  owingMember,
  type PaymentsTest,
  pressOnCheckout,
  publicCall,
  startPayments,
  TODAY,
} from '../../test/payments.ts';

let t: PaymentsTest;
beforeAll(async () => {
  t = await startPayments();
});
afterAll(() => t?.ctx.close());

const owing = (email: string | null, language = 'zh-Hant') => owingMember(t, { email, language });

const makeLink = (body: object) => t.ctx.pro('POST', '/pay-links', t.desk, body);
const email = (id: string) => t.ctx.pro('POST', `/pay-links/${id}/email`, t.desk, {});

describe('sending a pay link by e-mail', () => {
  it('writes to the member in their language with the amount and the link, and audits it', async () => {
    const { invoice } = await owing('chan@example.com');
    const link = (await makeLink({ invoiceId: invoice.id })).json();
    const res = await email(link.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ to: 'chan@example.com' });
    const [mail] = await t.ctx.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, 'chan@example.com'));
    expect(mail!.subject).toContain('付款連結');
    expect(mail!.text).toContain('HKD 500.00');
    expect(mail!.text).toContain(`https://gym.example/pay_link/${link.token}/`);
    expect(mail!.text).toContain(`發票 ${invoice.number}`);
    const audited = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, link.id), eq(auditLog.action, 'pay_link.emailed')));
    expect(audited).toHaveLength(1);
  });

  it('refuses a member without an address, and a link that can no longer be paid', async () => {
    const { invoice } = await owing(null, 'en');
    const link = (await makeLink({ invoiceId: invoice.id })).json();
    const none = await email(link.id);
    expect(none.statusCode).toBe(422);
    expect(none.json().error).toBe('member_no_email');
    const { invoice: other } = await owing('other@example.com', 'en');
    const revoked = (await makeLink({ invoiceId: other.id })).json();
    await t.ctx.pro('POST', `/pay-links/${revoked.id}/revoke`, t.desk, {});
    const refused = await email(revoked.id);
    expect(refused.statusCode).toBe(410);
    expect(refused.json().error).toBe('pay_link_revoked');
    expect(await t.ctx.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, 'other@example.com'))).toEqual(
      [],
    );
  });
});

describe('the lists’ exports and the online payments’ date filter', () => {
  it('exports pay links and online payments, and keeps only orders made in the days asked for', async () => {
    const { invoice, member } = await owing(null, 'en');
    const link = (await makeLink({ invoiceId: invoice.id })).json();
    const { orderId, checkoutUrl } = (await publicCall(t.ctx, 'POST', `/pay-links/${link.token}/checkout`)).json();
    await pressOnCheckout(t.ctx, checkoutUrl, 'success');
    await t.payments.simulated.webhooks.idle();
    await t.ctx.deps.outbox.drain();

    const linksCsv = csvLines(await t.ctx.pro('GET', `/pay-links/export?format=csv&memberId=${member.id}`, t.manager));
    expect(linksCsv[0]).toMatch(/^Created,Member,Invoice,Kind,/);
    expect(linksCsv).toHaveLength(2);
    expect(linksCsv[1]).toContain(`,${invoice.number},balance,,HKD,`);
    expect(linksCsv[1]).toContain(',paid,');

    const q = (extra: string) => `/online-payments?memberId=${member.id}${extra}`;
    expect((await t.ctx.pro('GET', q(`&from=${TODAY}&to=${TODAY}`), t.manager)).json().total).toBe(1);
    expect((await t.ctx.pro('GET', q(`&from=${addDays(TODAY, 1)}`), t.manager)).json().total).toBe(0);
    expect((await t.ctx.pro('GET', q(`&to=${addDays(TODAY, -1)}`), t.manager)).json().total).toBe(0);
    const bad = await t.ctx.pro('GET', q('&from=yesterday'), t.manager);
    expect(bad.statusCode).toBe(400);

    const ordersCsv = csvLines(
      await t.ctx.pro('GET', `/online-payments/export?format=csv&memberId=${member.id}`, t.manager),
    );
    expect(ordersCsv).toHaveLength(2);
    expect(ordersCsv[1]).toContain(orderId);
    expect(ordersCsv[1]).toContain('succeeded');
    expect(ordersCsv[1]).toContain('recorded');
    const sheet = await xlsxSheet(
      await t.ctx.pro('GET', `/online-payments/export?format=xlsx&memberId=${member.id}&from=${TODAY}`, t.manager),
    );
    expect(sheet.rowCount).toBe(2);
    expect(
      (await t.ctx.pro('GET', '/online-payments/export?format=csv', await t.org.signIn('trainer'))).statusCode,
    ).toBe(403);
  });
});
