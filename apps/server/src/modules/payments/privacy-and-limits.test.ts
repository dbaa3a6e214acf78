/**
 * Around the public payment pages: the checkouts are limited per address (a flood from one address
 * is refused, 429 with the wait, before an order is written or the provider asked; another address is
 * not held back), and a member's privacy export lists their online payment attempts.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertInvoices, type PaymentsTest, pressOnCheckout, startPayments } from '../../test/payments.ts';
import { startCheckout } from './index.ts';

let t: PaymentsTest;
beforeAll(async () => {
  t = await startPayments({ PUBLIC_CHECKOUTS_PER_ADDRESS_PER_MINUTE: '3' });
});
afterAll(() => t?.ctx.close());

const checkout = (token: string, remoteAddress: string) =>
  t.ctx.app.inject({ method: 'POST', url: `/api/v1/public/pay-links/${token}/checkout`, remoteAddress });

it('refuses a fourth checkout within the minute from one address (429 with the wait), not from another', async () => {
  const member = await t.org.newMember();
  const [invoice] = await insertInvoices(t.ctx, t.org, [{ memberId: member.id, totalMinor: 50_000 }]);
  const link = await t.ctx.pro('POST', '/pay-links', t.manager, { invoiceId: invoice!.id });
  expect(link.statusCode, link.body).toBe(201);
  const { token } = link.json();
  for (let i = 0; i < 3; i += 1) expect((await checkout(token, '203.0.113.7')).statusCode).toBe(200);
  const refused = await checkout(token, '203.0.113.7');
  expect(refused.statusCode).toBe(429);
  expect(refused.json()).toMatchObject({ error: 'rate_limited', retryAfterSeconds: expect.any(Number) });
  expect((await checkout(token, '203.0.113.8')).statusCode).toBe(200);
});

it('the member’s privacy export lists their online payment attempts with the provider’s reference', async () => {
  const member = await t.org.newMember();
  const [invoice] = await insertInvoices(t.ctx, t.org, [{ memberId: member.id, totalMinor: 50_000 }]);
  const { orderId, checkoutUrl } = await startCheckout(t.ctx.deps, t.payments, t.org.id, {
    kind: 'invoice',
    invoiceId: invoice!.id,
  });
  await pressOnCheckout(t.ctx, checkoutUrl, 'success');
  await t.payments.simulated.webhooks.idle();
  await t.ctx.deps.outbox.drain();
  const res = await t.ctx.pro('GET', `/students/${member.id}/privacy-export`, t.desk);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().onlineOrders).toEqual([
    expect.objectContaining({
      id: orderId,
      state: 'succeeded',
      amount: 50_000,
      currency: 'HKD',
      provider: 'simulated',
      providerReference: expect.stringMatching(/^pi_sim_/),
    }),
  ]);
});
