/** The entitlements a sale grants: one per line of a plan, package or course, with its first ledger row. */
import type { BusinessDate } from '@gym/contract/time';
import { entitlements } from '../../db/schema/index.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { appendLedger, endOf, hooksOf } from '../entitlements/index.ts';
import type { SaleItem } from './sale-items.ts';

/**
 * Grants what each line sells (lines without a grant are skipped): started on the sale's day, or on
 * the line's chosen start, unless the plan waits for a first entry or `waitForPayment`.
 */
export async function grantSold(
  ctx: UseCaseContext,
  sale: {
    memberId: string;
    centerId: string;
    today: BusinessDate;
    lines: { item: SaleItem; line: { id: string }; startOn: BusinessDate | undefined }[];
    waitForPayment: boolean;
  },
): Promise<void> {
  const { memberId, centerId, today, waitForPayment } = sale;
  for (const [i, { item, line, startOn }] of sale.lines.entries()) {
    const g = item.grant;
    if (!g) continue;
    // What the kind's module keeps may refuse it (a short course holds `capacity` members, counted with its row locked).
    await hooksOf(g.kind).beforeGrant(ctx, { itemId: item.id, path: `lines.${i}.itemId` });
    const [ent] = await ctx.db.insert(entitlements, {
      memberId: memberId,
      kind: g.kind,
      itemId: item.id,
      name: item.name,
      usage: g.usage,
      allCenters: g.allCenters,
      centerIds: g.centerIds,
      centerId: centerId,
      invoiceLineId: line.id,
      durationValue: g.durationValue,
      durationUnit: g.durationUnit,
      startRule: g.startRule,
      maxFreezes: g.maxFreezes,
      maxFreezeDays: g.maxFreezeDays,
    });
    const from = startOn ?? today;
    const startsNow = g.startRule !== 'first_entry' && !waitForPayment;
    await appendLedger(ctx, {
      entitlementId: ent!.id,
      memberId: memberId,
      rows: [
        {
          kind: 'grant',
          creditsDelta: g.credits,
          validFrom: startsNow ? from : null,
          validUntil: startsNow ? endOf(from, g.durationValue, g.durationUnit) : null,
          refType: 'invoice_line',
          refId: line.id,
          effectiveOn: today,
        },
      ],
    });
    // What the kind's module keeps for it (a course's sessions not started: the member is booked into them).
    await hooksOf(g.kind).granted(ctx, { entitlementId: ent!.id, memberId: memberId, itemId: item.id });
  }
}
