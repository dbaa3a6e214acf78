import { and, eq } from 'drizzle-orm';
import { albumPhotos } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { releaseImages } from './release-images.ts';

/** Removes a photo from its album; answers the image if nothing else uses it (its files go after the commit). */
export async function removeAlbumPhoto(
  ctx: UseCaseContext,
  input: { id: string; photoId: string },
): Promise<{ released: string[] }> {
  const removed = await ctx.db.delete(
    albumPhotos,
    and(eq(albumPhotos.id, input.photoId), eq(albumPhotos.albumId, input.id))!,
  );
  if (removed.length === 0) throw notFound('photo');
  return { released: await releaseImages(ctx.db, [removed[0]!.imageId]) };
}
