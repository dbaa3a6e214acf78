import type { Expenditure, updateExpenditureSchema } from '@gym/contract/expenditures';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { expenditures } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { AUDITED, audited, fieldError, usableCategory } from './expenditure-rules.ts';
import { getExpenditure } from './queries.ts';
import { checkReceipt, type ReceiptFiles } from './receipts.ts';

const taxTooHigh = () => fieldError(422, 'taxAmount', 'tax_exceeds_amount', 'The tax is more than the amount');

/** Changes an expenditure; a change of amounts, centre, category or receipt is written to the audit log. */
export async function updateExpenditure(
  ctx: UseCaseContext,
  input: z.infer<typeof updateExpenditureSchema> & { id: string; files: ReceiptFiles },
): Promise<Expenditure> {
  const { id, files, receipt: upload, ...fields } = input;
  const current = await ctx.db.first(expenditures, and(eq(expenditures.id, id), isNull(expenditures.deletedAt)));
  if (!current) throw notFound('expenditure');
  if (fields.centerId !== undefined && fields.centerId !== current.centerId) await ctx.db.usableCenter(fields.centerId);
  if (fields.categoryId !== undefined && fields.categoryId !== current.categoryId) {
    await usableCategory(ctx.db, fields.categoryId);
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
  await recordAudit(ctx, {
    action: 'expenditure.updated',
    entityType: 'expenditure',
    entityId: id,
    centerId: row!.centerId,
    summary: `Expenditure of ${row!.date} changed`,
    before: audited(current),
    after: audited(row!),
    fields: AUDITED,
  });
  return getExpenditure(ctx.db, id);
}
