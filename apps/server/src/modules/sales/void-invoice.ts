/** A void cancels an invoice nobody has paid anything on: its stock back, its entitlements ended, its coupon uses released. */
import { ZERO } from '@gym/contract/money';
import type { voidRequestSchema } from '@gym/contract/sales';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { couponUses, entitlements, invoices, payments } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { lockState } from '../entitlements/index.ts';
import { refundWhatIsLeft, refuse, releaseHeldBy, returnStock } from './give-back.ts';
import { lockInvoice, openLines } from './pay.ts';

export async function voidInvoice(
  ctx: UseCaseContext,
  input: z.output<typeof voidRequestSchema> & { invoiceId: string },
) {
  const { invoice, today } = await lockInvoice(ctx, input.invoiceId);
  if (invoice.voidedAt) throw refuse('invoiceId', 'invoice_void', 'This invoice is already void');
  const [anyPayment] = await ctx.db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.invoiceId, invoice.id))
    .limit(1);
  if (anyPayment) throw refuse('invoiceId', 'invoice_has_payments', 'An invoice with payments is refunded, not voided');
  const lines = await openLines(ctx, invoice.id);
  for (const line of lines) {
    if (['membership', 'package', 'short_course'].includes(line.itemType))
      await releaseHeldBy(ctx, { lineId: line.id, reason: input.reason });
    await returnStock(ctx, { line, quantity: line.quantity, centerId: invoice.centerId, reason: input.reason });
  }
  const ents = lines.length
    ? await ctx.db.rows(
        entitlements,
        inArray(
          entitlements.invoiceLineId,
          lines.map((l) => l.id),
        ),
      )
    : [];
  for (const ent of ents) {
    const state = await lockState(ctx, { entitlementId: ent.id });
    if (!state) continue;
    await refundWhatIsLeft(ctx, {
      ent,
      state,
      ref: { refType: 'invoice_void', refId: invoice.id, reason: input.reason, effectiveOn: today },
    });
  }
  await ctx.db.update(
    couponUses,
    { releasedAt: ctx.clock.now() },
    and(eq(couponUses.invoiceId, invoice.id), isNull(couponUses.releasedAt))!,
  );
  await ctx.db.update(
    invoices,
    { state: 'void', voidReason: input.reason, voidedAt: ctx.clock.now(), voidedBy: ctx.auth.userId },
    eq(invoices.id, invoice.id),
  );
  await recordAudit(ctx, {
    action: 'invoice.voided',
    entityType: 'invoice',
    entityId: invoice.id,
    centerId: invoice.centerId,
    summary: `${invoice.number} voided: ${input.reason}`,
  });
  return ZERO;
}
