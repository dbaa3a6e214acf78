import { type CurrencyCode, minorUnitExponent } from '@gym/contract/currency';
import { formatMoney } from '@gym/contract/money';
import {
  commissionRuleListQuerySchema,
  commissionRuleListResponseSchema,
  commissionRuleSchema,
  createCommissionRuleRequestSchema,
  type InvoiceSummary,
  idParamsSchema,
  invoiceExportQuerySchema,
  invoiceListQuerySchema,
  invoiceListResponseSchema,
  invoicePdfQuerySchema,
  invoiceSchema,
  memberAccountSchema,
  memberIdParamsSchema,
  paymentListQuerySchema,
  paymentListResponseSchema,
  paymentRequestSchema,
  refundRequestSchema,
  type StaffCommission,
  saleRequestSchema,
  staffCommissionExportQuerySchema,
  staffCommissionQuerySchema,
  staffCommissionResponseSchema,
  updateCommissionRuleRequestSchema,
  voidRequestSchema,
} from '@gym/contract/sales';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, can } from '../../lib/access.ts';
import { callerTimeZone } from '../../lib/business-date.ts';
import { fixedRows } from '../../lib/long-read.ts';
import { readSystemConfig } from '../../lib/settings.ts';
import { type ExportColumn, sendExport } from '../../lib/table-export.ts';
import { queryContext, runCommand } from '../../lib/use-case.ts';
import { listCommissionRules, staffCommission } from './commission-admin.ts';
import { createCommissionRule } from './create-commission-rule.ts';
import { getInvoice, listInvoices, listInvoicesForExport, listPayments, memberAccount } from './queries.ts';
import { invoicePdf } from './receipt.ts';
import { recordPayment } from './record-payment.ts';
import { refundInvoice } from './refund-invoice.ts';
import { sell } from './sell.ts';
import { setCommissionRuleActive } from './set-commission-rule-active.ts';
import { voidInvoice } from './void-invoice.ts';

const tags = ['sales'];

/** An amount as a plain decimal (`1234.50`) in the invoice's currency: what a spreadsheet reads. */
const decimal = (amount: number, currency: string) =>
  formatMoney(amount, {
    symbol: '',
    exponent: minorUnitExponent(currency as CurrencyCode),
    decimal: '.',
    thousands: '',
  });

const INVOICE_COLUMNS: ExportColumn<InvoiceSummary>[] = [
  { header: 'Number', value: (r) => r.number, width: 14 },
  { header: 'Date', value: (r) => r.issuedOn, width: 12 },
  { header: 'Member code', value: (r) => r.member.code, width: 14 },
  { header: 'Member', value: (r) => r.member.name, width: 24 },
  { header: 'Centre', value: (r) => r.center.code, width: 8 },
  { header: 'Currency', value: (r) => r.currencyCode, width: 8 },
  { header: 'Total', value: (r) => decimal(r.totalMinor, r.currencyCode), width: 12 },
  { header: 'Paid', value: (r) => decimal(r.paidMinor, r.currencyCode), width: 12 },
  { header: 'Refunded', value: (r) => decimal(r.refundedMinor, r.currencyCode), width: 12 },
  { header: 'Balance', value: (r) => decimal(r.balanceMinor, r.currencyCode), width: 12 },
  { header: 'Overdue', value: (r) => decimal(r.overdueMinor, r.currencyCode), width: 12 },
  { header: 'State', value: (r) => r.state, width: 14 },
  { header: 'Staff', value: (r) => r.staff?.name ?? '', width: 20 },
];

