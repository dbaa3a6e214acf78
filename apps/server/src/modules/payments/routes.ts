import { randomBytes } from 'node:crypto';
import {
  invoicePaymentIdSchema,
  memberPaymentIdSchema,
  onlinePaymentListQuerySchema,
  onlinePaymentListResponseSchema,
  payLinkCreateSchema,
  payLinkListQuerySchema,
  payLinkListResponseSchema,
  payLinkSchema,
  paymentSettingsRequestSchema,
  paymentSettingsSchema,
} from '@gym/contract/payments';
import { idParamsSchema } from '@gym/contract/sales';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, can } from '../../lib/access.ts';
import { callerTimeZone } from '../../lib/business-date.ts';
import { routeTable } from '../../lib/routes.ts';
import { queryContext, runCommand } from '../../lib/use-case.ts';
import { hintOf } from '../../lib/vault.ts';
import { createPayLink } from './create-pay-link.ts';
import { issueInvoicePaymentId } from './issue-invoice-payment-id.ts';
import { issueMemberPaymentId } from './issue-member-payment-id.ts';
import { getPayLink, listOnlinePayments, listPayLinks } from './queries.ts';
import { renewMemberPaymentId } from './renew-member-payment-id.ts';
import { revokePayLink } from './revoke-pay-link.ts';
import { paymentsOf } from './runtime.ts';
import { paymentSettingsView } from './settings-view.ts';
import { updatePaymentSettings } from './update-payment-settings.ts';

const tags = ['payments'];

/** `/pro/…` of online payments: pay links, the online payments (orders), the public payment pages' ids, the provider's settings. */
export function paymentRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const payments = paymentsOf(deps);
    // The simulated provider's clock, and the janitor asking about orders left without a word (every minute).
    app.addHook('onReady', async () => payments.start((err) => app.log.error({ err }, 'order janitor failed')));
    app.addHook('onClose', async () => payments.close());
    const { get, post, put } = routeTable(app, tags);
    const query = (req: { auth: AuthContext | null }) => queryContext(deps, req.auth!);
    const { publicUrl } = deps.config;

    post(
      '/pay-links',
      can('create', 'Payment'),
      { body: payLinkCreateSchema, reply: payLinkSchema, status: 201, idempotent: true },
      async (req) => {
        const link = await runCommand(deps, req.auth!, createPayLink, req.body);
        return getPayLink(query(req), { id: link.id, publicUrl });
      },
    );
    get(
      '/pay-links',
      can('read', 'Payment'),
      { query: payLinkListQuerySchema, reply: payLinkListResponseSchema },
      (req) => listPayLinks(query(req), { query: req.query, publicUrl }),
    );
    post(
      '/pay-links/:id/revoke',
      can('create', 'Payment'),
      { params: idParamsSchema, reply: payLinkSchema, idempotent: true },
      async (req) => {
        await runCommand(deps, req.auth!, revokePayLink, { id: req.params.id });
        return getPayLink(query(req), { id: req.params.id, publicUrl });
      },
    );
    get(
      '/online-payments',
      can('read', 'Payment'),
      { query: onlinePaymentListQuerySchema, reply: onlinePaymentListResponseSchema },
      (req) => listOnlinePayments(query(req), req.query),
    );
    /** The member's payment page lists what is owed up to a day: the link names the caller's today. */
    const memberPage = async (req: { auth: AuthContext | null }, studentUuid: string) => {
      const day = deps.clock.today(await callerTimeZone(deps.database.db, req.auth!));
      return { studentUuid, url: `${publicUrl}/payment/${studentUuid}/${day}/` };
    };
    post(
      '/students/:id/payment-id',
      can('create', 'Payment'),
      { params: idParamsSchema, reply: memberPaymentIdSchema },
      async (req) =>
        memberPage(req, await runCommand(deps, req.auth!, issueMemberPaymentId, { memberId: req.params.id })),
    );
    post(
      '/students/:id/payment-id/renew',
      can('create', 'Payment'),
      { params: idParamsSchema, reply: memberPaymentIdSchema },
      async (req) =>
        memberPage(req, await runCommand(deps, req.auth!, renewMemberPaymentId, { memberId: req.params.id })),
    );
    post(
      '/invoices/:id/payment-page',
      can('create', 'Payment'),
      { params: idParamsSchema, reply: invoicePaymentIdSchema },
      async (req) => {
        const transactionUuid = await runCommand(deps, req.auth!, issueInvoicePaymentId, { invoiceId: req.params.id });
        return { transactionUuid, url: `${publicUrl}/transaction-payment/${transactionUuid}/` };
      },
    );

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
