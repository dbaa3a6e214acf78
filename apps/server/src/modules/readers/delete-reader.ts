import { eq } from 'drizzle-orm';
import { readers } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { liveReader } from './queries.ts';

/** Deleting keeps the row (entries will name their reader) and frees the serial number for a replacement. */
export async function deleteReader(ctx: UseCaseContext, input: { id: string }): Promise<void> {
  const [row] = await ctx.db
    .update(readers)
    .set({ deletedAt: ctx.clock.now(), active: false })
    .where(liveReader(eq(readers.id, input.id)))
    .returning({ id: readers.id, name: readers.name, sn: readers.sn, centerId: readers.centerId });
  if (!row) throw notFound('reader');
  await recordAudit(ctx, {
    action: 'reader.deleted',
    entityType: 'reader',
    entityId: row.id,
    centerId: row.centerId,
    summary: `Reader ${row.name} (${row.sn}) deleted; its serial number is free again`,
    before: { name: row.name, sn: row.sn, centerId: row.centerId },
  });
  await ctx.sessionsChanged({ readers: true });
}
