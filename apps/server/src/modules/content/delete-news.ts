import { eq } from 'drizzle-orm';
import { news } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';

/** Removes a piece of news (its image stays with the organisation's uploads). */
export async function deleteNews(ctx: UseCaseContext, input: { id: string }): Promise<void> {
  const removed = await ctx.db.delete(news, eq(news.id, input.id));
  if (removed.length === 0) throw notFound('news');
}
