import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { organisations } from '../../db/schema/index.ts';

export const nextMemberCodeSchema = z.object({
  nextSeq: z.number().int().describe('the number the next generated member code carries (counter + 1)'),
});

/**
 * The number the next member code will carry: the organisation's counter plus one (the counter
 * holds the last number handed out). The preview on /system-config renders the pattern being typed
 * with it. A code chosen by hand that already holds that number is skipped at creation, so the
 * preview is the next candidate, not a reservation.
 */
export async function nextMemberSeq(db: DbOrTx, organisationId: string): Promise<{ nextSeq: number }> {
  const [row] = await db
    .select({ seq: organisations.memberSeq })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return { nextSeq: (row?.seq ?? 0) + 1 };
}
