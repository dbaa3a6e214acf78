/**
 * A sale to a member: one transaction writes the invoice (numbered from the organisation's counter),
 * its lines, installments, the coupon's use, stock movements, entitlement grants with their first
 * ledger rows, the price-override audit, and the first payment (with its commission) if one is
 * taken. Any refusal (stock short on the last line, the coupon's last use gone) writes nothing.
 */

import { type Minor, minor } from '@gym/contract/money';
import { couponAppliesTo, couponCartRefusal, couponTerms, withinDiscountCap } from '@gym/contract/pricing';
import type { SaleItemType, saleRequestSchema } from '@gym/contract/sales';
import { ENTITLEMENT_ITEM_TYPES } from '@gym/contract/sales';
import type { BusinessDate } from '@gym/contract/time';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { readAll } from '../../db/client.ts';
import {
  coupons,
  couponUses,
  creditPackages,
  entitlements,
  installments,
  invoiceLines,
  invoices,
  members,
  membershipPlans,
  offers,
  organisations,
  productSetItems,
  productSets,
  products,
  shortCourses,
  users,
} from '../../db/schema/index.ts';
import { audit } from '../../lib/audit.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { moneyText } from '../../lib/money-text.ts';
import { currencyCodeOf, readSystemConfig } from '../../lib/settings.ts';
import type { ActorContext, UseCaseContext } from '../../lib/use-case.ts';
import { appendLedger, endOf, hooksOf } from '../entitlements/index.ts';
import { couponRefusal, moveStock } from '../retail/index.ts';
import { recordPayment } from './pay.ts';
import { type CouponTerms, planInstallments, priceCart } from './pricing.ts';
import { getInvoice } from './queries.ts';

type SaleInput = z.output<typeof saleRequestSchema>;

const refuse = (path: string, code: string, message: string, status = 422) =>
  new AppError(status, status === 409 ? 'conflict' : 'business_rule', message, [{ path, code, message }]);

/** The item a line sells, as the sale needs it. */
interface SaleItem {
  type: SaleItemType;
  id: string;
  name: string;
  priceMinor: Minor;
  taxRateBp: number;
  /** Entitlements: what is granted. */
  grant?: {
    kind: 'membership' | 'package' | 'short_course';
    usage: string | null;
    credits: number;
    durationValue: number;
    durationUnit: 'day' | 'month' | 'year';
    startRule: 'on_sale' | 'chosen_date' | 'first_entry';
    allCenters: boolean;
    centerIds: string[];
    maxFreezes: number;
    maxFreezeDays: number;
  };
  /** Products and sets: the stock each unit takes. */
  stock?: { productId: string; quantity: number }[];
}

const covers = (item: { allCenters: boolean; centerIds: string[] }, centerId: string) =>
  item.allCenters || item.centerIds.includes(centerId);

