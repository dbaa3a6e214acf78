import { randomBytes } from 'node:crypto';
import {
  invoicePaymentIdSchema,
  memberPaymentIdSchema,
  type OnlinePayment,
  onlinePaymentExportQuerySchema,
  onlinePaymentListQuerySchema,
  onlinePaymentListResponseSchema,
  onlineRefundRequestSchema,
  onlineRefundSchema,
  orderIdParamsSchema,
  type PayLink,
  payLinkCreateSchema,
  payLinkEmailResponseSchema,
  payLinkExportQuerySchema,
  payLinkListQuerySchema,
  payLinkListResponseSchema,
  payLinkSchema,
  paymentReminderListSchema,
  paymentSettingsRequestSchema,
  paymentSettingsSchema,
  reminderSettingsSchema,
} from '@gym/contract/payments';
import { idParamsSchema, overdueFlagSchema } from '@gym/contract/sales';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { members } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, can } from '../../lib/access.ts';
import { callerTimeZone } from '../../lib/business-date.ts';
import { notFound } from '../../lib/errors.ts';
import { moneyText } from '../../lib/money-text.ts';
import { exportRoutes, routeTable } from '../../lib/routes.ts';
import type { ExportColumn } from '../../lib/table-export.ts';
import { queryContext, runCommand } from '../../lib/use-case.ts';
import { hintOf } from '../../lib/vault.ts';
import { createPayLink } from './create-pay-link.ts';
import { emailPayLink } from './email-pay-link.ts';
import { issueInvoicePaymentId } from './issue-invoice-payment-id.ts';
import { issueMemberPaymentId } from './issue-member-payment-id.ts';
import { overdueFlag } from './overdue-flag.ts';
import {
  getPayLink,
  listOnlinePayments,
  listPayLinks,
  memberReminders,
  onlinePaymentsForExport,
  payLinksForExport,
} from './queries.ts';

import { refundOnline } from './refunds.ts';
import { renewMemberPaymentId } from './renew-member-payment-id.ts';
import { revokePayLink } from './revoke-pay-link.ts';
import { paymentsOf } from './runtime.ts';
import { paymentSettingsView } from './settings-view.ts';
import { updatePaymentSettings } from './update-payment-settings.ts';
import { updateReminderSettings } from './update-reminder-settings.ts';

const tags = ['payments'];

/** Amounts as decimals of their own currency (no float on the way), beside the minor units. */
const decimal = (amount: number, currency: string) => moneyText(amount, currency).replace(/^\S+ /, '');

const PAY_LINK_COLUMNS: ExportColumn<PayLink>[] = [
  { header: 'Created', value: (l) => new Date(l.createdAt) },
  { header: 'Member', value: (l) => l.member.name, width: 24 },
  { header: 'Invoice', value: (l) => l.invoiceNumber, width: 16 },
  { header: 'Kind', value: (l) => l.kind, width: 12 },
  { header: 'Description', value: (l) => l.description, width: 30 },
  { header: 'Currency', value: (l) => l.currency, width: 8 },
  { header: 'Amount', value: (l) => decimal(l.amount, l.currency), width: 14 },
  { header: 'Amount (minor units)', value: (l) => l.amount, width: 14 },
  { header: 'State', value: (l) => l.state, width: 10 },
  { header: 'Expires', value: (l) => new Date(l.expiresAt) },
  { header: 'Paid', value: (l) => (l.paidAt ? new Date(l.paidAt) : null) },
  { header: 'Revoked', value: (l) => (l.revokedAt ? new Date(l.revokedAt) : null) },
  { header: 'Link', value: (l) => l.url, width: 50 },
];

