import type { deleteExpenditureSchema } from '@gym/contract/expenditures';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { expenditures } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';

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
  await recordAudit(ctx, {
    action: 'expenditure.deleted',
    entityType: 'expenditure',
    entityId: row.id,
    centerId: row.centerId,
    summary: `Expenditure of ${row.date} deleted: ${input.reason}`,
    before: { date: row.date, amount: row.amount, taxAmount: row.taxAmount, supplier: row.supplier },
    after: { reason: input.reason },
  });
}
