import type { AuditAction } from '@gym/contract/audit';
import type { Reader, updateReaderRequestSchema } from '@gym/contract/readers';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { readers } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { getReader, liveReader } from './queries.ts';

/**
 * Renames, moves or (de)activates a reader. Each kind of change is its own audit row (what the
 * audit log's filter by action finds): `reader.renamed`, `reader.moved` (at the new centre, the old
 * one in `before`), `reader.activated` / `reader.deactivated`; what does not change writes none.
 */
export async function updateReader(
  ctx: UseCaseContext,
  { id, ...input }: z.infer<typeof updateReaderRequestSchema> & { id: string },
): Promise<Reader> {
  const where = liveReader(eq(readers.id, id));
  const [current] = await ctx.db
    .select({ centerId: readers.centerId, name: readers.name, sn: readers.sn, active: readers.active })
    .from(readers)
    .where(where)
    .for('update');
  if (!current) throw notFound('reader');
  // A reader moves only to an open centre the caller works in (the one centre rule).
  if (input.centerId !== undefined && input.centerId !== current.centerId)
    await ctx.db.usableCenter(input.centerId, 'centerId');
  if (Object.keys(input).length > 0) await ctx.db.update(readers).set(input).where(where);
  const after = { ...current, ...input };
  const label = `${after.name} (${current.sn})`;
  const changes: { action: AuditAction; field: 'name' | 'centerId' | 'active'; summary: string }[] = [
    {
      action: 'reader.renamed',
      field: 'name',
      summary: `Reader ${current.name} (${current.sn}) renamed ${after.name}`,
    },
    { action: 'reader.moved', field: 'centerId', summary: `Reader ${label} moved to another centre` },
    {
      action: after.active ? 'reader.activated' : 'reader.deactivated',
      field: 'active',
      summary: `Reader ${label} ${after.active ? 'activated' : 'deactivated'}`,
    },
  ];
  for (const change of changes) {
    await recordAudit(ctx, {
      action: change.action,
      entityType: 'reader',
      entityId: id,
      centerId: after.centerId,
      summary: change.summary,
      before: current,
      after,
      fields: [change.field],
    });
  }
  await ctx.sessionsChanged({ readers: true });
  return getReader(ctx, { id });
}
