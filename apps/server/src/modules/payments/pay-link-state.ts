/**
 * A pay link's state and what it asks for now, in one place (its list, its public page and its
 * checkout read them the same way). An invoice link asks for the invoice's open balance and an
 * installment link for what the installment still lacks, as they stand when paid; an amount link
 * for its amount, which is `outdated` once more than is still owed.
 */

import { type Minor, min, minor, ZERO } from '@gym/contract/money';
import type { PayLinkState } from '@gym/contract/payments';
import { eq, sql } from 'drizzle-orm';
import { installments, invoices, type payLinks, paymentOrders } from '../../db/schema/index.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';

export type PayLinkRow = typeof payLinks.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;

/** What is still owed on what the link names (0 for a void invoice), with the invoice and the installment's due date. */
export async function owedOnLink(db: TenantDb, link: Pick<PayLinkRow, 'invoiceId' | 'installmentId'>) {
  const [invoice] = await db.wholeOrganisation.select().from(invoices).where(eq(invoices.id, link.invoiceId));
  const balance = invoice!.voidedAt ? ZERO : minor(invoice!.totalMinor - invoice!.refundedMinor - invoice!.paidMinor);
  if (!link.installmentId) return { invoice: invoice!, owed: balance, dueOn: null };
  const [part] = await db.wholeOrganisation
    .select({
      dueOn: installments.dueOn,
      lacking: sql<string>`${installments.amountMinor} - coalesce((select sum(pa.amount_minor) from payment_allocations pa where pa.installment_id = ${installments.id}), 0)`,
    })
    .from(installments)
    .where(eq(installments.id, link.installmentId));
  return { invoice: invoice!, owed: min(balance, minor(Math.max(0, Number(part!.lacking)))), dueOn: part!.dueOn };
}

/** The link's state at `now`, given what is still owed on what it names. */
export function payLinkState(link: PayLinkRow, now: Date, owed: Minor): PayLinkState {
  if (link.paidAt) return 'paid';
  if (link.revokedAt) return 'revoked';
  if (link.expiresAt <= now) return 'expired';
  if (owed <= ZERO) return 'paid';
  if (link.amountMinor !== null && link.amountMinor > owed) return 'outdated';
  return 'active';
}

/**
 * What the link asks for now: its own amount, else what is owed; once paid, what the order that
 * paid it took (`paid`), not the nothing that is left.
 */
export const payLinkAmount = (link: PayLinkRow, owed: Minor, paid: Minor | null = null): Minor =>
  link.paidAt && paid !== null ? paid : link.amountMinor !== null ? minor(link.amountMinor) : owed;

/** What the order that paid the link took (null: not paid through an order). */
export async function paidThroughLink(db: TenantDb, link: Pick<PayLinkRow, 'paidOrderId'>): Promise<Minor | null> {
  if (!link.paidOrderId) return null;
  const [order] = await db.wholeOrganisation
    .select({ amountMinor: paymentOrders.amountMinor })
    .from(paymentOrders)
    .where(eq(paymentOrders.id, link.paidOrderId));
  return order ? minor(order.amountMinor) : null;
}
