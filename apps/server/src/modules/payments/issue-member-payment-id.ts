import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { memberPaymentIds, members } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';

/**
 * The member's public payment id (`student_uuid` of `/payment/{student_uuid}/{date}/`): random, not
 * the member's own id; made the first time staff ask for the member's payment page, the same after.
 */
export async function issueMemberPaymentId(ctx: UseCaseContext, { memberId }: { memberId: string }): Promise<string> {
  const member = await ctx.db.first(members, eq(members.id, memberId));
  if (!member) throw notFound('member');
  await ctx.db
    .insert(memberPaymentIds)
    .values({ organisationId: ctx.auth.organisationId, memberId, publicId: randomUUID(), createdAt: ctx.clock.now() })
    .onConflictDoNothing();
  const [row] = await ctx.db.rows(memberPaymentIds, eq(memberPaymentIds.memberId, memberId));
  return row!.publicId;
}
