/** What a sale's lines must satisfy before anything is written: overrides, discounts, start dates, sellers. */
import type { SystemConfig } from '@gym/contract/config';
import { withinDiscountCap } from '@gym/contract/pricing';
import type { BusinessDate } from '@gym/contract/time';
import { and, eq, inArray } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { refuse, type SaleInput, type SaleItem } from './sale-items.ts';

/**
 * Each line's price override and manual discount (the permission past the organisation's cap, a
 * reason always), one entitlement per line, and a chosen start date only where the plan has one.
 */
export function checkLines(
  ctx: UseCaseContext,
  facts: { input: SaleInput; items: SaleItem[]; config: SystemConfig; today: BusinessDate },
): void {
  const { input, items, config, today } = facts;
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
}

/** The staff credited with lines (commission) are active staff of the organisation. */
export async function checkSellers(ctx: UseCaseContext, input: SaleInput): Promise<void> {
  const sellers = [...new Set(input.lines.flatMap((l) => (l.soldById ? [l.soldById] : [])))];
  if (sellers.length) {
    const found = await ctx.db.rows(users, and(inArray(users.id, sellers), eq(users.active, true)));
    input.lines.forEach((l, i) => {
      if (l.soldById && !found.some((u) => u.id === l.soldById)) {
        throw refuse(`lines.${i}.soldById`, 'staff_unknown', 'No active staff member has this id');
      }
    });
  }
}
