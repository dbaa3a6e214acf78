import type { StoredImage } from '@gym/contract/content';
import { eq, inArray } from 'drizzle-orm';
import { contentImages, organisations } from '../../db/schema/index.ts';
import { notFoundAt } from '../../lib/errors.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';

type ImageRow = Pick<typeof contentImages.$inferSelect, 'id' | 'width' | 'height'>;

/** The public addresses of an image's copies: the organisation's initial and the image's random id. */
export function storedImage(initial: string, image: ImageRow): StoredImage {
  const base = `/api/v1/public/${initial.toLowerCase()}/files/${image.id}`;
  return { id: image.id, url: `${base}/display`, thumbUrl: `${base}/thumb`, width: image.width, height: image.height };
}

/** The caller's organisation's initial (the first part of every image's public address). */
export async function initialOf(db: TenantDb): Promise<string> {
  const [row] = await db.select({ initial: organisations.initial }).from(organisations);
  return row!.initial;
}

/** The images of these ids, by id. */
export async function imagesById(db: TenantDb, ids: (string | null)[]): Promise<Map<string, ImageRow>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: contentImages.id, width: contentImages.width, height: contentImages.height })
    .from(contentImages)
    .where(inArray(contentImages.id, wanted));
  return new Map(rows.map((r) => [r.id, r]));
}

/** An image of the caller's organisation (404 naming `path` otherwise). */
export async function usableImage(db: TenantDb, id: string, path = 'imageId'): Promise<void> {
  const row = await db.first(contentImages, eq(contentImages.id, id));
  if (!row) throw notFoundAt(path, 'Image');
}