/** Selling to a member, invoices, payments, refunds, and a member's entitlements. */
export function salesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = deps.database;
    const query = (req: { auth?: AuthContext | null }) => queryContext(deps, req.auth!);

    app.post(
      '/students/:id/sales',
      {
        config: { access: can('create', 'Sale'), idempotent: true },
        schema: { tags, params: memberIdParamsSchema, body: saleRequestSchema, response: { 201: invoiceSchema } },
      },
      async (req, reply) =>
        reply.code(201).send(await runCommand(deps, req.auth!, sell, { ...req.body, memberId: req.params.id })),
    );
    app.get(
      '/students/:id/account',
      {
        config: { access: can('read', 'Member') },
        schema: { tags, params: memberIdParamsSchema, response: { 200: memberAccountSchema } },
      },
      (req) => memberAccount(query(req).db, req.params.id),
    );

    app.get(
      '/invoices',
      {
        config: { access: can('read', 'Sale') },
        schema: { tags, querystring: invoiceListQuerySchema, response: { 200: invoiceListResponseSchema } },
      },
      (req) => listInvoices(query(req).db, req.query),
    );
    app.get(
      '/invoices/export',
      { config: { access: can('read', 'Sale') }, schema: { tags, querystring: invoiceExportQuerySchema } },
      async (req, reply) =>
        sendExport(reply, deps.longReads, req.auth!, {
          fileName: 'invoices',
          timeZone: await callerTimeZone(db, req.auth!, req.query.centerId),
          format: req.query.format,
          columns: INVOICE_COLUMNS,
          rows: await listInvoicesForExport(query(req).db, req.query),
        }),
    );
    app.get(
      '/invoices/:id',
      {
        config: { access: can('read', 'Sale') },
        schema: { tags, params: idParamsSchema, response: { 200: invoiceSchema } },
      },
      (req) => getInvoice(query(req), { id: req.params.id }),
    );
    app.get(
      '/invoices/:id/pdf',
      {
        config: { access: can('read', 'Sale') },
        schema: { tags, params: idParamsSchema, querystring: invoicePdfQuerySchema },
      },
      async (req, reply) => {
        const pdf = await invoicePdf(query(req), { ...req.query, id: req.params.id });
        return reply
          .type('application/pdf')
          .header('cache-control', 'no-store')
          .header('content-disposition', `inline; filename="${pdf.number}.pdf"`)
          .send(Buffer.from(pdf.bytes));
      },
    );
    app.post(
      '/invoices/:id/payments',
      {
        config: { access: can('create', 'Payment'), idempotent: true },
        schema: { tags, params: idParamsSchema, body: paymentRequestSchema, response: { 201: invoiceSchema } },
      },
      async (req, reply) => {
        await runCommand(deps, req.auth!, recordPayment, { ...req.body, invoiceId: req.params.id });
        return reply.code(201).send(await getInvoice(query(req), { id: req.params.id }));
      },
    );
    app.post(
      '/invoices/:id/refunds',
      {
        config: { access: can('create', 'Refund'), idempotent: true },
        schema: { tags, params: idParamsSchema, body: refundRequestSchema, response: { 201: invoiceSchema } },
      },
      async (req, reply) => {
        await runCommand(deps, req.auth!, refundInvoice, { ...req.body, invoiceId: req.params.id });
        return reply.code(201).send(await getInvoice(query(req), { id: req.params.id }));
      },
    );
    app.post(
      '/invoices/:id/void',
      {
        config: { access: can('delete', 'Sale'), idempotent: true },
        schema: { tags, params: idParamsSchema, body: voidRequestSchema, response: { 200: invoiceSchema } },
      },
      async (req) => {
        await runCommand(deps, req.auth!, voidInvoice, { ...req.body, invoiceId: req.params.id });
        return getInvoice(query(req), { id: req.params.id });
      },
    );
    app.get(
      '/commission-rules',
      {
        config: { access: can('read', 'Commission') },
        schema: {
          tags,
          querystring: commissionRuleListQuerySchema,
          response: { 200: commissionRuleListResponseSchema },
        },
      },
      async (req) => ({ items: await listCommissionRules(query(req).db, { staffId: req.query.staffId }) }),
    );
    app.post(
      '/commission-rules',
      {
        config: { access: can('create', 'Commission') },
        schema: { tags, body: createCommissionRuleRequestSchema, response: { 201: commissionRuleSchema } },
      },
      async (req, reply) => reply.code(201).send(await runCommand(deps, req.auth!, createCommissionRule, req.body)),
    );
    app.patch(
      '/commission-rules/:id',
      {
        config: { access: can('update', 'Commission') },
        schema: {
          tags,
          params: idParamsSchema,
          body: updateCommissionRuleRequestSchema,
          response: { 200: commissionRuleSchema },
        },
      },
      (req) => runCommand(deps, req.auth!, setCommissionRuleActive, { id: req.params.id, active: req.body.active }),
    );
    app.get(
      '/staff/:id/commission',
      {
        config: { access: can('read', 'Commission') },
        schema: {
          tags,
          params: idParamsSchema,
          querystring: staffCommissionQuerySchema,
          response: { 200: staffCommissionResponseSchema },
        },
      },
      (req) => staffCommission(query(req).db, { staffId: req.params.id, year: req.query.year }),
    );
    app.get(
      '/staff/:id/commission/export',
      {
        config: { access: can('read', 'Commission') },
        schema: { tags, params: idParamsSchema, querystring: staffCommissionExportQuerySchema },
      },
      async (req, reply) => {
        const report = await staffCommission(query(req).db, { staffId: req.params.id, year: req.query.year });
        const { currencyCode } = await readSystemConfig(db, req.auth!.organisationId);
        const columns: ExportColumn<StaffCommission['months'][number]>[] = [
          { header: 'Month', value: (m) => m.month, width: 10 },
          { header: 'Staff', value: () => report.staff.name, width: 24 },
          { header: 'Lines sold', value: (m) => m.lines, width: 10 },
          { header: 'Currency', value: () => currencyCode, width: 8 },
          { header: 'Sales', value: (m) => decimal(m.salesMinor, currencyCode), width: 12 },
          { header: 'Commission', value: (m) => decimal(m.commissionMinor, currencyCode), width: 12 },
        ];
        return sendExport(reply, deps.longReads, req.auth!, {
          fileName: `commission-${report.year}`,
          timeZone: await callerTimeZone(db, req.auth!),
          format: req.query.format,
          columns,
          rows: fixedRows(report.months),
        });
      },
    );
    app.get(
      '/payments',
      {
        config: { access: can('read', 'Payment') },
        schema: { tags, querystring: paymentListQuerySchema, response: { 200: paymentListResponseSchema } },
      },
      (req) => listPayments(query(req).db, req.query),
    );
  };
}
