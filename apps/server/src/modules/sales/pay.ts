/**
 * What payments, refunds and voids share: the invoice locked with its centre's day, its balance and
 * state, its installments and lines with what is still open on them, and the payment methods.
 */
import { type Minor, max, minor, share, sub, sum, ZERO } from '@gym/contract/money';
import { ONLINE_PAYMENT_METHOD } from '@gym/contract/payments';
import { BUILT_IN_PAYMENT_METHODS } from '@gym/contract/sales';
import { eq, inArray, sql } from 'drizzle-orm';
import { centers, installments, invoiceLines, invoices, refundItems } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { readSystemConfig } from '../../lib/settings.ts';
import type { ActorContext } from '../../lib/use-case.ts';

export const refuse = (path: string, code: string, message: string) =>
  new AppError(422, 'business_rule', message, [{ path, code, message }]);

export type InvoiceRow = typeof invoices.$inferSelect;

/** The invoice, its row locked until the transaction ends, and its centre's business date. */
export async function lockInvoice(ctx: ActorContext, invoiceId: string) {
  const [invoice] = await ctx.db.lock(invoices, eq(invoices.id, invoiceId));
  if (!invoice) throw notFound('invoice');
  const center = await ctx.db.first(centers, eq(centers.id, invoice.centerId));
  return { invoice, center: center!, today: ctx.clock.today(center!.timeZone) };
}

/** What is still owed: total − what refunds cancelled − what was paid. */
export const balanceOf = (i: Pick<InvoiceRow, 'totalMinor' | 'refundedMinor' | 'paidMinor'>) =>
  minor(i.totalMinor - i.refundedMinor - i.paidMinor);

export function stateFor(
  i: Pick<InvoiceRow, 'totalMinor' | 'refundedMinor' | 'paidMinor' | 'voidedAt'>,
): InvoiceRow['state'] {
  if (i.voidedAt) return 'void';
  if (i.refundedMinor > 0) return i.refundedMinor >= i.totalMinor ? 'refunded' : 'partly_refunded';
  if (i.paidMinor === 0) return 'issued';
  return i.paidMinor < i.totalMinor ? 'partly_paid' : 'paid';
}

/** What has been paid of an installment: the sum of what payments allocated to it (as text, as PostgreSQL sums). */
export const installmentPaid = sql<string>`coalesce((select sum(pa.amount_minor) from payment_allocations pa where pa.installment_id = ${installments.id}), 0)`;

/** The installments with what each still lacks, in `seq` order. */
export async function installmentsDue(ctx: ActorContext, invoiceId: string) {
  const rows = await ctx.db
    .select({
      id: installments.id,
      seq: installments.seq,
      dueOn: installments.dueOn,
      amount: installments.amountMinor,
      paid: installmentPaid,
    })
    .from(installments)
    .where(eq(installments.invoiceId, invoiceId))
    .orderBy(installments.seq);
  return rows.map((r) => ({ ...r, open: minor(r.amount - Number(r.paid)) }));
}

/** Allocations of `amount` over `due` (the named installments first, then by seq). */
export function spread(
  amount: Minor,
  due: { id: string; open: Minor }[],
  first: readonly string[] = [],
): { installmentId: string; amountMinor: Minor }[] {
  const order = [...first.flatMap((id) => due.filter((d) => d.id === id)), ...due.filter((d) => !first.includes(d.id))];
  let left: Minor = amount;
  const out: { installmentId: string; amountMinor: Minor }[] = [];
  for (const d of order) {
    if (left <= 0) break;
    if (d.open <= 0) continue;
    const take = minor(Math.min(left, d.open));
    out.push({ installmentId: d.id, amountMinor: take });
    left = sub(left, take);
  }
  return out;
}

/**
 * The lines with what each still costs (its total less what refunds cancelled), in line order, and
 * what is left of them to return: `unreturnedValue` is the part of the line's total that the units
 * not yet returned stand for (the total less each earlier return's share of it). It differs from
 * `open` by what earlier refunds kept of the units returned (a restocking fee, the used part of a
 * membership): that stays paid and is never given back by a later refund.
 */
export async function openLines(ctx: ActorContext, invoiceId: string) {
  const lines = await ctx.db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoiceId))
    .orderBy(invoiceLines.lineNo);
  const items = lines.length
    ? await ctx.db
        .select({
          lineId: refundItems.invoiceLineId,
          credit: refundItems.creditMinor,
          amount: refundItems.amountMinor,
          quantity: refundItems.quantity,
        })
        .from(refundItems)
        .where(
          inArray(
            refundItems.invoiceLineId,
            lines.map((l) => l.id),
          ),
        )
    : [];
  return lines.map((l) => {
    const mine = items.filter((x) => x.lineId === l.id);
    const credited = sum(mine.map((x) => minor(x.credit)));
    const returnedQuantity = mine.reduce((n, x) => n + x.quantity, 0);
    // Each earlier return took `share(total, quantity, line quantity)` of the line's value; the last units take what is left.
    const returnedValue = sum(mine.map((x) => share(minor(l.totalMinor), x.quantity, l.quantity)));
    return {
      ...l,
      credited,
      returnedMoney: sum(mine.map((x) => minor(x.amount))),
      returnedQuantity,
      open: minor(l.totalMinor - credited),
      unreturnedValue: returnedQuantity >= l.quantity ? ZERO : max(ZERO, sub(minor(l.totalMinor), returnedValue)),
    };
  });
}

/**
 * Refuses a payment method the organisation has not set up (built-in or its own; `online` is one
 * only a provider's confirmed payment is recorded by, never offered at the desk: the desk's request
 * schema refuses it); answers its configuration.
 */
export async function checkMethod(ctx: ActorContext, method: string) {
  const config = await readSystemConfig(
    ctx.db.unscoped('the organisation’s own row, read by the caller’s organisation id'),
    ctx.auth.organisationId,
  );
  const methods: string[] = [
    ...BUILT_IN_PAYMENT_METHODS,
    ONLINE_PAYMENT_METHOD,
    ...config.paymentMethods.map((m) => m.code),
  ];
  if (!methods.includes(method)) throw refuse('method', 'method_unknown', 'This payment method is not set up');
  return config;
}
