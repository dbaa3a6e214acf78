import { join } from 'node:path';
import {
  createExpenditureCategorySchema,
  createExpenditureSchema,
  deleteExpenditureSchema,
  type Expenditure,
  expenditureCategoryListQuerySchema,
  expenditureCategoryListSchema,
  expenditureCategorySchema,
  expenditureExportQuerySchema,
  expenditureIdParamsSchema,
  expenditureListQuerySchema,
  expenditureListResponseSchema,
  expenditureSchema,
  RECEIPT_MAX_BYTES,
  updateExpenditureCategorySchema,
  updateExpenditureSchema,
} from '@gym/contract/expenditures';
import { formatMoney } from '@gym/contract/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, can } from '../../lib/access.ts';
import { notFound } from '../../lib/errors.ts';
import { exportRoutes, routeTable } from '../../lib/routes.ts';
import { readSystemConfig } from '../../lib/settings.ts';
import type { ExportColumn } from '../../lib/table-export.ts';
import { queryContext, runCommand } from '../../lib/use-case.ts';
import { createCategory } from './create-category.ts';
import { createExpenditure } from './create-expenditure.ts';
import { deleteExpenditure } from './delete-expenditure.ts';
import { expendituresForExport, getExpenditure, listCategories, listExpenditures, receiptOf } from './queries.ts';
import { ReceiptStore, withReceiptFiles } from './receipts.ts';
import { updateCategory } from './update-category.ts';
import { updateExpenditure } from './update-expenditure.ts';

const tags = ['expenditures'];
/**
 * The receipt travels base64 inside JSON (4/3 of the file). The limit leaves a margin over the
 * largest receipt so that a file a little too large is refused naming the field, not as a bare 413.
 */
const RECEIPT_BODY_LIMIT = Math.ceil(RECEIPT_MAX_BYTES / 3) * 4 + 1024 * 1024;

function exportColumns(exponent: 0 | 2 | 3): ExportColumn<Expenditure>[] {
  // Amounts as decimals in the currency's minor unit, written from the integers (no float on the way).
  const decimal = (n: number) => formatMoney(n, { symbol: '', exponent, decimal: '.', thousands: '' });
  return [
    { header: 'Date', value: (e) => e.date, width: 12 },
    { header: 'Centre code', value: (e) => e.center.code, width: 10 },
    { header: 'Category', value: (e) => e.category.name, width: 20 },
    { header: 'Amount', value: (e) => decimal(e.amount), width: 14 },
    { header: 'Tax', value: (e) => decimal(e.taxAmount), width: 12 },
    { header: 'Amount (minor units)', value: (e) => e.amount, width: 14 },
    { header: 'Tax (minor units)', value: (e) => e.taxAmount, width: 14 },
    { header: 'Supplier', value: (e) => e.supplier, width: 24 },
    { header: 'Method', value: (e) => e.method, width: 14 },
    { header: 'Note', value: (e) => e.note, width: 40 },
    { header: 'Receipt', value: (e) => e.receipt?.fileName ?? null, width: 24 },
    { header: 'Recorded by', value: (e) => e.recordedBy.name, width: 20 },
    { header: 'Recorded', value: (e) => new Date(e.createdAt) },
  ];
}

/** `filename*` for any name (RFC 5987), and an ASCII `filename` beside it. */
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** `/pro/expenditures` (`/expenditure`): money paid out per centre, its categories and receipts. */
export function expenditureRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = deps.database;
    const { get, post, patch, delete: del } = routeTable(app, tags);
    const exported = exportRoutes(get, deps);
    const scoped = (req: { auth: AuthContext | null }) => queryContext(deps, req.auth!).db;
    const store = new ReceiptStore(join(deps.config.dataDir, 'receipts'));
    const read = can('read', 'Expenditure');
    const byId = { params: expenditureIdParamsSchema };

    get('/expenditures', read, { query: expenditureListQuerySchema, reply: expenditureListResponseSchema }, (req) =>
      listExpenditures(scoped(req), req.query),
    );
    exported('/expenditures/export', read, { query: expenditureExportQuerySchema }, async (req) => {
      const config = await readSystemConfig(db, req.auth!.organisationId);
      return {
        fileName: 'expenditures',
        columns: exportColumns(config.currencyExponent as 0 | 2 | 3),
        rows: await expendituresForExport(scoped(req), req.query),
      };
    });
    get('/expenditures/:id', read, { ...byId, reply: expenditureSchema }, (req) =>
      getExpenditure(scoped(req), req.params.id),
    );
    get(
      '/expenditures/:id/receipt',
      read,
      { ...byId, description: 'The receipt file, to callers who may read the expenditure (404 otherwise).' },
      async (req, reply) => {
        const receipt = await receiptOf(scoped(req), req.params.id);
        const file = await store.open(req.auth!.organisationId, receipt.key);
        if (!file) throw notFound('receipt');
        return reply
          .header('content-type', receipt.contentType)
          .header('content-length', file.size)
          .header('content-disposition', contentDisposition(receipt.fileName))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(file.stream);
      },
    );
    post(
      '/expenditures',
      can('create', 'Expenditure'),
      {
        body: createExpenditureSchema,
        reply: expenditureSchema,
        status: 201,
        idempotent: true,
        bodyLimit: RECEIPT_BODY_LIMIT,
      },
      (req) =>
        withReceiptFiles(store, req.auth!.organisationId, (files) =>
          runCommand(deps, req.auth!, createExpenditure, { ...req.body, files }),
        ),
    );
    patch(
      '/expenditures/:id',
      can('update', 'Expenditure'),
      { ...byId, body: updateExpenditureSchema, reply: expenditureSchema, bodyLimit: RECEIPT_BODY_LIMIT },
      (req) =>
        withReceiptFiles(store, req.auth!.organisationId, (files) =>
          runCommand(deps, req.auth!, updateExpenditure, { ...req.body, id: req.params.id, files }),
        ),
    );
    del(
      '/expenditures/:id',
      can('delete', 'Expenditure'),
      { ...byId, body: deleteExpenditureSchema, status: 204 },
      (req) => runCommand(deps, req.auth!, deleteExpenditure, { ...req.body, id: req.params.id }),
    );

    get(
      '/expenditure-categories',
      read,
      { query: expenditureCategoryListQuerySchema, reply: expenditureCategoryListSchema },
      (req) => listCategories(scoped(req), req.query),
    );
    // Categories are kept by those who record expenditures: `update Expenditure` (decision 151).
    post(
      '/expenditure-categories',
      can('update', 'Expenditure'),
      { body: createExpenditureCategorySchema, reply: expenditureCategorySchema, status: 201 },
      (req) => runCommand(deps, req.auth!, createCategory, req.body),
    );
    patch(
      '/expenditure-categories/:id',
      can('update', 'Expenditure'),
      { ...byId, body: updateExpenditureCategorySchema, reply: expenditureCategorySchema },
      (req) => runCommand(deps, req.auth!, updateCategory, { ...req.body, id: req.params.id }),
    );
  };
}
