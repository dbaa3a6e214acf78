import { eq } from 'drizzle-orm';
import { news } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { releaseImages } from './release-images.ts';

/** Removes a piece of news; answers its image if nothing else uses it (its files go after the commit). */
export async function deleteNews(ctx: UseCaseContext, input: { id: string }): Promise<{ released: string[] }> {
  const removed = await ctx.db.delete(news, eq(news.id, input.id));
  if (removed.length === 0) throw notFound('news');
  return {
    released: await releaseImages(
      ctx.db,
      removed.flatMap((n) => n.imageId ?? []),
    ),
  };
}
