import type { CouponCheck, couponCheckQuerySchema } from '@gym/contract/retail';
import { today as businessToday } from '@gym/contract/time';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { members } from '../../db/schema/index.ts';
import type { AuthContext } from '../../lib/access.ts';
import { callerTimeZone } from '../../lib/business-date.ts';
import { AppError } from '../../lib/errors.ts';
import { tenantDb } from '../../lib/tenant-db.ts';
import { couponRefusal } from './coupon-rules.ts';
import { couponUsesByMember, findCouponByCode, toCoupon } from './queries.ts';

/**
 * Whether a coupon code can be used now, and why not: the sale's own rule (`couponRefusal`) on the
 * business date of the centre (`centerId`, else the caller's first centre), with the member's uses
 * when a member is named. A read: the sale counts again with the coupon's row locked.
 */
export async function checkCoupon(
  db: DbOrTx,
  auth: AuthContext,
  q: z.infer<typeof couponCheckQuerySchema>,
  now: Date = new Date(),
): Promise<CouponCheck> {
  const scoped = tenantDb(db, auth);
  let timeZone: string;
  if (q.centerId) timeZone = (await scoped.usableCenter(q.centerId, 'centerId', false)).timeZone;
  else timeZone = await callerTimeZone(db, auth);
  if (q.memberId && !(await scoped.first(members, eq(members.id, q.memberId)))) {
    throw new AppError(404, 'not_found', 'Member not found', [
      { path: 'memberId', code: 'not_found', message: 'Member not found' },
    ]);
  }
  const today = businessToday(timeZone, now);
  const row = await findCouponByCode(db, auth, q.code);
  const usesByMember = row && q.memberId ? await couponUsesByMember(db, auth, row.c.id, q.memberId) : 0;
  const reason = couponRefusal(row?.c, {
    today,
    usesTotal: Number(row?.uses ?? 0),
    usesByMember,
    eligibleSubtotal: q.subtotal ?? null,
  });
  return { usable: reason === null, reason, coupon: row ? await toCoupon(db, auth, row) : null, today };
}
