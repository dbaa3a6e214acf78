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
import { fixedRows } from '../../lib/long-read.ts';
import { exportRoutes, routeTable } from '../../lib/routes.ts';
import { readSystemConfig } from '../../lib/settings.ts';
import type { ExportColumn } from '../../lib/table-export.ts';
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
    const { get, post, patch } = routeTable(app, tags);
    const exported = exportRoutes(get, deps);
    const query = (req: { auth: AuthContext | null }) => queryContext(deps, req.auth!);
    const byId = { params: idParamsSchema };
    /** The invoice of the address as it is once `done` (a command on it) has run. */
    const invoiceOnce = async (req: { auth: AuthContext | null; params: { id: string } }, done: Promise<unknown>) => {
      await done;
      return getInvoice(query(req), { id: req.params.id });
    };

    post(
      '/students/:id/sales',
      can('create', 'Sale'),
      { params: memberIdParamsSchema, body: saleRequestSchema, reply: invoiceSchema, status: 201, idempotent: true },
      (req) => runCommand(deps, req.auth!, sell, { ...req.body, memberId: req.params.id }),
    );
    get(
      '/students/:id/account',
      can('read', 'Member'),
      { params: memberIdParamsSchema, reply: memberAccountSchema },
      (req) => memberAccount(query(req).db, req.params.id),
    );

    get('/invoices', can('read', 'Sale'), { query: invoiceListQuerySchema, reply: invoiceListResponseSchema }, (req) =>
      listInvoices(query(req).db, req.query),
    );
    exported('/invoices/export', can('read', 'Sale'), { query: invoiceExportQuerySchema }, async (req) => ({
      fileName: 'invoices',
      columns: INVOICE_COLUMNS,
      rows: await listInvoicesForExport(query(req).db, req.query),
    }));
    get('/invoices/:id', can('read', 'Sale'), { ...byId, reply: invoiceSchema }, (req) =>
      getInvoice(query(req), { id: req.params.id }),
    );
    get('/invoices/:id/pdf', can('read', 'Sale'), { ...byId, query: invoicePdfQuerySchema }, async (req, reply) => {
      const pdf = await invoicePdf(query(req), { ...req.query, id: req.params.id });
      return reply
        .type('application/pdf')
        .header('cache-control', 'no-store')
        .header('content-disposition', `inline; filename="${pdf.number}.pdf"`)
        .send(Buffer.from(pdf.bytes));
    });
    const changesInvoice = { ...byId, reply: invoiceSchema, idempotent: true };
    post(
      '/invoices/:id/payments',
      can('create', 'Payment'),
      { ...changesInvoice, body: paymentRequestSchema, status: 201 },
      (req) => invoiceOnce(req, runCommand(deps, req.auth!, recordPayment, { ...req.body, invoiceId: req.params.id })),
    );
    post(
      '/invoices/:id/refunds',
      can('create', 'Refund'),
      { ...changesInvoice, body: refundRequestSchema, status: 201 },
      (req) => invoiceOnce(req, runCommand(deps, req.auth!, refundInvoice, { ...req.body, invoiceId: req.params.id })),
    );
    post('/invoices/:id/void', can('delete', 'Sale'), { ...changesInvoice, body: voidRequestSchema }, (req) =>
      invoiceOnce(req, runCommand(deps, req.auth!, voidInvoice, { ...req.body, invoiceId: req.params.id })),
    );
    get(
      '/commission-rules',
      can('read', 'Commission'),
      { query: commissionRuleListQuerySchema, reply: commissionRuleListResponseSchema },
      async (req) => ({ items: await listCommissionRules(query(req).db, { staffId: req.query.staffId }) }),
    );
    post(
      '/commission-rules',
      can('create', 'Commission'),
      { body: createCommissionRuleRequestSchema, reply: commissionRuleSchema, status: 201 },
      (req) => runCommand(deps, req.auth!, createCommissionRule, req.body),
    );
    patch(
      '/commission-rules/:id',
      can('update', 'Commission'),
      { ...byId, body: updateCommissionRuleRequestSchema, reply: commissionRuleSchema },
      (req) => runCommand(deps, req.auth!, setCommissionRuleActive, { id: req.params.id, active: req.body.active }),
    );
    get(
      '/staff/:id/commission',
      can('read', 'Commission'),
      { ...byId, query: staffCommissionQuerySchema, reply: staffCommissionResponseSchema },
      (req) => staffCommission(query(req).db, { staffId: req.params.id, year: req.query.year }),
    );
    exported(
      '/staff/:id/commission/export',
      can('read', 'Commission'),
      { ...byId, query: staffCommissionExportQuerySchema },
      async (req) => {
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
        return { fileName: `commission-${report.year}`, columns, rows: fixedRows(report.months) };
      },
    );
    get(
      '/payments',
      can('read', 'Payment'),
      { query: paymentListQuerySchema, reply: paymentListResponseSchema },
      (req) => listPayments(query(req).db, req.query),
    );
  };
}