/** The items of the lines, active and sold at `centerId`; a line naming anything else is refused by its path. */
async function loadItems(ctx: UseCaseContext, input: SaleInput): Promise<SaleItem[]> {
  const ids = (type: SaleItemType) => input.lines.filter((l) => l.itemType === type).map((l) => l.itemId);
  const org = (
    table: Parameters<typeof ctx.db.whereOrganisation>[0],
    ...more: Parameters<typeof ctx.db.whereOrganisation>[1][]
  ) => ctx.db.whereOrganisation(table, ...more);
  const none = ['00000000-0000-0000-0000-000000000000'];
  const pick = (l: string[]) => (l.length ? l : none);
  const [plans, packs, courses, prods, sets] = await readAll(
    ctx.tx,
    () =>
      ctx.tx
        .select()
        .from(membershipPlans)
        .where(org(membershipPlans, inArray(membershipPlans.id, pick(ids('membership'))))),
    () =>
      ctx.tx
        .select()
        .from(creditPackages)
        .where(org(creditPackages, inArray(creditPackages.id, pick(ids('package'))))),
    () =>
      ctx.tx
        .select()
        .from(shortCourses)
        .where(org(shortCourses, inArray(shortCourses.id, pick(ids('short_course'))))),
    () =>
      ctx.tx
        .select()
        .from(products)
        .where(org(products, inArray(products.id, pick(ids('product'))))),
    () =>
      ctx.tx
        .select()
        .from(productSets)
        .where(org(productSets, inArray(productSets.id, pick(ids('product_set'))))),
  );
  const setItems = sets.length
    ? await ctx.tx
        .select()
        .from(productSetItems)
        .where(
          org(
            productSetItems,
            inArray(
              productSetItems.setId,
              sets.map((s) => s.id),
            ),
          ),
        )
    : [];
  const itemOf = (line: SaleInput['lines'][number], i: number): SaleItem => {
    const path = `lines.${i}.itemId`;
    const gone = () => refuse(path, 'item_unavailable', 'This item is not sold (any more) at this centre');
    switch (line.itemType) {
      case 'membership': {
        const p = plans.find((x) => x.id === line.itemId);
        if (!p || !p.active || !covers(p, input.centerId)) throw gone();
        return {
          type: 'membership',
          id: p.id,
          name: p.name,
          priceMinor: minor(p.priceMinor),
          taxRateBp: p.taxRateBp,
          grant: {
            kind: 'membership',
            usage: null,
            credits: 0,
            durationValue: p.durationValue,
            durationUnit: p.durationUnit as 'day' | 'month' | 'year',
            startRule: p.startRule as 'on_sale' | 'chosen_date' | 'first_entry',
            allCenters: p.allCenters,
            centerIds: p.centerIds,
            maxFreezes: p.maxFreezes,
            maxFreezeDays: p.maxFreezeDays,
          },
        };
      }
      case 'package': {
        const p = packs.find((x) => x.id === line.itemId);
        if (!p || !p.active || !p.available || !covers(p, input.centerId)) throw gone();
        return {
          type: 'package',
          id: p.id,
          name: p.name,
          priceMinor: minor(p.priceMinor),
          taxRateBp: p.taxRateBp,
          grant: {
            kind: 'package',
            usage: p.usage,
            credits: p.credits,
            durationValue: p.validityDays,
            durationUnit: 'day',
            startRule: 'on_sale',
            allCenters: p.allCenters,
            centerIds: p.centerIds,
            maxFreezes: 0,
            maxFreezeDays: 0,
          },
        };
      }
      case 'short_course': {
        const c = courses.find((x) => x.id === line.itemId);
        if (!c || !c.active || c.centerId !== input.centerId) throw gone();
        return {
          type: 'short_course',
          id: c.id,
          name: c.name,
          priceMinor: minor(c.priceMinor),
          taxRateBp: c.taxRateBp,
          grant: {
            kind: 'short_course',
            usage: 'class',
            credits: c.sessions,
            durationValue: 366,
            durationUnit: 'day',
            startRule: 'on_sale',
            allCenters: false,
            centerIds: [c.centerId],
            maxFreezes: 0,
            maxFreezeDays: 0,
          },
        };
      }
      case 'product': {
        const p = prods.find((x) => x.id === line.itemId);
        if (!p || !p.active) throw gone();
        return {
          type: 'product',
          id: p.id,
          name: p.name,
          priceMinor: minor(p.priceMinor),
          taxRateBp: p.taxRateBp,
          stock: [{ productId: p.id, quantity: 1 }],
        };
      }
      case 'product_set': {
        const s = sets.find((x) => x.id === line.itemId);
        if (!s || !s.active) throw gone();
        return {
          type: 'product_set',
          id: s.id,
          name: s.name,
          priceMinor: minor(s.priceMinor),
          taxRateBp: s.taxRateBp,
          stock: setItems
            .filter((x) => x.setId === s.id)
            .map((x) => ({ productId: x.productId, quantity: x.quantity })),
        };
      }
      default:
        throw gone();
    }
  };
  return input.lines.map(itemOf);
}

const COUPON_MESSAGES: Record<string, string> = {
  unknown: 'No coupon has this code',
  inactive: 'This coupon is switched off',
  not_yet_valid: 'This coupon is not valid yet',
  expired: 'This coupon has expired',
  used_up: 'This coupon has been used as many times as it may be',
  member_limit: 'This member has already used this coupon as often as allowed',
  min_spend: 'The cart is below the coupon’s minimum spend',
};
const couponRefused = (code: string) => refuse('couponCode', `coupon_${code}`, COUPON_MESSAGES[code] ?? code);

/**
 * The coupon named by `code`, its row locked (so its last use goes to one sale), with its uses so
 * far; refused by the retail catalogue's one coupon rule (`couponRefusal`), minimum spend aside
 * (judged once the cart is priced).
 */
