import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, reference, tenantKey, tenantTarget, timestamps } from './columns.ts';
import { tenantRow } from './tenancy.ts';

/** A wall-clock time in a centre's time zone (the publish windows): no zone of its own. */
const wallTime = (name: string) => timestamp(name, { mode: 'string', withTimezone: false });

/**
 * An uploaded image of the content screens: checked by its content, resized on the server, kept as a
 * display copy and a thumbnail in the file storage (`lib/storage.ts`, keys `<id>` and `<id>.thumb`
 * under the organisation). The row is never changed; a new image is a new row.
 */
export const contentImages = pgTable(
  'content_images',
  {
    ...tenantRow(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [tenantTarget('content_images_org_id', t), index('content_images_org').on(t.organisationId)],
);

/**
 * News: sanitised rich text, an image, a publish window (centre wall-clock), the centres it is for
 * (none: every centre) and its languages (none: every language).
 */
export const news = pgTable(
  'news',
  {
    ...tenantRow(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    imageId: uuid('image_id'),
    publishFrom: wallTime('publish_from'),
    publishUntil: wallTime('publish_until'),
    centerIds: uuid('center_ids').array().notNull().default(sql`'{}'::uuid[]`),
    languages: text('languages').array().notNull().default(sql`'{}'::text[]`),
    published: boolean('published').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    tenantTarget('news_org_id', t),
    index('news_org_updated').on(t.organisationId, t.updatedAt),
    tenantKey('news_org_image_fk', t, t.imageId, contentImages),
    check(
      'news_window',
      sql`${t.publishUntil} is null or ${t.publishFrom} is null or ${t.publishUntil} > ${t.publishFrom}`,
    ),
  ],
);

export const albums = pgTable(
  'albums',
  {
    ...tenantRow(),
    title: text('title').notNull(),
    description: text('description'),
    ...timestamps(),
  },
  (t) => [tenantTarget('albums_org_id', t), index('albums_org').on(t.organisationId)],
);

/** A photo of an album, in the album's order (`position`, from 0). */
export const albumPhotos = pgTable(
  'album_photos',
  {
    ...tenantRow(),
    albumId: reference('album_id', () => albums.id),
    imageId: reference('image_id', () => contentImages.id),
    caption: text('caption'),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    tenantTarget('album_photos_org_id', t),
    index('album_photos_album').on(t.albumId, t.position),
    tenantKey('album_photos_org_album_fk', t, t.albumId, albums).onDelete('cascade'),
    tenantKey('album_photos_org_image_fk', t, t.imageId, contentImages),
  ],
);

/** A banner of the slider: an image, a link, its place in the order, a publish window, centres, languages. */
export const slides = pgTable(
  'slides',
  {
    ...tenantRow(),
    title: text('title').notNull(),
    linkUrl: text('link_url'),
    imageId: uuid('image_id').notNull(),
    position: integer('position').notNull(),
    publishFrom: wallTime('publish_from'),
    publishUntil: wallTime('publish_until'),
    centerIds: uuid('center_ids').array().notNull().default(sql`'{}'::uuid[]`),
    languages: text('languages').array().notNull().default(sql`'{}'::text[]`),
    published: boolean('published').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    tenantTarget('slides_org_id', t),
    index('slides_org_position').on(t.organisationId, t.position),
    tenantKey('slides_org_image_fk', t, t.imageId, contentImages),
    check(
      'slides_window',
      sql`${t.publishUntil} is null or ${t.publishFrom} is null or ${t.publishUntil} > ${t.publishFrom}`,
    ),
  ],
);
