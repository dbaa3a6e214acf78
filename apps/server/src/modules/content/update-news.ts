import type { News, updateNewsSchema } from '@gym/contract/content';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { news } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { usableImage } from './images-query.ts';
import { newsBody } from './news-body.ts';
import { getNews } from './news-queries.ts';
import { releaseImages } from './release-images.ts';
import { checkCenters, wall } from './targeting.ts';

export async function updateNews(
  ctx: UseCaseContext,
  input: z.infer<typeof updateNewsSchema> & { id: string },
): Promise<{ news: News; released: string[] }> {
  const { id, body, centerIds, imageId, languages, ...rest } = input;
  const [current] = await ctx.db.lock(news, eq(news.id, id));
  if (!current) throw notFound('news');
  const set: Partial<typeof news.$inferInsert> = { ...rest, updatedAt: ctx.clock.now() };
  if (body !== undefined) set.body = newsBody(body);
  if (centerIds !== undefined) set.centerIds = await checkCenters(ctx.db, centerIds);
  if (imageId) await usableImage(ctx.db, imageId);
  if (imageId !== undefined) set.imageId = imageId;
  if (languages !== undefined) set.languages = [...new Set(languages)];
  const from = rest.publishFrom !== undefined ? rest.publishFrom : wall(current.publishFrom);
  const until = rest.publishUntil !== undefined ? rest.publishUntil : wall(current.publishUntil);
  if (from && until && until <= from) {
    throw new AppError(422, 'validation_failed', 'The end must be after the start', [
      { path: 'publishUntil', code: 'publish_until_before_from', message: 'The end must be after the start' },
    ]);
  }
  await ctx.db.update(news, set, eq(news.id, id));
  // A replaced image goes when nothing else shows it (its files after the commit).
  const replaced = imageId !== undefined && current.imageId && current.imageId !== imageId ? [current.imageId] : [];
  return { news: await getNews(ctx, id), released: await releaseImages(ctx.db, replaced) };
}
