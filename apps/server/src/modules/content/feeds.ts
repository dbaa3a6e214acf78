/**
 * The public feeds (`GET /public/{initial}/news`, `/slides`): what a centre's website or app shows
 * now. The organisation is found by its initial, the centre by its code (the organisation's first
 * open centre when none is named); "now" is the wall clock at that centre, in its time zone. Only
 * published items whose window holds now, meant for that centre (or every centre) and the language
 * asked for (the organisation's default language when none is; items for every language always).
 */
import type { Language } from '@gym/contract/constants';
import type { publicNewsSchema, publicSlideSchema } from '@gym/contract/content';
import { localDateTime } from '@gym/contract/time';
import { and, arrayContains, asc, desc, eq, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { centers, contentImages, news, organisations, slides } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { configOf } from '../../lib/settings.ts';
import { type TenantDb, tenantDb } from '../../lib/tenant-db.ts';
import { publicCaller } from '../../lib/use-case.ts';
import { imagesById, storedImage } from './images-query.ts';
import { wall } from './targeting.ts';

const feedNotFound = () => new AppError(404, 'not_found', 'There is no such feed');

/** The organisation of an initial (any case): the one unscoped read of a public feed. */
async function organisationOf(deps: AppDeps, initial: string) {
  const [org] = await deps.database.db
    .select()
    .from(organisations)
    .where(eq(organisations.initial, initial.toUpperCase()));
  if (!org) throw feedNotFound();
  return org;
}

export interface FeedPlace {
  db: TenantDb;
  initial: string;
  centerId: string;
  /** The wall clock at the centre now (`YYYY-MM-DDTHH:mm`). */
  now: string;
  language: Language;
}

/** The organisation, centre, time and language a feed request is about. */
export async function feedPlace(
  deps: AppDeps,
  initial: string,
  query: { center?: string; lang?: Language },
): Promise<FeedPlace> {
  const org = await organisationOf(deps, initial);
  const db = tenantDb(deps.database.db, publicCaller(org.id, [], 'public content feed'), false);
  const [center] = await db
    .select({ id: centers.id, timeZone: centers.timeZone })
    .from(centers)
    .where(and(eq(centers.active, true), query.center ? eq(centers.code, query.center.toUpperCase()) : undefined))
    .orderBy(asc(centers.createdAt), asc(centers.code))
    .limit(1);
  if (!center) throw feedNotFound();
  return {
    db,
    initial: org.initial,
    centerId: center.id,
    now: localDateTime(deps.clock.now(), center.timeZone),
    language: query.lang ?? configOf(org).defaultLanguage,
  };
}

type Targeted = typeof news | typeof slides;

/** Published, in its window now, for this centre and language. */
function liveWhere(table: Targeted, place: FeedPlace): SQL {
  const now = sql`${place.now}::timestamp`;
  return and(
    eq(table.published, true),
    or(isNull(table.publishFrom), lte(table.publishFrom, now)),
    or(isNull(table.publishUntil), sql`${table.publishUntil} > ${now}`),
    or(eq(sql`cardinality(${table.centerIds})`, 0), arrayContains(table.centerIds, [place.centerId])),
    or(eq(sql`cardinality(${table.languages})`, 0), arrayContains(table.languages, [place.language])),
  )!;
}

export async function newsFeed(
  place: FeedPlace,
  limit: number,
): Promise<{ items: z.input<typeof publicNewsSchema>[] }> {
  const rows = await place.db
    .select()
    .from(news)
    .where(liveWhere(news, place))
    .orderBy(sql`${news.publishFrom} desc nulls last`, desc(news.createdAt), asc(news.id))
    .limit(limit);
  const images = await imagesById(
    place.db,
    rows.map((r) => r.imageId),
  );
  return {
    items: rows.map((r) => {
      const image = r.imageId ? images.get(r.imageId) : undefined;
      return {
        id: r.id,
        title: r.title,
        body: r.body,
        image: image ? storedImage(place.initial, image) : null,
        publishFrom: wall(r.publishFrom),
        publishUntil: wall(r.publishUntil),
      };
    }),
  };
}

export async function slideFeed(
  place: FeedPlace,
  limit: number,
): Promise<{ items: z.input<typeof publicSlideSchema>[] }> {
  const rows = await place.db
    .select({
      slide: slides,
      image: { id: contentImages.id, width: contentImages.width, height: contentImages.height },
    })
    .from(slides)
    .innerJoin(contentImages, eq(contentImages.id, slides.imageId))
    .where(liveWhere(slides, place))
    .orderBy(asc(slides.position), asc(slides.id))
    .limit(limit);
  return {
    items: rows.map(({ slide, image }) => ({
      id: slide.id,
      title: slide.title,
      linkUrl: slide.linkUrl,
      image: storedImage(place.initial, image),
    })),
  };
}

/** An image of the organisation of this initial (404 otherwise): its id is the secret of its address. */
export async function publicImage(deps: AppDeps, initial: string, id: string) {
  const org = await organisationOf(deps, initial);
  const db = tenantDb(deps.database.db, publicCaller(org.id, [], 'public image'), false);
  const image = await db.first(contentImages, eq(contentImages.id, id));
  if (!image) throw notFound('image');
  return { organisationId: org.id, image };
}
