import { eq } from 'drizzle-orm';
import { centers, invoiceLines, invoices } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { ActorContext, UseCaseContext } from '../../lib/use-case.ts';
import { figuresChanged } from './figures-changed.ts';
import { nextInvoiceNumber } from './invoice-number.ts';
import { voidInvoice } from './void-invoice.ts';

export interface FeeInput {
  centerId: string;
  memberId: string;
  /** The booking (or PT session) the fee is for: the line's `item_id`. */
  itemId: string;
  /** What the member reads on the invoice line, in their language. */
  description: string;
  amountMinor: number;
}

/**
 * Bills a fee (a late cancel or a no-show): an invoice of one `fee` line at the class's centre,
 * numbered in the organisation's sequence, unpaid, in the caller's transaction. No seller is named,
 * so it earns no commission; no tax (a penalty, not a supply). Answers the invoice id.
 */
export async function issueFeeInvoice(ctx: ActorContext, input: FeeInput): Promise<string> {
  const center = await ctx.db.wholeOrganisation.first(centers, eq(centers.id, input.centerId));
  if (!center) throw notFound('centre');
  const today = ctx.clock.today(center.timeZone);
  const { seq, number, currencyCode } = await nextInvoiceNumber(ctx, { centerCode: center.code });
  const [invoice] = await ctx.db.insert(invoices, {
    centerId: input.centerId,
    memberId: input.memberId,
    seq,
    number,
    issuedOn: today,
    currencyCode,
    subtotalMinor: input.amountMinor,
    discountMinor: 0,
    totalMinor: input.amountMinor,
    taxMinor: 0,
    state: 'issued',
    staffId: ctx.auth.userId,
  });
  await ctx.db.insert(invoiceLines, {
    invoiceId: invoice!.id,
    lineNo: 1,
    itemType: 'fee',
    itemId: input.itemId,
    description: input.description,
    quantity: 1,
    listPriceMinor: input.amountMinor,
    unitPriceMinor: input.amountMinor,
    totalMinor: input.amountMinor,
    taxRateBp: 0,
    taxMinor: 0,
    soldById: null,
  });
  ctx.emit({
    type: 'invoice.issued',
    organisationId: ctx.auth.organisationId,
    centerId: input.centerId,
    payload: { invoiceId: invoice!.id, number, memberId: input.memberId, totalMinor: input.amountMinor, fee: true },
    realtime: figuresChanged(input.centerId),
  });
  return invoice!.id;
}

/**
 * Voids a fee invoice (a waiver, an attendance correction), its row locked first. One already void,
 * or refunded (its money given back at the desk), is owed no more and is left as it is. Answers
 * false, voiding nothing, when money is on it: the caller refuses, the desk refunds it first.
 */
export async function voidUnpaidFee(
  ctx: UseCaseContext,
  { invoiceId, reason }: { invoiceId: string; reason: string },
): Promise<boolean> {
  const [row] = await ctx.db.wholeOrganisation.lock(invoices, eq(invoices.id, invoiceId));
  if (!row || row.state === 'void' || row.state === 'refunded') return true;
  if (row.paidMinor > 0) return false;
  await voidInvoice(ctx, { invoiceId, reason });
  return true;
}
