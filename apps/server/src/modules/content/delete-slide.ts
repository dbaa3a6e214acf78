import { eq } from 'drizzle-orm';
import { slides } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { releaseImages } from './release-images.ts';

/** Removes a slide; answers its image if nothing else uses it (its files go after the commit). */
export async function deleteSlide(ctx: UseCaseContext, input: { id: string }): Promise<{ released: string[] }> {
  const removed = await ctx.db.delete(slides, eq(slides.id, input.id));
  if (removed.length === 0) throw notFound('slide');
  return {
    released: await releaseImages(
      ctx.db,
      removed.map((s) => s.imageId),
    ),
  };
}
