import type { Slide } from '@gym/contract/content';
import { asc, eq } from 'drizzle-orm';
import { slides } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';
import { imagesById, initialOf, storedImage } from './images-query.ts';
import { centersOf, wall } from './targeting.ts';

type SlideRow = typeof slides.$inferSelect;

async function toSlides(db: TenantDb, rows: SlideRow[]): Promise<Slide[]> {
  if (rows.length === 0) return [];
  const [initial, images, centres] = await Promise.all([
    initialOf(db),
    imagesById(
      db,
      rows.map((r) => r.imageId),
    ),
    centersOf(db, [...new Set(rows.flatMap((r) => r.centerIds))]),
  ]);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    linkUrl: r.linkUrl,
    image: storedImage(initial, images.get(r.imageId)!),
    position: r.position,
    publishFrom: wall(r.publishFrom),
    publishUntil: wall(r.publishUntil),
    centers: r.centerIds.flatMap((id) => centres.get(id) ?? []).sort((a, b) => a.code.localeCompare(b.code)),
    languages: r.languages as Slide['languages'],
    published: r.published,
  }));
}

/** Every slide of the organisation, in the slider's order (a gym has a handful). */
export async function listSlides({ db }: { db: TenantDb }): Promise<{ items: Slide[] }> {
  const rows = await db.select().from(slides).orderBy(asc(slides.position), asc(slides.createdAt), asc(slides.id));
  return { items: await toSlides(db, rows) };
}

export async function getSlide({ db }: { db: TenantDb }, id: string): Promise<Slide> {
  const row = await db.first(slides, eq(slides.id, id));
  if (!row) throw notFound('slide');
  return (await toSlides(db, [row]))[0]!;
}
