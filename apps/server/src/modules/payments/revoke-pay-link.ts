import { eq } from 'drizzle-orm';
import { payLinks } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import type { PayLinkRow } from './pay-link-state.ts';

/**
 * Staff withdraw a pay link: its page then says so, and it can no longer be paid. A paid link is
 * not revoked (its money is in); revoking twice is the same as once. A checkout the member already
 * opened is not taken back at the provider: money paid there is still recorded.
 */
export async function revokePayLink(ctx: UseCaseContext, { id }: { id: string }): Promise<PayLinkRow> {
  const [link] = await ctx.db.lock(payLinks, eq(payLinks.id, id));
  if (!link) throw notFound('pay link');
  if (link.paidAt) throw new AppError(409, 'pay_link_paid', 'This pay link has been paid');
  if (link.revokedAt) return link;
  const [revoked] = await ctx.db.update(
    payLinks,
    { revokedAt: ctx.clock.now(), revokedBy: ctx.auth.userId },
    eq(payLinks.id, id),
  );
  await recordAudit(ctx, {
    action: 'pay_link.revoked',
    entityType: 'pay_link',
    entityId: id,
    centerId: link.centerId,
    summary: 'Pay link revoked',
    before: { revokedAt: null },
    after: { revokedAt: revoked!.revokedAt?.toISOString() ?? null },
  });
  return revoked!;
}