async function lockCoupon(ctx: UseCaseContext, code: string, memberId: string, today: BusinessDate) {
  const [coupon] = await ctx.tx
    .select()
    .from(coupons)
    .where(ctx.db.whereOrganisation(coupons, sql`upper(${coupons.code}) = upper(${code})`))
    .for('update');
  const [counts] = coupon
    ? await ctx.tx
        .select({
          total: sql<number>`count(*)::int`,
          mine: sql<number>`count(*) filter (where ${couponUses.memberId} = ${memberId})::int`,
        })
        .from(couponUses)
        .where(and(eq(couponUses.couponId, coupon.id), isNull(couponUses.releasedAt)))
    : [];
  const situation = { today, usesTotal: counts?.total ?? 0, usesByMember: counts?.mine ?? 0 };
  const refusal = couponRefusal(coupon, { ...situation, eligibleSubtotal: null });
  if (refusal) throw couponRefused(refusal);
  return { coupon: coupon!, situation };
}

const OFFER_MESSAGES: Record<string, string> = {
  offer_unknown: 'No offer has this id',
  offer_inactive: 'This offer is switched off',
  offer_not_current: 'This offer does not run at this centre today',
};

/**
 * The offer the sale names must be the organisation's, switched on, and running at the centre on its
 * business date (the rule of `GET /offers/current`); its rule is its coupon, which the sale then uses:
 * applied when the sale names none, and no other coupon may be named with it. Answers the coupon code
 * the sale uses, if any.
 */
async function offerCoupon(
  ctx: UseCaseContext,
  input: Pick<SaleInput, 'offerId' | 'couponCode'>,
  centerId: string,
  today: BusinessDate,
): Promise<string | undefined> {
  if (!input.offerId) return input.couponCode;
  const offer = await ctx.db.first(offers, eq(offers.id, input.offerId));
  const refusal = !offer
    ? 'offer_unknown'
    : !offer.active
      ? 'offer_inactive'
      : (offer.validFrom && offer.validFrom > today) ||
          (offer.validUntil && offer.validUntil < today) ||
          !covers(offer, centerId)
        ? 'offer_not_current'
        : null;
  if (refusal) throw refuse('offerId', refusal, OFFER_MESSAGES[refusal]!);
  if (!offer!.couponId) return input.couponCode;
  const [coupon] = await ctx.tx
    .select({ code: coupons.code })
    .from(coupons)
    .where(ctx.db.whereOrganisation(coupons, eq(coupons.id, offer!.couponId)));
  if (!coupon) return input.couponCode;
  if (input.couponCode && input.couponCode.toUpperCase() !== coupon.code.toUpperCase()) {
    throw refuse('couponCode', 'offer_coupon_other', 'This offer comes with its own coupon');
  }
  return coupon.code;
}

/**
 * Takes the next invoice number of the organisation: `update ... returning` in the sale's transaction
 * (no gaps, no duplicates). The organisation's currency is read in the same statement, under the
 * row's lock, and the invoice keeps it: a currency change (which takes the same lock and is refused
 * once an invoice exists) cannot slip in between.
 */
export async function nextInvoiceNumber(
  ctx: ActorContext,
  centerCode: string,
): Promise<{ seq: number; number: string; currencyCode: string }> {
  const [row] = await ctx.tx
    .update(organisations)
    .set({ invoiceSeq: sql`${organisations.invoiceSeq} + 1` })
    .where(eq(organisations.id, ctx.auth.organisationId))
    .returning({ seq: organisations.invoiceSeq, settings: organisations.settings });
  if (!row) throw notFound('organisation');
  return {
    seq: row.seq,
    number: `${centerCode}-${String(row.seq).padStart(6, '0')}`,
    currencyCode: currencyCodeOf(row.settings),
  };
}

