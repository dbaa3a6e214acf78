/**
 * A sale to a member: one transaction writes the invoice (numbered from the organisation's counter),
 * its lines, installments, the coupon's use, stock movements, entitlement grants with their first
 * ledger rows, the price-override audit, and the first payment (with its commission) if one is
 * taken. Any refusal (stock short on the last line, the coupon's last use gone) writes nothing.
 * Its steps: the items (`sale-items.ts`), the lines' rules (`sale-lines.ts`), the coupon
 * (`sale-coupon.ts`), the number (`invoice-number.ts`), the grants (`grant-sold.ts`).
 */
import { couponAppliesTo, couponCartRefusal, couponTerms } from '@gym/contract/pricing';
import { eq } from 'drizzle-orm';
import { couponUses, installments, invoiceLines, invoices, members } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { moneyText } from '../../lib/money-text.ts';
import { readSystemConfig } from '../../lib/settings.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { moveStock } from '../retail/index.ts';
import { hasSigned } from '../signatures/index.ts';
import { figuresChanged } from './figures-changed.ts';
import { grantSold } from './grant-sold.ts';
import { nextInvoiceNumber } from './invoice-number.ts';
import { type CouponTerms, planInstallments, priceCart } from './pricing.ts';
import { getInvoice } from './queries.ts';
import { recordPayment } from './record-payment.ts';
import { couponRefused, lockCoupon, offerCoupon } from './sale-coupon.ts';
import { loadItems, refuse, type SaleInput } from './sale-items.ts';
import { checkLines, checkSellers } from './sale-lines.ts';

