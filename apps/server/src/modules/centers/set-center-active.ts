import type { CenterDetail } from '@gym/contract/centers';
import { and, eq, ne } from 'drizzle-orm';
import { centers, organisations } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { readersChanged } from './center-rules.ts';
import { getCenterDetail } from './queries.ts';

/**
 * Deactivating closes a centre: it leaves the switcher and new work, and keeps its history.
 * The organisation must keep one active centre; the organisation row is locked so that two
 * managers closing the last two centres at once cannot both succeed.
 */
export async function setCenterActive(
  ctx: UseCaseContext,
  { id, active }: { id: string; active: boolean },
): Promise<CenterDetail> {
  // The scoped database reads (and locks) the caller's organisation row only.
  await ctx.db.select({ id: organisations.id }).from(organisations).for('update');
  const where = eq(centers.id, id);
  const [center] = await ctx.db.select({ id: centers.id, active: centers.active }).from(centers).where(where);
  if (!center) throw notFound('centre');
  if (center.active !== active) {
    // Every centre of the organisation counts, including those this caller does not work in.
    if (
      !active &&
      (await ctx.db.wholeOrganisation.count(centers, and(eq(centers.active, true), ne(centers.id, id)))) === 0
    ) {
      throw new AppError(422, 'last_center', 'The organisation must keep at least one active centre');
    }
    await ctx.db.update(centers).set({ active }).where(where);
  }
  await readersChanged(ctx);
  return getCenterDetail(ctx, { id });
}