const ONLINE_PAYMENT_COLUMNS: ExportColumn<OnlinePayment>[] = [
  { header: 'Created', value: (o) => new Date(o.createdAt) },
  { header: 'Order', value: (o) => o.id, width: 38 },
  { header: 'Member', value: (o) => o.member.name, width: 24 },
  { header: 'Centre', value: (o) => o.center.name, width: 16 },
  { header: 'Invoices', value: (o) => o.invoices.map((i) => i.number).join(', '), width: 20 },
  { header: 'Currency', value: (o) => o.currency, width: 8 },
  { header: 'Amount', value: (o) => decimal(o.amount, o.currency), width: 14 },
  { header: 'Amount (minor units)', value: (o) => o.amount, width: 14 },
  { header: 'State', value: (o) => o.state, width: 10 },
  { header: 'Provider', value: (o) => o.provider, width: 10 },
  { header: 'Provider reference', value: (o) => o.providerReference, width: 30 },
  { header: 'Reconciliation', value: (o) => o.reconciliation, width: 12 },
  { header: 'Review reason', value: (o) => o.reviewReason, width: 18 },
  { header: 'Updated', value: (o) => new Date(o.updatedAt) },
];

/** `/pro/…` of online payments: pay links, the online payments (orders), the public payment pages' ids, the provider's settings. */
export function paymentRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const payments = paymentsOf(deps);
    // The simulated provider's clock, and the janitor asking about orders left without a word (every minute).
    app.addHook('onReady', async () =>
      payments.start((err) => app.log.error({ err }, 'payments background work failed')),
    );
    app.addHook('onClose', async () => payments.close());
    const { get, post, put } = routeTable(app, tags);
    const exported = exportRoutes(get, deps);
    const query = (req: { auth: AuthContext | null }) => queryContext(deps, req.auth!);
    const { publicUrl } = deps.config;
    /** A member the caller may see (404 otherwise). */
    const memberOf = async (req: { auth: AuthContext | null }, id: string) => {
      const member = await query(req).db.first(members, eq(members.id, id));
      if (!member) throw notFound('member');
      return member;
    };

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
    exported('/pay-links/export', can('read', 'Payment'), { query: payLinkExportQuerySchema }, async (req) => ({
      fileName: 'pay-links',
      columns: PAY_LINK_COLUMNS,
      rows: payLinksForExport(query(req), { query: req.query, publicUrl }),
    }));
    post(
      '/pay-links/:id/email',
      can('create', 'Payment'),
      { params: idParamsSchema, reply: payLinkEmailResponseSchema, idempotent: true },
      async (req) => {
        const sent = await runCommand(deps, req.auth!, emailPayLink, { id: req.params.id, publicUrl });
        return { to: sent.to };
      },
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
    exported(
      '/online-payments/export',
      can('read', 'Payment'),
      { query: onlinePaymentExportQuerySchema },
      async (req) => ({
        fileName: 'online-payments',
        columns: ONLINE_PAYMENT_COLUMNS,
        rows: await onlinePaymentsForExport(query(req), req.query),
      }),
    );
    post(
      '/online-payments/:orderId/refunds',
      can('create', 'Refund'),
      {
        params: orderIdParamsSchema,
        body: onlineRefundRequestSchema,
        reply: onlineRefundSchema,
        status: 201,
        idempotent: true,
      },
      (req) => refundOnline(deps, payments, req.auth!, { ...req.body, orderId: req.params.orderId }),
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
    get(
      '/students/:id/payment-reminders',
      can('read', 'Payment'),
      { params: idParamsSchema, reply: paymentReminderListSchema },
      async (req) => {
        await memberOf(req, req.params.id);
        return { items: await memberReminders(query(req), { memberId: req.params.id, publicUrl }) };
      },
    );
    /** The desk's flag: overdue N days and how much, on the caller's business date. */
    get(
      '/students/:id/overdue',
      can('read', 'Member'),
      { params: idParamsSchema, reply: z.object({ overdue: overdueFlagSchema.nullable() }) },
      async (req) => {
        const member = await memberOf(req, req.params.id);
        const day = deps.clock.today(await callerTimeZone(deps.database.db, req.auth!, member.homeCenterId));
        return { overdue: await overdueFlag(query(req).db, { memberId: req.params.id, day }) };
      },
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
    put(
      '/payment-settings/reminders',
      can('update', 'Setting'),
      { body: reminderSettingsSchema, reply: paymentSettingsSchema },
      async (req) => {
        await payments.settingsOf(req.auth!.organisationId);
        await runCommand(deps, req.auth!, updateReminderSettings, req.body);
        return paymentSettingsView(query(req).db, publicUrl);
      },
    );
  };
}
