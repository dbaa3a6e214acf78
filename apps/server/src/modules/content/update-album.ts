import type { AlbumDetail, updateAlbumSchema } from '@gym/contract/content';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { albums } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { getAlbum } from './album-queries.ts';

export async function updateAlbum(
  ctx: UseCaseContext,
  input: z.infer<typeof updateAlbumSchema> & { id: string },
): Promise<AlbumDetail> {
  const { id, ...rest } = input;
  const changed = await ctx.db.update(albums, { ...rest, updatedAt: ctx.clock.now() }, eq(albums.id, id));
  if (changed.length === 0) throw notFound('album');
  return getAlbum(ctx, id);
}
