import { eq } from 'drizzle-orm';
import { slides } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';

export async function deleteSlide(ctx: UseCaseContext, input: { id: string }): Promise<void> {
  const removed = await ctx.db.delete(slides, eq(slides.id, input.id));
  if (removed.length === 0) throw notFound('slide');
}
