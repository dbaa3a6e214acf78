import { z } from 'zod';
import { organisations } from '../../db/schema/index.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';

export const nextMemberCodeSchema = z.object({
  nextSeq: z.number().int().describe('the number the next generated member code carries (counter + 1)'),
});

/**
 * The number the next member code will carry: the organisation's counter plus one (the counter
 * holds the last number handed out). The preview on /system-config renders the pattern being typed
 * with it. A code chosen by hand that already holds that number is skipped at creation, so the
 * preview is the next candidate, not a reservation.
 */
export async function nextMemberSeq(ctx: { db: TenantDb }): Promise<{ nextSeq: number }> {
  // The scoped database reads the caller's organisation row only.
  const [row] = await ctx.db.select({ seq: organisations.memberSeq }).from(organisations);
  return { nextSeq: (row?.seq ?? 0) + 1 };
}
