import type { CouponCheck, couponCheckQuerySchema } from '@gym/contract/retail';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { members } from '../../db/schema/index.ts';
import { callerTimeZone } from '../../lib/business-date.ts';
import { notFoundAt } from '../../lib/errors.ts';
import type { QueryContext } from '../../lib/use-case.ts';
import { couponUsesByMember, findCouponByCode, toCoupon } from './coupon-queries.ts';
import { couponRefusal } from './coupon-rules.ts';

/**
 * Whether a coupon code can be used now, and why not: the sale's own rule (`couponRefusal`) on the
 * business date of the centre (`centerId`, else the caller's first centre), with the member's uses
 * when a member is named. A read: the sale counts again with the coupon's row locked.
 */
export async function checkCoupon(ctx: QueryContext, q: z.infer<typeof couponCheckQuerySchema>): Promise<CouponCheck> {
  const { db } = ctx;
  const timeZone = q.centerId
    ? (await db.usableCenter(q.centerId, 'centerId', false)).timeZone
    : await callerTimeZone(db.unscoped('callerTimeZone limits the centres to the caller’s itself'), ctx.auth);
  if (q.memberId && !(await db.first(members, eq(members.id, q.memberId)))) {
    throw notFoundAt('memberId', 'Member');
  }
  const today = ctx.clock.today(timeZone);
  const row = await findCouponByCode(db, q.code);
  const usesByMember =
    row && q.memberId ? await couponUsesByMember(db, { couponId: row.c.id, memberId: q.memberId }) : 0;
  const reason = couponRefusal(row?.c, {
    today,
    usesTotal: Number(row?.uses ?? 0),
    usesByMember,
    eligibleSubtotal: q.subtotal ?? null,
  });
  return { usable: reason === null, reason, coupon: row ? await toCoupon(db, row) : null, today };
}
