import { eq } from 'drizzle-orm';
import { importPresets } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';

/** Deletes a saved mapping of the organisation (404 for one it does not have). */
export async function deletePreset(ctx: UseCaseContext, input: { id: string }): Promise<void> {
  const deleted = await ctx.db.delete(importPresets, eq(importPresets.id, input.id));
  if (deleted.length === 0) throw notFound('preset');
}
