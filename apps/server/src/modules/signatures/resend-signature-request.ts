import { eq } from 'drizzle-orm';
import { signatureRequests } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { createSignatureRequest } from './create-signature-request.ts';

/** A new request for the same member, template and channel; the one before is replaced (its link stops working). */
export async function resendSignatureRequest(ctx: UseCaseContext, { id }: { id: string }) {
  const row = await ctx.db.first(signatureRequests, eq(signatureRequests.id, id));
  if (!row) throw notFound('signature request');
  if (row.usedAt) throw new AppError(409, 'signature_link_used', 'This document has already been signed');
  return createSignatureRequest(ctx, {
    memberId: row.memberId,
    templateId: row.templateId,
    channel: row.channel as 'link',
    ...(row.padId ? { padId: row.padId, centerId: row.centerId } : {}),
    ...(row.invoiceId ? { invoiceId: row.invoiceId } : {}),
  });
}
