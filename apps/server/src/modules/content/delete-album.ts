import { eq } from 'drizzle-orm';
import { albumPhotos, albums } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { releaseImages } from './release-images.ts';

/** Removes an album and its photos; answers the images no longer used, whose files go after the commit. */
export async function deleteAlbum(ctx: UseCaseContext, input: { id: string }): Promise<{ released: string[] }> {
  const [album] = await ctx.db.lock(albums, eq(albums.id, input.id));
  if (!album) throw notFound('album');
  const photos = await ctx.db.delete(albumPhotos, eq(albumPhotos.albumId, input.id));
  await ctx.db.delete(albums, eq(albums.id, input.id));
  return {
    released: await releaseImages(
      ctx.db,
      photos.map((p) => p.imageId),
    ),
  };
}
