import { and, inArray, notExists, sql } from 'drizzle-orm';
import { albumPhotos, contentImages, news, slides } from '../../db/schema/index.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';

/** Removes the rows of these images that nothing uses any more; answers their ids (their files go after the commit). */
export async function releaseImages(db: TenantDb, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const used = (table: typeof albumPhotos | typeof news | typeof slides) =>
    notExists(db.select({ one: sql`1` }).from(table).where(sql`${table.imageId} = ${contentImages.id}`));
  const removed = await db.delete(
    contentImages,
    and(inArray(contentImages.id, ids), used(albumPhotos), used(news), used(slides))!,
  );
  return removed.map((r) => r.id);
}
