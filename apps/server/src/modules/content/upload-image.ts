import type { StoredImage } from '@gym/contract/content';
import { contentImages } from '../../db/schema/index.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import type { ProcessedImage } from './images.ts';
import { initialOf, storedImage } from './images-query.ts';

/**
 * Records an image whose copies the route has already written under `id` (the route removes them
 * again when this fails).
 */
export async function uploadImage(
  ctx: UseCaseContext,
  input: { id: string; image: Omit<ProcessedImage, 'display' | 'thumb'> },
): Promise<StoredImage> {
  const { image } = input;
  const [row] = await ctx.db.insert(contentImages, {
    id: input.id,
    fileName: image.fileName,
    contentType: 'image/webp',
    width: image.width,
    height: image.height,
    bytes: image.bytes,
    createdAt: ctx.clock.now(),
  });
  return storedImage(await initialOf(ctx.db), row!);
}
