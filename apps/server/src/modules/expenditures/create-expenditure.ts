import type { createExpenditureSchema, Expenditure } from '@gym/contract/expenditures';
import type { z } from 'zod';
import { expenditures } from '../../db/schema/index.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { usableCategory } from './expenditure-rules.ts';
import { getExpenditure } from './queries.ts';
import { checkReceipt, type ReceiptFiles } from './receipts.ts';

/**
 * Records money paid out by a centre. The date is the centre's business date unless given; the
 * receipt (checked by its content) is written to `files` before the row and removed if the command fails.
 */
export async function createExpenditure(
  ctx: UseCaseContext,
  { files, ...input }: z.infer<typeof createExpenditureSchema> & { files: ReceiptFiles },
): Promise<Expenditure> {
  const center = await ctx.db.usableCenter(input.centerId);
  await usableCategory(ctx.db, input.categoryId);
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
  return getExpenditure(ctx.db, row!.id);
}
