import { sql } from 'drizzle-orm';
import { organisations } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { currencyCodeOf } from '../../lib/settings.ts';
import type { ActorContext } from '../../lib/use-case.ts';

/**
 * Takes the next invoice number of the organisation: `update ... returning` in the sale's transaction
 * (no gaps, no duplicates). The organisation's currency is read in the same statement, under the
 * row's lock, and the invoice keeps it: a currency change (which takes the same lock and is refused
 * once an invoice exists) cannot slip in between.
 */
export async function nextInvoiceNumber(
  ctx: ActorContext,
  { centerCode }: { centerCode: string },
): Promise<{ seq: number; number: string; currencyCode: string }> {
  // The scoped database limits the organisations table to the caller's own row.
  const [row] = await ctx.db
    .update(organisations)
    .set({ invoiceSeq: sql`${organisations.invoiceSeq} + 1` })
    .returning({ seq: organisations.invoiceSeq, settings: organisations.settings });
  if (!row) throw notFound('organisation');
  return {
    seq: row.seq,
    number: `${centerCode}-${String(row.seq).padStart(6, '0')}`,
    currencyCode: currencyCodeOf(row.settings),
  };
}
