import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { invoicePaymentIds, invoices } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';

/**
 * The invoice's public id (`transaction_uuid` of `/transaction-payment/{transaction_uuid}/`): random,
 * not the invoice's own id; made the first time staff ask for the invoice's payment page.
 */
export async function issueInvoicePaymentId(
  ctx: UseCaseContext,
  { invoiceId }: { invoiceId: string },
): Promise<string> {
  const invoice = await ctx.db.first(invoices, eq(invoices.id, invoiceId));
  if (!invoice) throw notFound('invoice');
  await ctx.db
    .insert(invoicePaymentIds)
    .values({ organisationId: ctx.auth.organisationId, invoiceId, publicId: randomUUID(), createdAt: ctx.clock.now() })
    .onConflictDoNothing();
  const [row] = await ctx.db.rows(invoicePaymentIds, eq(invoicePaymentIds.invoiceId, invoiceId));
  return row!.publicId;
}
