/**
 * Taking a payment at the desk. The invoice's row is locked first: of two payments racing for the
 * last installment, the second sees the balance the first left and is refused (never an
 * overpayment). The payment is spread over the installments (those named first, else the earliest
 * due), over the lines (for commission), and may start entitlements waiting for it. The desk
 * records it for a staff member; an online order's fulfilment records it for the system (no user,
 * method `online`, the provider's reference kept), the same way.
 */
import { allocate, type Minor, sub } from '@gym/contract/money';
import type { paymentRequestSchema } from '@gym/contract/sales';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { entitlementState, entitlements, invoices, paymentAllocations, payments } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { ActorContext } from '../../lib/use-case.ts';
import { appendLedger, endOf, stateOf } from '../entitlements/index.ts';
import { creditCommission } from './commission.ts';
import { figuresChanged } from './figures-changed.ts';
import { balanceOf, checkMethod, installmentsDue, lockInvoice, openLines, refuse, spread, stateFor } from './pay.ts';

type PaymentInput = z.output<typeof paymentRequestSchema>;

export async function recordPayment(
  ctx: ActorContext,
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
  await creditCommission(ctx, {
    paymentId: payment!.id,
    earnedOn: today,
    lines: lines.map((l, i) => ({ ...l, paidMinor: shares[i]! })),
  });

  const paid = { ...invoice, paidMinor: invoice.paidMinor + input.amountMinor };
  await ctx.db.update(invoices, { paidMinor: paid.paidMinor, state: stateFor(paid) }, eq(invoices.id, invoice.id));

  // Entitlements waiting for the first payment start today.
  if (invoice.paidMinor === 0 && config.entitlementActivation === 'on_payment') {
    const waiting = await ctx.db
      .select({ ent: entitlements, state: entitlementState })
      .from(entitlements)
      .innerJoin(entitlementState, eq(entitlementState.entitlementId, entitlements.id))
      .where(
        and(
          inArray(
            entitlements.invoiceLineId,
            lines.map((l) => l.id),
          ),
          eq(entitlementState.phase, 'pending'),
          sql`${entitlements.startRule} <> 'first_entry'`,
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
    realtime: figuresChanged(invoice.centerId),
  });
  return payment!;
}
