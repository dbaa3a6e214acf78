import type { AlbumDetail } from '@gym/contract/content';
import { and, eq } from 'drizzle-orm';
import { albumPhotos, albums } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { getAlbum } from './album-queries.ts';
import { checkSameSet } from './reorder.ts';

/** Puts an album's photos in the order given (all of them, each once). */
export async function reorderAlbumPhotos(
  ctx: UseCaseContext,
  input: { id: string; ids: string[] },
): Promise<AlbumDetail> {
  const [album] = await ctx.db.lock(albums, eq(albums.id, input.id));
  if (!album) throw notFound('album');
  const current = await ctx.db.lock(albumPhotos, eq(albumPhotos.albumId, input.id));
  checkSameSet(
    current.map((p) => p.id),
    input.ids,
  );
  for (const [position, id] of input.ids.entries()) {
    await ctx.db.update(albumPhotos, { position }, and(eq(albumPhotos.id, id), eq(albumPhotos.albumId, input.id))!);
  }
  return getAlbum(ctx, input.id);
}
