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
/** What every sold item says of itself: its kind, id, name, price and tax rate. */
const priced = (
  type: SaleItemType,
  item: { id: string; name: string; priceMinor: number; taxRateBp: number },
): Omit<SaleItem, 'grant' | 'stock'> => ({
  type,
  id: item.id,
  name: item.name,
  priceMinor: minor(item.priceMinor),
  taxRateBp: item.taxRateBp,
});

/** What a package or a course grants: `credits` for `usage`, valid `days` days from the sale, where it covers, no freezes. */
const creditGrant = (
  kind: 'package' | 'short_course',
  usage: string,
  credits: number,
  days: number,
  where: { allCenters: boolean; centerIds: string[] },
): NonNullable<SaleItem['grant']> => ({
  kind,
  usage,
  credits,
  durationValue: days,
  durationUnit: 'day',
  startRule: 'on_sale',
  allCenters: where.allCenters,
  centerIds: where.centerIds,
  maxFreezes: 0,
  maxFreezeDays: 0,
});

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
          ...priced('membership', p),
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
          ...priced('package', p),
          grant: creditGrant('package', p.usage, p.credits, p.validityDays, p),
        };
      }
      case 'short_course': {
        const c = courses.find((x) => x.id === line.itemId);
        if (!c || !c.active || c.centerId !== input.centerId) throw gone();
        return {
          ...priced('short_course', c),
          grant: creditGrant('short_course', 'class', c.sessions, 366, { allCenters: false, centerIds: [c.centerId] }),
        };
      }
      case 'product': {
        const p = prods.find((x) => x.id === line.itemId);
        if (!p?.active) throw gone();
        return { ...priced('product', p), stock: [{ productId: p.id, quantity: 1 }] };
      }
      case 'product_set': {
        const s = sets.find((x) => x.id === line.itemId);
        if (!s?.active) throw gone();
        return {
          ...priced('product_set', s),
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
