import { randomBytes } from 'node:crypto';
import type { SignaturePadOpen } from '@gym/contract/signatures';
import { eq } from 'drizzle-orm';
import { signatureRequests } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { tokenHashOf } from './create-signature-request.ts';
import { refuseClosed } from './sign-document.ts';

/**
 * The tablet `/epad/{padId}`, signed in at a centre, opens the document it was just told of: it is
 * handed a fresh signing token for that request (the one made when it was sent stays with the
 * sender, and stops working). Only a request sent to a tablet of that name, at a centre the caller
 * works at, still open: another tablet's, a link's or a closed one answers 404 or 410.
 */
export async function openOnPad(
  ctx: UseCaseContext,
  { id, padId }: SignaturePadOpen & { id: string },
): Promise<{ token: string }> {
  const [row] = await ctx.db.lock(signatureRequests, eq(signatureRequests.id, id));
  if (!row || row.channel !== 'pad' || row.padId !== padId) throw notFound('signature request');
  refuseClosed(row, ctx.clock.now());
  const token = randomBytes(24).toString('base64url');
  await ctx.db.update(signatureRequests, { tokenHash: tokenHashOf(token) }, eq(signatureRequests.id, id));
  return { token };
}
