import type { Slide, updateSlideSchema } from '@gym/contract/content';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { slides } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { usableImage } from './images-query.ts';
import { releaseImages } from './release-images.ts';
import { getSlide } from './slide-queries.ts';
import { checkCenters, wall } from './targeting.ts';

export async function updateSlide(
  ctx: UseCaseContext,
  input: z.infer<typeof updateSlideSchema> & { id: string },
): Promise<{ slide: Slide; released: string[] }> {
  const { id, centerIds, imageId, languages, ...rest } = input;
  const [current] = await ctx.db.lock(slides, eq(slides.id, id));
  if (!current) throw notFound('slide');
  const set: Partial<typeof slides.$inferInsert> = { ...rest, updatedAt: ctx.clock.now() };
  if (centerIds !== undefined) set.centerIds = await checkCenters(ctx.db, centerIds);
  if (imageId !== undefined) {
    await usableImage(ctx.db, imageId);
    set.imageId = imageId;
  }
  if (languages !== undefined) set.languages = [...new Set(languages)];
  const from = rest.publishFrom !== undefined ? rest.publishFrom : wall(current.publishFrom);
  const until = rest.publishUntil !== undefined ? rest.publishUntil : wall(current.publishUntil);
  if (from && until && until <= from) {
    throw new AppError(422, 'validation_failed', 'The end must be after the start', [
      { path: 'publishUntil', code: 'publish_until_before_from', message: 'The end must be after the start' },
    ]);
  }
  await ctx.db.update(slides, set, eq(slides.id, id));
  // A replaced image goes when nothing else shows it (its files after the commit).
  const replaced = imageId !== undefined && current.imageId && current.imageId !== imageId ? [current.imageId] : [];
  return { slide: await getSlide(ctx, id), released: await releaseImages(ctx.db, replaced) };
}
