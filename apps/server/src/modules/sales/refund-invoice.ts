/**
 * A refund (managers only) takes lines back (all of an entitlement, or some of a product's quantity)
 * and gives money back, never more than was paid for them; what was paid for them and is not given
 * back (the unused part's complement, a fee, or all of it with 0) stays paid, and the rest of their
 * value is cancelled, so paid + cancelled never passes the total. Returned products go back to
 * stock, the lines' commission is reversed in proportion, and a refunded entitlement gets its
 * `refund` ledger row.
 */
import { allocate, type Minor, min, minor, share, sub, sum } from '@gym/contract/money';
import { ONLINE_PAYMENT_METHOD } from '@gym/contract/payments';
import type { refundRequestSchema } from '@gym/contract/sales';
import { daysBetween } from '@gym/contract/time';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { entitlements, invoices, paymentAllocations, payments, refundItems } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { moneyText } from '../../lib/money-text.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { lockState } from '../entitlements/index.ts';
import { reverseCommission } from './commission.ts';
import { figuresChanged } from './figures-changed.ts';
import { refundWhatIsLeft, refuse, releaseHeldBy, returnStock } from './give-back.ts';
import { checkMethod, installmentsDue, lockInvoice, openLines, spread, stateFor } from './pay.ts';

export async function refundInvoice(
  ctx: UseCaseContext,
  input: z.output<typeof refundRequestSchema> & {
    invoiceId: string;
    /** Money given back through the payment provider (the payments module): method `online`, the provider's refund named. */
    online?: { reference: string };
  },
) {
  const { invoice, today } = await lockInvoice(ctx, input.invoiceId);
  if (invoice.voidedAt) throw refuse('invoiceId', 'invoice_void', 'This invoice is void');
  const lines = await openLines(ctx, invoice.id);
  // What each line has been paid so far: the invoice's net payments spread over what the lines still cost.
  const paidShares = allocate(
    minor(invoice.paidMinor),
    lines.map((l) => l.open),
  );
  const seen = new Set<string>();
  const plan: {
    line: (typeof lines)[number];
    quantity: number;
    /** What the line no longer costs: the returned part's value less what the gym keeps of it. */
    credit: Minor;
    money: Minor;
    paid: Minor;
  }[] = [];
  for (const [i, r] of input.lines.entries()) {
    const index = lines.findIndex((l) => l.id === r.lineId);
    const line = lines[index];
    if (!line) throw refuse(`lines.${i}.lineId`, 'line_unknown', 'Not a line of this invoice');
    if (seen.has(line.id)) throw refuse(`lines.${i}.lineId`, 'line_repeated', 'This line is named twice');
    seen.add(line.id);
    const left = line.quantity - line.returnedQuantity;
    if (line.open <= 0 || left <= 0)
      throw refuse(`lines.${i}.lineId`, 'line_refunded', 'This line is already refunded');
    const isEntitlement = ['membership', 'package', 'short_course'].includes(line.itemType);
    // A refunded course gives up its sessions not started: their credits come back first, so they count as unused.
    if (isEntitlement) await releaseHeldBy(ctx, { lineId: line.id, reason: input.reason });
    const quantity = isEntitlement ? 1 : r.quantity;
    if (!isEntitlement && quantity > left)
      throw refuse(`lines.${i}.quantity`, 'quantity_over', 'More than was sold and not returned');
    // The value of what comes back: all that is left of the line, or the returned units' share of its total.
    const value =
      quantity === left
        ? line.unreturnedValue
        : min(share(minor(line.totalMinor), quantity, line.quantity), line.unreturnedValue);
    const paid = paidShares[index]!;
    const paidForPart = value === line.open ? paid : share(paid, value, line.open);
    let money = r.amountMinor ?? paidForPart;
    if (r.amountMinor === undefined && isEntitlement && r.mode === 'unused') {
      const [ent] = await ctx.db.rows(entitlements, eq(entitlements.invoiceLineId, line.id));
      const state = ent ? await lockState(ctx, { entitlementId: ent.id }) : undefined;
      if (state?.creditsGranted) {
        money = share(paidForPart, Math.max(0, state.creditsLeft ?? 0), state.creditsGranted);
      } else if (state?.validFrom && state.validUntil) {
        const total = daysBetween(state.validFrom, state.validUntil) + 1;
        const unused = Math.max(
          0,
          Math.min(total, daysBetween(today < state.validFrom ? state.validFrom : today, state.validUntil) + 1),
        );
        money = share(paidForPart, unused, total);
      }
    }
    if (money > paidForPart) {
      throw refuse(`lines.${i}.amountMinor`, 'refund_over_paid', 'More than was paid for this line');
    }
    // What was paid for the part and is not given back stays paid (the used part, a fee): it is not cancelled.
    const credit = sub(value, sub(paidForPart, money));
    plan.push({ line, quantity, credit, money, paid });
  }
  const money = sum(plan.map((p) => p.money));
  const credit = sum(plan.map((p) => p.credit));
  if (money > invoice.paidMinor) throw refuse('lines', 'refund_over_paid', 'More than was paid');

  const [lastPayment] = await ctx.db
    .select({ method: payments.method, id: payments.id })
    .from(payments)
    .where(and(eq(payments.invoiceId, invoice.id), eq(payments.kind, 'payment')))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  const method = input.online ? ONLINE_PAYMENT_METHOD : (input.method ?? lastPayment?.method ?? 'cash');
  // Money paid online goes back through the payment service, which records its refund itself.
  if (method === ONLINE_PAYMENT_METHOD && !input.online) {
    throw refuse('method', 'method_online_only', 'An online payment is given back through the payment service');
  }
  if (input.method) await checkMethod(ctx, input.method);
  const [refund] = await ctx.db.insert(payments, {
    centerId: invoice.centerId,
    invoiceId: invoice.id,
    memberId: invoice.memberId,
    kind: 'refund',
    method,
    amountMinor: money,
    reason: input.reason,
    ...(input.online ? { reference: input.online.reference } : {}),
    refundOfId: lastPayment?.id ?? null,
    staffId: ctx.auth.userId,
    paidOn: today,
  });
  await ctx.db.insert(
    refundItems,
    plan.map((p) => ({
      refundId: refund!.id,
      invoiceLineId: p.line.id,
      quantity: p.quantity,
      amountMinor: p.money,
      creditMinor: p.credit,
    })),
  );
  // What was cancelled and had not been paid settles the installments still open, the last ones first.
  const settled = sub(credit, money);
  if (settled > 0) {
    const due = await installmentsDue(ctx, invoice.id);
    const allocations = spread(settled, [...due].reverse());
    if (allocations.length) {
      await ctx.db.insert(
        paymentAllocations,
        allocations.map((a) => ({ paymentId: refund!.id, ...a })),
      );
    }
  }
  for (const p of plan) {
    await returnStock(ctx, { line: p.line, quantity: p.quantity, centerId: invoice.centerId, reason: input.reason });
    await reverseCommission(ctx, {
      refundId: refund!.id,
      earnedOn: today,
      lineId: p.line.id,
      returned: p.money,
      paid: p.paid,
    });
    const [ent] = await ctx.db.rows(entitlements, eq(entitlements.invoiceLineId, p.line.id));
    if (ent) {
      const state = await lockState(ctx, { entitlementId: ent.id });
      if (state && state.phase !== 'refunded' && state.phase !== 'transferred') {
        await refundWhatIsLeft(ctx, {
          ent,
          state,
          ref: { refType: 'refund', refId: refund!.id, reason: input.reason, effectiveOn: today },
        });
      }
    }
  }
  const after = {
    ...invoice,
    paidMinor: invoice.paidMinor - money,
    refundedMinor: invoice.refundedMinor + credit,
  };
  await ctx.db.update(
    invoices,
    { paidMinor: after.paidMinor, refundedMinor: after.refundedMinor, state: stateFor(after) },
    eq(invoices.id, invoice.id),
  );
  await recordAudit(ctx, {
    action: 'invoice.refunded',
    entityType: 'invoice',
    entityId: invoice.id,
    centerId: invoice.centerId,
    summary: `${invoice.number}: refund of ${moneyText(money, invoice.currencyCode)} (${plan.map((p) => p.line.description).join(', ')}): ${input.reason}`,
    after: { refundId: refund!.id, amountMinor: money, creditMinor: credit, method },
  });
  ctx.emit({
    type: 'invoice.refunded',
    organisationId: ctx.auth.organisationId,
    centerId: invoice.centerId,
    payload: { invoiceId: invoice.id, refundId: refund!.id, amountMinor: money },
    realtime: figuresChanged(invoice.centerId),
  });
  return refund!;
}
