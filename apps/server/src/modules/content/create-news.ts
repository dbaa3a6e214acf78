import type { createNewsSchema, News } from '@gym/contract/content';
import type { z } from 'zod';
import { news } from '../../db/schema/index.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { usableImage } from './images-query.ts';
import { newsBody } from './news-body.ts';
import { getNews } from './news-queries.ts';
import { checkCenters } from './targeting.ts';

export async function createNews(ctx: UseCaseContext, input: z.infer<typeof createNewsSchema>): Promise<News> {
  const centerIds = await checkCenters(ctx.db, input.centerIds);
  if (input.imageId) await usableImage(ctx.db, input.imageId);
  const [row] = await ctx.db.insert(news, {
    title: input.title,
    body: newsBody(input.body),
    imageId: input.imageId,
    publishFrom: input.publishFrom,
    publishUntil: input.publishUntil,
    centerIds,
    languages: [...new Set(input.languages)],
    published: input.published,
    createdAt: ctx.clock.now(),
    updatedAt: ctx.clock.now(),
  });
  return getNews(ctx, row!.id);
}
