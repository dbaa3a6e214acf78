import type {
  createExpenditureSchema,
  deleteExpenditureSchema,
  Expenditure,
  updateExpenditureSchema,
} from '@gym/contract/expenditures';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { expenditureCategories, expenditures } from '../../db/schema/index.ts';
import { audit } from '../../lib/audit.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { getExpenditure } from './queries.ts';
import { checkReceipt, type ReceiptFiles } from './receipts.ts';

const fieldError = (status: number, path: string, code: string, message: string) =>
  new AppError(status, status === 404 ? 'not_found' : 'business_rule', message, [{ path, code, message }]);

/** A category of the caller's organisation that is in use (a retired one takes no new expenditure). */
async function usableCategory(ctx: UseCaseContext, categoryId: string) {
  const category = await ctx.db.first(expenditureCategories, eq(expenditureCategories.id, categoryId));
  if (!category) throw fieldError(404, 'categoryId', 'not_found', 'Category not found');
  if (!category.active) throw fieldError(422, 'categoryId', 'category_inactive', 'This category is no longer used');
  return category;
}

const taxTooHigh = () => fieldError(422, 'taxAmount', 'tax_exceeds_amount', 'The tax is more than the amount');

/** The fields the audit log compares on a change. */
const AUDITED = ['centerId', 'date', 'categoryId', 'amount', 'taxAmount', 'supplier', 'method', 'note', 'receipt'];
const audited = (row: typeof expenditures.$inferSelect) => ({ ...row, receipt: row.receiptName });

/**
 * Records money paid out by a centre. The date is the centre's business date unless given; the
 * receipt (checked by its content) is written before the row and removed if the command fails.
 */
export async function createExpenditure(
  ctx: UseCaseContext,
  files: ReceiptFiles,
  input: z.infer<typeof createExpenditureSchema>,
): Promise<Expenditure> {
  const center = await ctx.db.usableCenter(input.centerId);
  await usableCategory(ctx, input.categoryId);
  const receipt = input.receipt ? checkReceipt(input.receipt) : null;
  const key = receipt ? await files.put(receipt.bytes) : null;
  const [row] = await ctx.db.insert(expenditures, {
    centerId: center.id,
    date: input.date ?? ctx.clock.today(center.timeZone),
    categoryId: input.categoryId,
    amount: input.amount,
    taxAmount: input.taxAmount,
    supplier: input.supplier || null,
    method: input.method,
    note: input.note || null,
    receiptKey: key,
    receiptName: receipt?.fileName ?? null,
    receiptType: receipt?.contentType ?? null,
    receiptSize: receipt?.bytes.length ?? null,
    recordedBy: ctx.auth.userId,
  });
  return getExpenditure(ctx.tx, ctx.auth, row!.id);
}

/** Changes an expenditure; a change of amounts, centre, category or receipt is written to the audit log. */
export async function updateExpenditure(
  ctx: UseCaseContext,
  files: ReceiptFiles,
  input: z.infer<typeof updateExpenditureSchema> & { id: string },
): Promise<Expenditure> {
  const { id, receipt: upload, ...fields } = input;
  const current = await ctx.db.first(expenditures, and(eq(expenditures.id, id), isNull(expenditures.deletedAt)));
  if (!current) throw notFound('expenditure');
  if (fields.centerId !== undefined && fields.centerId !== current.centerId) await ctx.db.usableCenter(fields.centerId);
  if (fields.categoryId !== undefined && fields.categoryId !== current.categoryId) {
    await usableCategory(ctx, fields.categoryId);
  }
  if ((fields.taxAmount ?? current.taxAmount) > (fields.amount ?? current.amount)) throw taxTooHigh();

  const set: Partial<typeof expenditures.$inferInsert> = { ...fields, updatedAt: ctx.clock.now() };
  if (fields.supplier !== undefined) set.supplier = fields.supplier || null;
  if (fields.note !== undefined) set.note = fields.note || null;
  if (upload !== undefined) {
    const receipt = upload ? checkReceipt(upload) : null;
    set.receiptKey = receipt ? await files.put(receipt.bytes) : null;
    set.receiptName = receipt?.fileName ?? null;
    set.receiptType = receipt?.contentType ?? null;
    set.receiptSize = receipt?.bytes.length ?? null;
    if (current.receiptKey) files.removeAfterCommit(current.receiptKey);
  }
  const [row] = await ctx.db.update(expenditures, set, eq(expenditures.id, id));
  await audit(ctx.tx, ctx.auth, null, {
    action: 'expenditure.updated',
    entityType: 'expenditure',
    entityId: id,
    centerId: row!.centerId,
    summary: `Expenditure of ${row!.date} changed`,
    before: audited(current),
    after: audited(row!),
    fields: AUDITED,
  });
  return getExpenditure(ctx.tx, ctx.auth, id);
}

/**
 * Deleting keeps the row (who, when, why) and takes it out of every list and total; the audit log
 * records it with the amounts. The receipt stays on disk with the row.
 */
export async function deleteExpenditure(
  ctx: UseCaseContext,
  input: z.infer<typeof deleteExpenditureSchema> & { id: string },
): Promise<void> {
  const [row] = await ctx.db.update(
    expenditures,
    { deletedAt: ctx.clock.now(), deletedBy: ctx.auth.userId, deleteReason: input.reason },
    and(eq(expenditures.id, input.id), isNull(expenditures.deletedAt))!,
  );
  if (!row) throw notFound('expenditure');
  await audit(ctx.tx, ctx.auth, null, {
    action: 'expenditure.deleted',
    entityType: 'expenditure',
    entityId: row.id,
    centerId: row.centerId,
    summary: `Expenditure of ${row.date} deleted: ${input.reason}`,
    before: { date: row.date, amount: row.amount, taxAmount: row.taxAmount, supplier: row.supplier },
    after: { reason: input.reason },
  });
}
