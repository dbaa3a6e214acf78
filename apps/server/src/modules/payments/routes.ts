import { randomBytes } from 'node:crypto';
import { paymentSettingsRequestSchema, paymentSettingsSchema } from '@gym/contract/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, can } from '../../lib/access.ts';
import { routeTable } from '../../lib/routes.ts';
import { queryContext, runCommand } from '../../lib/use-case.ts';
import { sweepOrders } from './janitor.ts';
import { paymentsOf } from './runtime.ts';
import { paymentSettingsView } from './settings-view.ts';
import { updatePaymentSettings } from './update-payment-settings.ts';
import { hintOf } from './vault.ts';

const tags = ['payments'];

/** `/pro/…` of online payments: the provider's settings. */
export function paymentRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const payments = paymentsOf(deps);
    // The janitor asks about orders the provider left without a word (at start-up, then every minute).
    let janitor: NodeJS.Timeout | undefined;
    const sweep = () =>
      sweepOrders(deps, payments).catch((err: unknown) => app.log.error({ err }, 'order janitor failed'));
    app.addHook('onReady', async () => {
      payments.start();
      void sweep();
      janitor = setInterval(() => void sweep(), 60_000);
      janitor.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(janitor);
      payments.close();
    });
    const { get, put } = routeTable(app, tags);
    const query = (req: { auth: AuthContext | null }) => queryContext(deps, req.auth!);
    const { publicUrl } = deps.config;

    get('/payment-settings', can('read', 'Setting'), { reply: paymentSettingsSchema }, async (req) => {
      await payments.settingsOf(req.auth!.organisationId);
      return paymentSettingsView(query(req).db, publicUrl);
    });
    put(
      '/payment-settings',
      can('update', 'Setting'),
      { body: paymentSettingsRequestSchema, reply: paymentSettingsSchema },
      async (req) => {
        const organisationId = req.auth!.organisationId;
        const seal = async (plain: string) => ({
          sealed: await payments.vault.seal(plain, organisationId),
          hint: hintOf(plain),
        });
        const made = `whsec_sim_${randomBytes(24).toString('base64url')}`;
        await runCommand(deps, req.auth!, updatePaymentSettings, {
          provider: req.body.provider,
          ...(req.body.secretKey ? { secretKey: await seal(req.body.secretKey) } : {}),
          ...(req.body.webhookSecret ? { webhookSecret: await seal(req.body.webhookSecret) } : {}),
          ...(req.body.retireOldWebhookSecrets ? { retireOldWebhookSecrets: true } : {}),
          madeWebhookSecret: await seal(made),
        });
        return paymentSettingsView(query(req).db, publicUrl);
      },
    );
  };
}
