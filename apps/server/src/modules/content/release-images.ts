import { and, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { albumPhotos, contentImages, news, slides } from '../../db/schema/index.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';

/** Removes the rows of these images that nothing uses any more; answers their ids (their files go after the commit). */
const usedBy = (table: typeof albumPhotos | typeof news | typeof slides) =>
  sql`exists (select 1 from ${table} where ${table.imageId} = ${contentImages.id})`;

/** An upload nothing uses this long after it was made (a form left unsaved, an image replaced) is removed. */
export const UNUSED_IMAGE_AFTER_MS = 24 * 60 * 60_000;

/**
 * Every organisation's images that nothing has used for a day after their upload: their rows are
 * removed and answered (their files go after), one statement, so that two servers sweeping at once
 * remove each once. An image put to use meanwhile is kept: the statement checks as it deletes.
 */
export async function sweepUnusedImages(db: Database['db'], now: Date) {
  return db
    .delete(contentImages)
    .where(
      and(
        lt(contentImages.createdAt, new Date(now.getTime() - UNUSED_IMAGE_AFTER_MS)),
        sql`not ${usedBy(albumPhotos)}`,
        sql`not ${usedBy(news)}`,
        sql`not ${usedBy(slides)}`,
      ),
    )
    .returning({ id: contentImages.id, organisationId: contentImages.organisationId });
}

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
