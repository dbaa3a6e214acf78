/**
 * Pay links (staff make, list and revoke them; the member's page shows and pays one, at most once),
 * the member's public payment page (what is owed up to a day, all or some in one checkout) and one
 * invoice's page, and the online payments list.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, paymentOrders, payments as paymentRows, simulatedCheckoutSessions } from '../../db/schema/index.ts';
import {
  depositAndTwo,
  insertInvoices,
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

async function settled() {
  await t.payments.simulated.webhooks.idle();
  await t.ctx.deps.outbox.drain();
}

const owing = (totalMinor = 50_000, installments?: { dueOn: string; amountMinor: number }[], centerId?: string) =>
  owingMember(t, { totalMinor, installments, centerId });

const makeLink = (body: object, headers = t.desk) => t.ctx.pro('POST', '/pay-links', headers, body);
const page = (token: string) => publicCall(t.ctx, 'GET', `/pay-links/${token}`);
const pay = (token: string) => publicCall(t.ctx, 'POST', `/pay-links/${token}/checkout`);
const sessionsOpened = async () =>
  Number(
    (
      await t.ctx.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(simulatedCheckoutSessions)
        .where(eq(simulatedCheckoutSessions.organisationId, t.org.id))
    )[0]!.n,
  );
const onlinePaid = async (invoiceId: string) =>
  t.ctx.database.db
    .select()
    .from(paymentRows)
    .where(and(eq(paymentRows.invoiceId, invoiceId), eq(paymentRows.method, 'online')));

describe('staff’s pay links', () => {
  it('for an invoice’s open balance: a random token (never an id), its address, 7 days', async () => {
    const { invoice } = await owing();
    const res = await makeLink({ invoiceId: invoice.id });
    expect(res.statusCode, res.body).toBe(201);
    const link = res.json();
    expect(link).toMatchObject({
      kind: 'balance',
      amount: 50_000,
      currency: 'HKD',
      state: 'active',
      invoiceId: invoice.id,
      invoiceNumber: invoice.number,
      expiresAt: new Date(t.clock.now().getTime() + 7 * 86_400_000).toISOString(),
    });
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(link.url).toBe(`https://gym.example/pay_link/${link.token}/`);
    expect(link.token).not.toContain(invoice.id);
    const other = (await makeLink({ invoiceId: invoice.id })).json();
    expect(other.token).not.toBe(link.token);
  });

  it('for one installment’s open part, or a free amount with a description', async () => {
    const { invoice } = await owing(50_000, depositAndTwo());
    const detail = (await t.ctx.pro('GET', `/invoices/${invoice.id}`, t.manager)).json();
    const second = detail.installments[1];
    const res = await makeLink({ installmentId: second.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'installment', amount: 20_000, installmentId: second.id });
    const free = await makeLink({ invoiceId: invoice.id, amount: 12_345, description: 'Towel and locker' });
    expect(free.json()).toMatchObject({ kind: 'amount', amount: 12_345, description: 'Towel and locker' });
  });

  it('refuses what cannot be paid, naming the field', async () => {
    const { invoice } = await owing(10_000);
    const { invoice: other } = await owing(10_000, [{ dueOn: TODAY, amountMinor: 10_000 }]);
    const otherPart = (await t.ctx.pro('GET', `/invoices/${other.id}`, t.manager)).json().installments[0];
    const cases: [object, number, string, string][] = [
      [{}, 400, 'invoiceId', 'pay_link_target_required'],
      [{ invoiceId: invoice.id, amount: 100 }, 400, 'description', 'description_required'],
      [{ installmentId: otherPart.id, amount: 100 }, 400, 'amount', 'installment_no_amount'],
      [{ invoiceId: invoice.id, installmentId: otherPart.id }, 422, 'installmentId', 'installment_unknown'],
      [{ invoiceId: invoice.id, amount: 10_001, description: 'Too much' }, 422, 'amount', 'amount_over_balance'],
      [{ invoiceId: invoice.id, expiresAt: '2020-01-01T00:00:00Z' }, 400, 'expiresAt', 'expiry_in_past'],
      [{ invoiceId: invoice.id, expiresAt: '2027-01-01T00:00:00Z' }, 400, 'expiresAt', 'expiry_too_far'],
    ];
    for (const [body, status, path, code] of cases) {
      const res = await makeLink(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().fields, JSON.stringify(body)).toEqual([expect.objectContaining({ path, code })]);
    }
    await t.ctx.pro('POST', `/invoices/${invoice.id}/payments`, t.desk, { method: 'cash', amountMinor: 10_000 });
    expect((await makeLink({ invoiceId: invoice.id })).json().fields[0].code).toBe('invoice_settled');
  });

  it('stay inside the caller’s centres', async () => {
    const { invoice } = await owing(10_000);
    const deskB = await t.org.signIn('frontdesk', [t.org.centers[1]!.id]);
    expect((await makeLink({ invoiceId: invoice.id }, deskB)).statusCode).toBe(404);
  });

  it('are listed with their state, and revoked (audited); a paid one is not revoked', async () => {
    const { invoice, member } = await owing();
    const link = (await makeLink({ invoiceId: invoice.id })).json();
    const listed = (await t.ctx.pro('GET', `/pay-links?memberId=${member.id}`, t.desk)).json();
    expect(listed).toMatchObject({
      total: 1,
      items: [{ id: link.id, state: 'active', member: { id: member.id, name: 'Tai Man Chan' } }],
    });
    const revoked = await t.ctx.pro('POST', `/pay-links/${link.id}/revoke`, t.desk);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ state: 'revoked', revokedAt: expect.any(String) });
    expect((await t.ctx.pro('GET', `/pay-links?memberId=${member.id}&state=revoked`, t.desk)).json().total).toBe(1);
    expect((await t.ctx.pro('GET', `/pay-links?memberId=${member.id}&state=active`, t.desk)).json().total).toBe(0);
    const [audit] = await t.ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, link.id));
    expect(audit).toMatchObject({ action: 'pay_link.revoked', entityType: 'pay_link' });

    const { invoice: paidInvoice } = await owing();
    const paidLink = (await makeLink({ invoiceId: paidInvoice.id })).json();
    await pressOnCheckout(t.ctx, (await pay(paidLink.token)).json().checkoutUrl, 'success');
    await settled();
    const refused = await t.ctx.pro('POST', `/pay-links/${paidLink.id}/revoke`, t.desk);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('pay_link_paid');
  });
});

describe('a pay link’s public page', () => {
  it('shows what is paid, for whom, where, in the member’s language', async () => {
    const { invoice } = await owing(50_000, depositAndTwo());
    const part = (await t.ctx.pro('GET', `/invoices/${invoice.id}`, t.manager)).json().installments[1];
    const link = (await makeLink({ installmentId: part.id })).json();
    const res = await page(link.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      organisationName: 'Harbour Fitness',
      centerName: 'Centre A',
      centerPhone: null,
      centerEmail: null,
      language: 'zh-Hant',
      currency: 'HKD',
      state: 'active',
      amount: 20_000,
      description: null,
      memberFirstName: 'Tai Man',
      invoiceNumber: invoice.number,
      dueOn: part.dueOn,
      expiresAt: link.expiresAt,
    });
    expect((await page('x'.repeat(32))).statusCode).toBe(404);
  });

  it('pays through the checkout: the invoice is paid, the link used; paying again is refused before the provider is asked', async () => {
    const { invoice } = await owing();
    const link = (await makeLink({ invoiceId: invoice.id })).json();
    const started = await pay(link.token);
    expect(started.statusCode, started.body).toBe(200);
    const { orderId, checkoutUrl } = started.json();
    expect(checkoutUrl).toMatch(/\/simulated-checkout\/cs_sim_/);
    await pressOnCheckout(t.ctx, checkoutUrl, 'success');
    await settled();
    expect((await publicCall(t.ctx, 'GET', `/orders/${orderId}`)).json()).toMatchObject({
      state: 'succeeded',
      receiptUrl: expect.any(String),
    });
    expect(await onlinePaid(invoice.id)).toHaveLength(1);
    // Paid: the link shows what was paid through it, not the nothing that is left on the invoice.
    expect((await page(link.token)).json()).toMatchObject({ state: 'paid', amount: link.amount });
    expect(link.amount).toBeGreaterThan(0);
    expect((await t.ctx.pro('GET', `/pay-links?invoiceId=${invoice.id}`, t.desk)).json().items[0]).toMatchObject({
      state: 'paid',
      amount: link.amount,
      orderId,
    });

    const opened = await sessionsOpened();
    const again = await pay(link.token);
    expect(again.statusCode).toBe(410);
    expect(again.json().error).toBe('pay_link_paid');
    expect(await sessionsOpened()).toBe(opened);
    expect(await onlinePaid(invoice.id)).toHaveLength(1);
  });

  it('makes one order of twenty checkouts at once', async () => {
    const { invoice } = await owing();
    const link = (await makeLink({ invoiceId: invoice.id })).json();
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(link.token)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.json().orderId)).size).toBe(1);
    expect(new Set(answers.map((a) => a.json().checkoutUrl)).size).toBe(1);
    const orders = await t.ctx.database.db.select().from(paymentOrders).where(eq(paymentOrders.payLinkId, link.id));
    expect(orders).toHaveLength(1);
  });

  it('refuses a revoked or expired link (saying so on its page), and an amount more than is still owed', async () => {
    const { invoice } = await owing();
    const revoked = (await makeLink({ invoiceId: invoice.id })).json();
    await t.ctx.pro('POST', `/pay-links/${revoked.id}/revoke`, t.desk);
    expect((await page(revoked.token)).json().state).toBe('revoked');
    expect((await pay(revoked.token)).json()).toMatchObject({ error: 'pay_link_revoked' });

    const expiring = (
      await makeLink({ invoiceId: invoice.id, expiresAt: new Date(t.clock.now().getTime() + 3_600_000).toISOString() })
    ).json();
    t.clock.advance(3_600_000);
    expect((await page(expiring.token)).json().state).toBe('expired');
    const late = await pay(expiring.token);
    expect(late.statusCode).toBe(410);
    expect(late.json().error).toBe('pay_link_expired');

    const fixed = (await makeLink({ invoiceId: invoice.id, amount: 40_000, description: 'Most of it' })).json();
    await t.ctx.pro('POST', `/invoices/${invoice.id}/payments`, t.desk, { method: 'cash', amountMinor: 20_000 });
    expect((await page(fixed.token)).json()).toMatchObject({ state: 'outdated', amount: 40_000 });
    const outdated = await pay(fixed.token);
    expect(outdated.statusCode).toBe(409);
    expect(outdated.json().error).toBe('pay_link_outdated');
    // A balance link asks for what is open now.
    const balance = (await makeLink({ invoiceId: invoice.id })).json();
    expect((await page(balance.token)).json()).toMatchObject({ state: 'active', amount: 30_000 });
  });
});

describe('the member’s payment page', () => {
  it('lists what is owed up to the day and pays some of it in one checkout', async () => {
    const { member, invoice } = await owing(50_000, depositAndTwo());
    const [single] = await insertInvoices(t.ctx, t.org, [{ memberId: member.id, totalMinor: 9_900 }]);
    const issued = await t.ctx.pro('POST', `/students/${member.id}/payment-id`, t.desk);
    expect(issued.statusCode, issued.body).toBe(200);
    const { studentUuid, url } = issued.json();
    expect(studentUuid).not.toBe(member.id);
    expect(url).toBe(`https://gym.example/payment/${studentUuid}/${TODAY}/`);
    expect((await t.ctx.pro('POST', `/students/${member.id}/payment-id`, t.desk)).json().studentUuid).toBe(studentUuid);

    const dueNow = (await publicCall(t.ctx, 'GET', `/payments/${studentUuid}/${TODAY}`)).json();
    expect(dueNow).toMatchObject({
      memberFirstName: 'Tai Man',
      language: 'zh-Hant',
      currency: 'HKD',
      total: 19_900,
      date: TODAY,
    });
    expect(
      dueNow.lines.map((l: { invoiceNumber: string; amount: number; dueOn: string }) => [
        l.invoiceNumber,
        l.amount,
        l.dueOn,
      ]),
    ).toEqual([
      [invoice.number, 10_000, TODAY],
      [single!.number, 9_900, TODAY],
    ]);
    const later = (await publicCall(t.ctx, 'GET', `/payments/${studentUuid}/2026-04-05`)).json();
    expect(later.total).toBe(39_900);

    const chosen = [later.lines[0].key, later.lines[1].key];
    const checkout = await publicCall(t.ctx, 'POST', `/payments/${studentUuid}/2026-04-05/checkout`, { lines: chosen });
    expect(checkout.statusCode, checkout.body).toBe(200);
    await pressOnCheckout(t.ctx, checkout.json().checkoutUrl, 'success');
    await settled();
    const after = (await t.ctx.pro('GET', `/invoices/${invoice.id}`, t.manager)).json();
    expect(after.installments.map((i: { paidMinor: number }) => i.paidMinor)).toEqual([10_000, 20_000, 0]);
    expect(await onlinePaid(single!.id)).toEqual([]);
    expect((await publicCall(t.ctx, 'GET', `/payments/${studentUuid}/2026-04-05`)).json().total).toBe(9_900);

    const notOwed = await publicCall(t.ctx, 'POST', `/payments/${studentUuid}/${TODAY}/checkout`, {
      lines: [invoice.id],
    });
    expect(notOwed.statusCode).toBe(422);
    expect(notOwed.json().fields[0]).toMatchObject({ path: 'lines.0', code: 'line_not_owed' });
  });

  it('is renewed by staff: the old address stops working (audited)', async () => {
    const { member } = await owing();
    const first = (await t.ctx.pro('POST', `/students/${member.id}/payment-id`, t.desk)).json().studentUuid;
    const renewed = await t.ctx.pro('POST', `/students/${member.id}/payment-id/renew`, t.desk);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().studentUuid).not.toBe(first);
    expect((await publicCall(t.ctx, 'GET', `/payments/${first}/${TODAY}`)).statusCode).toBe(404);
    expect((await publicCall(t.ctx, 'GET', `/payments/${renewed.json().studentUuid}/${TODAY}`)).statusCode).toBe(200);
    const [audit] = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, member.id), eq(auditLog.action, 'member.payment_id_renewed')));
    expect(audit).toBeDefined();
  });
});

describe('one invoice’s payment page', () => {
  it('shows its open balance and pays it', async () => {
    const { invoice } = await owing(50_000);
    await t.ctx.pro('POST', `/invoices/${invoice.id}/payments`, t.desk, { method: 'cash', amountMinor: 5_000 });
    const { transactionUuid, url } = (await t.ctx.pro('POST', `/invoices/${invoice.id}/payment-page`, t.desk)).json();
    expect(transactionUuid).not.toBe(invoice.id);
    expect(url).toBe(`https://gym.example/transaction-payment/${transactionUuid}/`);
    const shown = (await publicCall(t.ctx, 'GET', `/transactions/${transactionUuid}`)).json();
    expect(shown).toMatchObject({
      invoiceNumber: invoice.number,
      total: 50_000,
      paid: 5_000,
      balance: 45_000,
      lines: [{ description: 'Towel', quantity: 1, total: 50_000 }],
    });
    const checkout = (await publicCall(t.ctx, 'POST', `/transactions/${transactionUuid}/checkout`)).json();
    await pressOnCheckout(t.ctx, checkout.checkoutUrl, 'success');
    await settled();
    expect((await publicCall(t.ctx, 'GET', `/transactions/${transactionUuid}`)).json().balance).toBe(0);
    const again = await publicCall(t.ctx, 'POST', `/transactions/${transactionUuid}/checkout`);
    expect(again.statusCode).toBe(422);
    expect(again.json().fields[0].code).toBe('invoice_settled');
  });
});

describe('the online payments list', () => {
  it('lists the orders with their state, provider reference and reconciliation, filtered', async () => {
    const { invoice, member } = await owing();
    const link = (await makeLink({ invoiceId: invoice.id })).json();
    const { orderId, checkoutUrl } = (await pay(link.token)).json();
    await pressOnCheckout(t.ctx, checkoutUrl, 'success');
    await settled();
    const res = await t.ctx.pro('GET', `/online-payments?memberId=${member.id}`, t.manager);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      total: 1,
      items: [
        {
          id: orderId,
          state: 'succeeded',
          amount: 50_000,
          currency: 'HKD',
          provider: 'simulated',
          providerReference: expect.stringMatching(/^pi_sim_/),
          reconciliation: 'recorded',
          reviewReason: null,
          member: { id: member.id, name: 'Tai Man Chan' },
          invoices: [{ id: invoice.id, number: invoice.number, amount: 50_000 }],
          payLinkId: link.id,
        },
      ],
    });
    expect((await t.ctx.pro('GET', `/online-payments?memberId=${member.id}&review=true`, t.manager)).json().total).toBe(
      0,
    );
    expect((await t.ctx.pro('GET', '/online-payments', await t.org.signIn('trainer'))).statusCode).toBe(403);
  });
});