export async function sell(ctx: UseCaseContext, input: SaleInput & { memberId: string }) {
  const member = await ctx.db.first(members, eq(members.id, input.memberId));
  if (!member || member.erasedAt || member.mergedInto) throw notFound('member');
  const center = await ctx.db.usableCenter(input.centerId);
  const today = ctx.clock.today(center.timeZone);
  const config = await readSystemConfig(ctx.tx, ctx.auth.organisationId);

  const items = await loadItems(ctx, input);
  const mayOverride = ctx.auth.ability.can('create', 'PriceOverride');
  input.lines.forEach((line, i) => {
    if (items[i]!.grant && line.quantity !== 1) {
      throw refuse(`lines.${i}.quantity`, 'quantity_one', 'A membership, package or course is sold one per line');
    }
    if (line.unitPriceMinor !== undefined && line.unitPriceMinor !== items[i]!.priceMinor) {
      if (!mayOverride) {
        throw new AppError(403, 'forbidden', 'Changing a price needs the price-override permission', [
          { path: `lines.${i}.unitPriceMinor`, code: 'price_override_forbidden', message: 'Not allowed' },
        ]);
      }
      if (!line.priceOverrideReason) {
        throw refuse(`lines.${i}.priceOverrideReason`, 'reason_required', 'Say why the price is changed');
      }
    }
    // A manual discount lowers the price as an override does: past the organisation's cap it needs the
    // permission, and it always needs a reason (audited below). Coupons and offers are not manual.
    if (line.discountMinor > 0) {
      const gross = (line.unitPriceMinor ?? items[i]!.priceMinor) * line.quantity;
      if (!withinDiscountCap(line.discountMinor, gross, config.manualDiscountCapBp) && !mayOverride) {
        throw new AppError(
          403,
          'forbidden',
          'A discount past the organisation’s limit needs the price-override permission',
          [{ path: `lines.${i}.discountMinor`, code: 'discount_forbidden', message: 'Not allowed' }],
        );
      }
      if (!line.priceOverrideReason) {
        throw refuse(`lines.${i}.priceOverrideReason`, 'reason_required', 'Say why the price is lowered');
      }
    }
    if (line.startOn && items[i]!.grant?.startRule !== 'chosen_date') {
      throw refuse(`lines.${i}.startOn`, 'start_not_chosen', 'This plan does not start on a chosen date');
    }
    if (line.startOn && line.startOn < today) {
      throw refuse(`lines.${i}.startOn`, 'start_in_past', 'The start date is before today');
    }
  });
  const sellers = [...new Set(input.lines.flatMap((l) => (l.soldById ? [l.soldById] : [])))];
  if (sellers.length) {
    const found = await ctx.db.rows(users, and(inArray(users.id, sellers), eq(users.active, true)));
    input.lines.forEach((l, i) => {
      if (l.soldById && !found.some((u) => u.id === l.soldById)) {
        throw refuse(`lines.${i}.soldById`, 'staff_unknown', 'No active staff member has this id');
      }
    });
  }

  const couponCode = await offerCoupon(ctx, input, center.id, today);
  const locked = couponCode ? await lockCoupon(ctx, couponCode, member.id, today) : null;
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

  const { seq, number, currencyCode } = await nextInvoiceNumber(ctx, center.code);
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
  const waitForPayment = config.entitlementActivation === 'on_payment' && !input.payment;
  for (const [i, item] of items.entries()) {
    const g = item.grant;
    if (!g) continue;
    // What the kind's module keeps may refuse it (a short course holds `capacity` members, counted with its row locked).
    await hooksOf(g.kind).beforeGrant(ctx, { itemId: item.id, path: `lines.${i}.itemId` });
    const [ent] = await ctx.db.insert(entitlements, {
      memberId: member.id,
      kind: g.kind,
      itemId: item.id,
      name: item.name,
      usage: g.usage,
      allCenters: g.allCenters,
      centerIds: g.centerIds,
      centerId: center.id,
      invoiceLineId: lineRows[i]!.id,
      durationValue: g.durationValue,
      durationUnit: g.durationUnit,
      startRule: g.startRule,
      maxFreezes: g.maxFreezes,
      maxFreezeDays: g.maxFreezeDays,
    });
    const from = input.lines[i]!.startOn ?? today;
    const startsNow = g.startRule !== 'first_entry' && !waitForPayment;
    await appendLedger(ctx, {
      entitlementId: ent!.id,
      memberId: member.id,
      rows: [
        {
          kind: 'grant',
          creditsDelta: g.credits,
          validFrom: startsNow ? from : null,
          validUntil: startsNow ? endOf(from, g.durationValue, g.durationUnit) : null,
          refType: 'invoice_line',
          refId: lineRows[i]!.id,
          effectiveOn: today,
        },
      ],
    });
    // What the kind's module keeps for it (a course's sessions not started: the member is booked into them).
    await hooksOf(g.kind).granted(ctx, { entitlementId: ent!.id, memberId: member.id, itemId: item.id });
  }

  // A changed price or a manual discount: who, on which line, from what to what, and why.
  for (const [i, line] of lineRows.entries()) {
    if (line.priceOverrideReason) {
      const price = (amount: number) => moneyText(amount, currencyCode);
      const discount = line.discountMinor > 0 ? `, discount ${price(line.discountMinor)}` : '';
      await audit(ctx.tx, ctx.auth, null, {
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
    realtime: false,
  });
  if (input.payment) await recordPayment(ctx, { ...input.payment, invoiceId: invoice!.id });
  return getInvoice(ctx.tx, ctx.auth, invoice!.id, today);
}