export async function sell(ctx: UseCaseContext, input: SaleInput & { memberId: string }) {
  const member = await ctx.db.first(members, eq(members.id, input.memberId));
  if (!member || member.erasedAt || member.mergedInto) throw notFound('member');
  const center = await ctx.db.usableCenter(input.centerId);
  const today = ctx.clock.today(center.timeZone);
  const config = await readSystemConfig(
    ctx.db.unscoped('the organisation’s own row, read by the caller’s organisation id'),
    ctx.auth.organisationId,
  );

  const items = await loadItems(ctx, input);
  checkLines(ctx, { input, items, config, today });
  await checkSellers(ctx, input);
  if (
    config.saleRequiresMembershipTerms &&
    items.some((item) => item.grant?.kind === 'membership') &&
    !(await hasSigned(ctx.db, member.id, 'membership_terms'))
  ) {
    const message = 'The member has not signed the membership terms';
    throw new AppError(422, 'membership_terms_unsigned', message, [
      { path: 'memberId', code: 'membership_terms_unsigned', message },
    ]);
  }

  const couponCode = await offerCoupon(ctx, { ...input, centerId: center.id, today });
  const locked = couponCode ? await lockCoupon(ctx, { code: couponCode, memberId: member.id, today }) : null;
  const coupon = locked?.coupon ?? null;
  const terms: CouponTerms | null = coupon ? couponTerms(coupon, coupon.amountMinor) : null;
  const priced = priceCart(
    input.lines.map((l, i) => ({
      unitPriceMinor: l.unitPriceMinor ?? items[i]!.priceMinor,
      quantity: l.quantity,
      discountMinor: l.discountMinor,
      taxRateBp: items[i]!.taxRateBp,
      couponEligible: !!coupon && couponAppliesTo(coupon, items[i]!),
    })),
    terms,
  );
  // The screens judge the coupon on the cart by the same rule as it is typed (`couponCartRefusal`).
  const cartRefusal = coupon ? couponCartRefusal(priced, coupon.minSpendMinor) : null;
  if (cartRefusal === 'not_applicable')
    throw refuse('couponCode', 'coupon_not_applicable', 'The coupon applies to nothing in the cart');
  if (cartRefusal === 'min_spend') throw couponRefused('min_spend');
  const plan = planInstallments(priced.totalMinor, today, input.depositMinor, input.installments);

  const { seq, number, currencyCode } = await nextInvoiceNumber(ctx, { centerCode: center.code });
  const [invoice] = await ctx.db.insert(invoices, {
    centerId: center.id,
    memberId: member.id,
    seq,
    number,
    issuedOn: today,
    currencyCode,
    subtotalMinor: priced.subtotalMinor,
    discountMinor: priced.discountMinor,
    totalMinor: priced.totalMinor,
    taxMinor: priced.taxMinor,
    state: 'issued',
    couponId: coupon?.id ?? null,
    offerId: input.offerId ?? null,
    note: input.note ?? null,
    staffId: ctx.auth.userId,
  });
  const lineRows = await ctx.db.insert(
    invoiceLines,
    input.lines.map((l, i) => ({
      invoiceId: invoice!.id,
      lineNo: i + 1,
      itemType: l.itemType,
      itemId: l.itemId,
      description: items[i]!.name,
      quantity: l.quantity,
      listPriceMinor: items[i]!.priceMinor,
      unitPriceMinor: l.unitPriceMinor ?? items[i]!.priceMinor,
      priceOverrideReason:
        (l.unitPriceMinor !== undefined && l.unitPriceMinor !== items[i]!.priceMinor) || l.discountMinor > 0
          ? l.priceOverrideReason
          : null,
      discountMinor: priced.lines[i]!.discountMinor,
      couponDiscountMinor: priced.lines[i]!.couponDiscountMinor,
      totalMinor: priced.lines[i]!.totalMinor,
      taxRateBp: priced.lines[i]!.taxRateBp,
      taxMinor: priced.lines[i]!.taxMinor,
      soldById: l.soldById ?? ctx.auth.userId,
    })),
  );
  lineRows.sort((a, b) => a.lineNo - b.lineNo);
  if (plan.length) {
    await ctx.db.insert(
      installments,
      plan.map((p) => ({ invoiceId: invoice!.id, seq: p.seq, dueOn: p.dueOn, amountMinor: p.amountMinor })),
    );
  }
  if (coupon) {
    await ctx.db.insert(couponUses, {
      couponId: coupon.id,
      invoiceId: invoice!.id,
      memberId: member.id,
      discountMinor: priced.couponDiscountMinor,
    });
  }

  // Stock, line by line: the first line short refuses the sale by its path.
  for (const [i, item] of items.entries()) {
    for (const s of item.stock ?? []) {
      await moveStock(ctx, {
        productId: s.productId,
        centerId: center.id,
        kind: 'sold',
        quantity: -(s.quantity * input.lines[i]!.quantity),
        invoiceLineId: lineRows[i]!.id,
        path: `lines.${i}.quantity`,
      });
    }
  }

  // Entitlements: granted now; started now unless the plan waits for a first entry or the organisation for a payment.
  await grantSold(ctx, {
    memberId: member.id,
    centerId: center.id,
    today,
    lines: items.map((item, i) => ({ item, line: lineRows[i]!, startOn: input.lines[i]!.startOn })),
    waitForPayment: config.entitlementActivation === 'on_payment' && !input.payment,
  });

  // A changed price or a manual discount: who, on which line, from what to what, and why.
  for (const [i, line] of lineRows.entries()) {
    if (line.priceOverrideReason) {
      const price = (amount: number) => moneyText(amount, currencyCode);
      const discount = line.discountMinor > 0 ? `, discount ${price(line.discountMinor)}` : '';
      await recordAudit(ctx, {
        action: 'invoice.price_overridden',
        entityType: 'invoice',
        entityId: invoice!.id,
        centerId: center.id,
        summary: `${number} line ${i + 1} (${line.description}): ${price(line.listPriceMinor)} → ${price(line.unitPriceMinor)}${discount}: ${line.priceOverrideReason}`,
        before: { unitPriceMinor: line.listPriceMinor, discountMinor: 0 },
        after: {
          unitPriceMinor: line.unitPriceMinor,
          discountMinor: line.discountMinor,
          reason: line.priceOverrideReason,
        },
      });
    }
  }

  ctx.emit({
    type: 'invoice.issued',
    organisationId: ctx.auth.organisationId,
    centerId: center.id,
    payload: { invoiceId: invoice!.id, number, memberId: member.id, totalMinor: priced.totalMinor },
    realtime: figuresChanged(center.id),
  });
  if (input.payment) await recordPayment(ctx, { ...input.payment, invoiceId: invoice!.id });
  return getInvoice(ctx, { id: invoice!.id, today });
}
