import type { Slide } from '@gym/contract/content';
import { eq, sql } from 'drizzle-orm';
import { slides } from '../../db/schema/index.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { checkSameSet } from './reorder.ts';
import { listSlides } from './slide-queries.ts';

/** Puts every slide in the order given (all of them, each once). */
export async function reorderSlides(ctx: UseCaseContext, input: { ids: string[] }): Promise<{ items: Slide[] }> {
  const current = await ctx.db.lock(slides, sql`true`);
  checkSameSet(
    current.map((s) => s.id),
    input.ids,
  );
  for (const [position, id] of input.ids.entries()) {
    await ctx.db.update(slides, { position }, eq(slides.id, id));
  }
  return listSlides(ctx);
}
