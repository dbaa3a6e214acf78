import { eq } from 'drizzle-orm';
import { signatureRequests } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import type { SignatureRequestRow } from './create-signature-request.ts';

/** Staff withdraw a request: its link answers 410. A signed one stays signed (409); twice is once. */
export async function revokeSignatureRequest(
  ctx: UseCaseContext,
  { id }: { id: string },
): Promise<SignatureRequestRow> {
  const [row] = await ctx.db.lock(signatureRequests, eq(signatureRequests.id, id));
  if (!row) throw notFound('signature request');
  if (row.usedAt) throw new AppError(409, 'signature_link_used', 'This document has already been signed');
  if (row.revokedAt) return row;
  const [revoked] = await ctx.db.update(
    signatureRequests,
    { revokedAt: ctx.clock.now() },
    eq(signatureRequests.id, id),
  );
  await recordAudit(ctx, {
    action: 'signature_request.revoked',
    entityType: 'signature_request',
    entityId: id,
    centerId: row.centerId,
    summary: 'Signature request revoked',
  });
  return revoked!;
}
