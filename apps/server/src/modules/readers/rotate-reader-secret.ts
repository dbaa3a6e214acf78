import { eq } from 'drizzle-orm';
import { readers } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { getReader, liveReader } from './queries.ts';
import { newReaderSecret, type ReaderWithSecret } from './reader-secret.ts';

/** A new secret replaces the old one at once: a reader still using the old one is refused from now on. */
export async function rotateReaderSecret(ctx: UseCaseContext, input: { id: string }): Promise<ReaderWithSecret> {
  const { id } = input;
  const { secret, secretHash } = newReaderSecret();
  const [row] = await ctx.db
    .update(readers)
    .set({ secretHash })
    .where(liveReader(eq(readers.id, id)))
    .returning({ id: readers.id });
  if (!row) throw notFound('reader');
  const reader = await getReader(ctx, { id });
  await recordAudit(ctx, {
    action: 'reader.secret_rotated',
    entityType: 'reader',
    entityId: id,
    centerId: reader.center.id,
    summary: `Secret of reader ${reader.name} (${reader.sn}) replaced`,
  });
  await ctx.sessionsChanged({ readers: true });
  return { reader, secret };
}
