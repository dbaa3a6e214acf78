import type { createReaderRequestSchema } from '@gym/contract/readers';
import type { z } from 'zod';
import { readers } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { getReader } from './queries.ts';
import { newReaderSecret, type ReaderWithSecret } from './reader-secret.ts';

/** A reader at an open centre the caller works in (the one centre rule), with a new secret shown once. */
export async function createReader(
  ctx: UseCaseContext,
  input: z.infer<typeof createReaderRequestSchema>,
): Promise<ReaderWithSecret> {
  await ctx.db.usableCenter(input.centerId, 'centerId');
  const { secret, secretHash } = newReaderSecret();
  const [row] = await ctx.db.insert(readers, {
    centerId: input.centerId,
    name: input.name,
    sn: input.sn,
    secretHash,
  });
  await recordAudit(ctx, {
    action: 'reader.created',
    entityType: 'reader',
    entityId: row!.id,
    centerId: input.centerId,
    summary: `Reader ${input.name} (${input.sn}) created with a new secret`,
    after: { name: input.name, sn: input.sn, centerId: input.centerId },
  });
  // The ingest's cached reader lookups are dropped on every server when this commits.
  await ctx.sessionsChanged({ readers: true });
  return { reader: await getReader(ctx, { id: row!.id }), secret };
}
