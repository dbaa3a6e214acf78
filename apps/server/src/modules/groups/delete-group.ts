import { eq } from 'drizzle-orm';
import { memberGroups } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';

/** Deletes a group; its members stay, only the grouping goes. */
export async function deleteGroup(ctx: UseCaseContext, input: { id: string }): Promise<void> {
  const deleted = await ctx.db.delete(memberGroups, eq(memberGroups.id, input.id));
  if (deleted.length === 0) throw notFound('group');
}
