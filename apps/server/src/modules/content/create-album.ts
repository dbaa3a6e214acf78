import type { AlbumDetail, createAlbumSchema } from '@gym/contract/content';
import type { z } from 'zod';
import { albums } from '../../db/schema/index.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { getAlbum } from './album-queries.ts';

export async function createAlbum(ctx: UseCaseContext, input: z.infer<typeof createAlbumSchema>): Promise<AlbumDetail> {
  const [row] = await ctx.db.insert(albums, {
    title: input.title,
    description: input.description ?? null,
    createdAt: ctx.clock.now(),
    updatedAt: ctx.clock.now(),
  });
  return getAlbum(ctx, row!.id);
}
