/** The catalogue items a sale's lines name, as the sale needs them: price, tax, what is granted, the stock taken. */
import { type Minor, minor } from '@gym/contract/money';
import type { SaleItemType, saleRequestSchema } from '@gym/contract/sales';
import { inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { readAll } from '../../db/client.ts';
import {
  creditPackages,
  membershipPlans,
  productSetItems,
  productSets,
  products,
  shortCourses,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';

export type SaleInput = z.output<typeof saleRequestSchema>;

export const refuse = (path: string, code: string, message: string, status = 422) =>
  new AppError(status, status === 409 ? 'conflict' : 'business_rule', message, [{ path, code, message }]);

/** The item a line sells, as the sale needs it. */
export interface SaleItem {
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

export const covers = (item: { allCenters: boolean; centerIds: string[] }, centerId: string) =>
  item.allCenters || item.centerIds.includes(centerId);

/** The items of the lines, active and sold at `centerId`; a line naming anything else is refused by its path. */
export async function loadItems(ctx: UseCaseContext, input: SaleInput): Promise<SaleItem[]> {
  const ids = (type: SaleItemType) => input.lines.filter((l) => l.itemType === type).map((l) => l.itemId);
  // The catalogue of the whole organisation: an item of another centre is refused by its line below.
  const db = ctx.db.wholeOrganisation;
  const none = ['00000000-0000-0000-0000-000000000000'];
  const pick = (l: string[]) => (l.length ? l : none);
  const [plans, packs, courses, prods, sets] = await readAll(
    ctx.db.unscoped('readAll only chooses how the scoped reads below are sent'),
    () => db.rows(membershipPlans, inArray(membershipPlans.id, pick(ids('membership')))),
    () => db.rows(creditPackages, inArray(creditPackages.id, pick(ids('package')))),
    () => db.rows(shortCourses, inArray(shortCourses.id, pick(ids('short_course')))),
    () => db.rows(products, inArray(products.id, pick(ids('product')))),
    () => db.rows(productSets, inArray(productSets.id, pick(ids('product_set')))),
  );
  const setItems = sets.length
    ? await db.rows(
        productSetItems,
        inArray(
          productSetItems.setId,
          sets.map((s) => s.id),
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
