import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { memberPaymentIds, members } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';

/** Staff renew the member's public payment id: the old address stops working (a link sent to the wrong person). */
export async function renewMemberPaymentId(ctx: UseCaseContext, { memberId }: { memberId: string }): Promise<string> {
  const member = await ctx.db.first(members, eq(members.id, memberId));
  if (!member) throw notFound('member');
  const publicId = randomUUID();
  const now = ctx.clock.now();
  await ctx.db
    .insert(memberPaymentIds)
    .values({ organisationId: ctx.auth.organisationId, memberId, publicId, createdAt: now })
    .onConflictDoUpdate({
      target: [memberPaymentIds.organisationId, memberPaymentIds.memberId],
      set: { publicId, createdAt: now },
    });
  await recordAudit(ctx, {
    action: 'member.payment_id_renewed',
    entityType: 'member',
    entityId: memberId,
    centerId: member.homeCenterId,
    summary: 'Member’s payment link renewed',
  });
  return publicId;
}
