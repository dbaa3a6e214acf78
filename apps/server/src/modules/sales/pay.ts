/**
 * Taking a payment at the desk. The invoice's row is locked first: of two payments racing for the
 * last installment, the second sees the balance the first left and is refused (never an
 * overpayment). The payment is spread over the installments (those named first, else the earliest
 * due), over the lines (for commission), and may start entitlements waiting for it.
 */

import { allocate, type Minor, max, minor, share, sub, sum, ZERO } from '@gym/contract/money';
import { BUILT_IN_PAYMENT_METHODS, type paymentRequestSchema } from '@gym/contract/sales';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  centers,
  entitlementState,
  entitlements,
  installments,
  invoiceLines,
  invoices,
  paymentAllocations,
  payments,
  refundItems,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { readSystemConfig } from '../../lib/settings.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { appendLedger, endOf, stateOf } from '../entitlements/index.ts';
import { creditCommission } from './commission.ts';

type PaymentInput = z.output<typeof paymentRequestSchema>;

const refuse = (path: string, code: string, message: string) =>
  new AppError(422, 'business_rule', message, [{ path, code, message }]);

export type InvoiceRow = typeof invoices.$inferSelect;

/** The invoice, its row locked until the transaction ends, and its centre's business date. */
export async function lockInvoice(ctx: UseCaseContext, invoiceId: string) {
  const [invoice] = await ctx.tx
    .select()
    .from(invoices)
    .where(ctx.db.where(invoices, eq(invoices.id, invoiceId)))
    .for('update');
  if (!invoice) throw notFound('invoice');
  const [center] = await ctx.tx.select().from(centers).where(eq(centers.id, invoice.centerId));
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

/** The installments with what each still lacks, in `seq` order. */
export async function installmentsDue(ctx: UseCaseContext, invoiceId: string) {
  const rows = await ctx.tx
    .select({
      id: installments.id,
      seq: installments.seq,
      dueOn: installments.dueOn,
      amount: installments.amountMinor,
      paid: sql<string>`coalesce((select sum(pa.amount_minor) from payment_allocations pa where pa.installment_id = ${installments.id}), 0)`,
    })
    .from(installments)
    .where(ctx.db.where(installments, eq(installments.invoiceId, invoiceId)))
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
export async function openLines(ctx: UseCaseContext, invoiceId: string) {
  const lines = await ctx.tx
    .select()
    .from(invoiceLines)
    .where(ctx.db.where(invoiceLines, eq(invoiceLines.invoiceId, invoiceId)))
    .orderBy(invoiceLines.lineNo);
  const items = lines.length
    ? await ctx.tx
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

/** Refuses a payment method the organisation has not set up (built-in or its own); answers its configuration. */
export async function checkMethod(ctx: UseCaseContext, method: string) {
  const config = await readSystemConfig(ctx.tx, ctx.auth.organisationId);
  const methods: string[] = [...BUILT_IN_PAYMENT_METHODS, ...config.paymentMethods.map((m) => m.code)];
  if (!methods.includes(method)) throw refuse('method', 'method_unknown', 'This payment method is not set up');
  return config;
}

export async function recordPayment(
  ctx: UseCaseContext,
  { invoiceId, ...input }: (PaymentInput | Omit<PaymentInput, 'installmentIds'>) & { invoiceId: string },
) {
  const { invoice, today } = await lockInvoice(ctx, invoiceId);
  if (invoice.voidedAt) throw refuse('invoiceId', 'invoice_void', 'This invoice is void');
  const balance = balanceOf(invoice);
  if (balance === 0) throw refuse('amountMinor', 'invoice_settled', 'Nothing is left to pay on this invoice');
  if (input.amountMinor > balance) {
    throw new AppError(
      422,
      'business_rule',
      'The payment is more than the balance',
      [{ path: 'amountMinor', code: 'amount_over_balance', message: 'The payment is more than the balance' }],
      undefined,
      { balanceMinor: balance },
    );
  }
  const config = await checkMethod(ctx, input.method);
  let change: Minor | null = null;
  if (input.tenderedMinor !== undefined) {
    if (input.method !== 'cash') throw refuse('tenderedMinor', 'tendered_cash_only', 'Only cash is tendered');
    if (input.tenderedMinor < input.amountMinor)
      throw refuse('tenderedMinor', 'tendered_short', 'Less cash than the amount');
    change = sub(input.tenderedMinor, input.amountMinor);
  }
  const due = await installmentsDue(ctx, invoice.id);
  const named = 'installmentIds' in input ? (input.installmentIds ?? []) : [];
  named.forEach((id, i) => {
    if (!due.some((d) => d.id === id))
      throw refuse(`installmentIds.${i}`, 'installment_unknown', 'Not an installment of this invoice');
  });

  const [payment] = await ctx.db.insert(payments, {
    centerId: invoice.centerId,
    invoiceId: invoice.id,
    memberId: invoice.memberId,
    kind: 'payment',
    method: input.method,
    amountMinor: input.amountMinor,
    tenderedMinor: input.tenderedMinor ?? null,
    changeMinor: change,
    reference: input.reference ?? null,
    staffId: ctx.auth.userId,
    paidOn: today,
  });
  const allocations = spread(input.amountMinor, due, named);
  if (allocations.length) {
    await ctx.db.insert(
      paymentAllocations,
      allocations.map((a) => ({ paymentId: payment!.id, ...a })),
    );
  }
  const lines = await openLines(ctx, invoice.id);
  const shares = allocate(
    input.amountMinor,
    lines.map((l) => l.open),
  );
  await creditCommission(
    ctx,
    payment!.id,
    today,
    lines.map((l, i) => ({ ...l, paidMinor: shares[i]! })),
  );

  const paid = { ...invoice, paidMinor: invoice.paidMinor + input.amountMinor };
  await ctx.tx
    .update(invoices)
    .set({ paidMinor: paid.paidMinor, state: stateFor(paid) })
    .where(eq(invoices.id, invoice.id));

  // Entitlements waiting for the first payment start today.
  if (invoice.paidMinor === 0 && config.entitlementActivation === 'on_payment') {
    const waiting = await ctx.tx
      .select({ ent: entitlements, state: entitlementState })
      .from(entitlements)
      .innerJoin(entitlementState, eq(entitlementState.entitlementId, entitlements.id))
      .where(
        ctx.db.where(
          entitlements,
          and(
            inArray(
              entitlements.invoiceLineId,
              lines.map((l) => l.id),
            ),
            eq(entitlementState.phase, 'pending'),
            sql`${entitlements.startRule} <> 'first_entry'`,
          ),
        ),
      )
      .for('update', { of: entitlementState });
    for (const w of waiting) {
      await appendLedger(ctx, {
        entitlementId: w.ent.id,
        memberId: w.ent.memberId,
        rows: [
          {
            kind: 'activate',
            validFrom: today,
            validUntil: endOf(today, w.ent.durationValue, w.ent.durationUnit as 'day'),
            refType: 'payment',
            refId: payment!.id,
            effectiveOn: today,
          },
        ],
        locked: stateOf(w.state),
      });
    }
  }

  ctx.emit({
    type: 'payment.received',
    organisationId: ctx.auth.organisationId,
    centerId: invoice.centerId,
    payload: {
      paymentId: payment!.id,
      invoiceId: invoice.id,
      memberId: invoice.memberId,
      amountMinor: input.amountMinor,
      method: input.method,
    },
    realtime: false,
  });
  return payment!;
}
