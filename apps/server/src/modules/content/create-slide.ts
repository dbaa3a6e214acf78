import type { createSlideSchema, Slide } from '@gym/contract/content';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { slides } from '../../db/schema/index.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { usableImage } from './images-query.ts';
import { getSlide } from './slide-queries.ts';
import { checkCenters } from './targeting.ts';

/** A new banner, last in the slider's order. */
export async function createSlide(ctx: UseCaseContext, input: z.infer<typeof createSlideSchema>): Promise<Slide> {
  const centerIds = await checkCenters(ctx.db, input.centerIds);
  await usableImage(ctx.db, input.imageId);
  const [last] = await ctx.db.select({ max: sql<number | null>`max(${slides.position})` }).from(slides);
  const [row] = await ctx.db.insert(slides, {
    title: input.title,
    linkUrl: input.linkUrl,
    imageId: input.imageId,
    position: (last?.max ?? -1) + 1,
    publishFrom: input.publishFrom,
    publishUntil: input.publishUntil,
    centerIds,
    languages: [...new Set(input.languages)],
    published: input.published,
    createdAt: ctx.clock.now(),
    updatedAt: ctx.clock.now(),
  });
  return getSlide(ctx, row!.id);
}
