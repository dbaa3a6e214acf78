/**
 * The provider test suite, run for each adapter: the simulated provider, and Stripe through the
 * official package against the local Stripe-speaking server (never the internet).
 */
import { describe, expect, it } from 'vitest';
import { startPayments } from '../../test/payments.ts';
import { providerSuite, simulatedDriver, stripeDriver } from '../../test/provider-suite.ts';

providerSuite('simulated', simulatedDriver);
providerSuite('stripe', stripeDriver);

describe('choosing Stripe', () => {
  it('needs the account’s secret key (refused naming the field), then takes Stripe’s webhooks at its address', async () => {
    const t = await startPayments();
    try {
      const admin = await t.org.signIn('admin');
      const refused = await t.ctx.pro('PUT', '/payment-settings', admin, { provider: 'stripe' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields).toEqual([expect.objectContaining({ path: 'secretKey', code: 'required' })]);
      const res = await t.ctx.pro('PUT', '/payment-settings', admin, {
        provider: 'stripe',
        secretKey: 'sk_test_private_4242',
        webhookSecret: 'whsec_test_private_9999',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        provider: 'stripe',
        secretKey: { masked: '••••4242' },
        webhookUrl: 'https://gym.example/api/v1/webhooks/payments/stripe',
      });
      expect(res.body).not.toContain('sk_test_private_4242');
    } finally {
      await t.ctx.close();
    }
  });
});
