/**
 * Content (`/news-list`, `/album-list`, `/slider`, `/pro/news`, `/pro/albums`, `/pro/slides`): news
 * with rich text, photo albums and the banners of the slider, each image an uploaded file checked by
 * its content and resized on the server. Publish windows are wall-clock times read in each centre's
 * time zone (`YYYY-MM-DDTHH:mm`); the public feeds (`/public/{initial}/news`, `/slides`) show what
 * is published now at the centre asked for.
 */
import { z } from 'zod';
import { LANGUAGES } from './constants.ts';
import { EXPORT_FORMATS } from './members.ts';
import { listQuerySchema, pageOf } from './pagination.ts';
import { text } from './text.ts';

/** Largest image accepted (bytes of the file itself); a larger body is refused with 413. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Largest image accepted in pixels (width × height), whatever its bytes: a decompression bomb is refused. */
export const IMAGE_MAX_PIXELS = 40_000_000;
/** The longest side of the display copy and of the thumbnail, in pixels. */
export const IMAGE_DISPLAY_SIZE = 1600;
export const IMAGE_THUMB_SIZE = 400;
/** The photos one album may hold. */
export const ALBUM_MAX_PHOTOS = 500;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** An image as the client sends it: its name (kept only as a label) and its bytes in base64. */
export const imageUploadSchema = z.strictObject({
  fileName: text().trim().min(1).max(200),
  content: text()
    .min(4)
    .refine((s) => s.length % 4 === 0 && BASE64.test(s), 'base64_invalid'),
});
export type ImageUpload = z.infer<typeof imageUploadSchema>;

/** A stored image: its display copy and thumbnail, by address (public: the id is random). */
export const storedImageSchema = z.object({
  id: z.string(),
  url: z.string(),
  thumbUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type StoredImage = z.infer<typeof storedImageSchema>;

/** A wall-clock time in a centre's time zone, to the minute. */
export const localDateTimeSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/, 'local_date_time_invalid');

const centerIdsSchema = z.array(z.uuid()).max(200);
const languagesSchema = z.array(z.enum(LANGUAGES)).max(LANGUAGES.length);
const urlSchema = text()
  .trim()
  .max(500)
  .refine((v) => /^(https?:\/\/[^\s]+|\/[^\s/][^\s]*)$/.test(v), 'link_invalid');

/** `until` after `from` when both are set. */
const windowOrder = (v: { publishFrom?: string | null; publishUntil?: string | null }) =>
  !v.publishFrom || !v.publishUntil || v.publishUntil > v.publishFrom;
const windowIssue = { path: ['publishUntil'], message: 'publish_until_before_from' };

const centerRef = z.object({ id: z.string(), code: z.string(), name: z.string() });

export const NEWS_STATUSES = ['draft', 'scheduled', 'published', 'ended'] as const;
export type NewsStatus = (typeof NEWS_STATUSES)[number];

export const newsSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Sanitised HTML (an allowlist of tags and attributes). */
  body: z.string(),
  image: storedImageSchema.nullable(),
  publishFrom: z.string().nullable(),
  publishUntil: z.string().nullable(),
  /** No centre: every centre. */
  centers: z.array(centerRef),
  /** No language: every language. */
  languages: z.array(z.enum(LANGUAGES)),
  published: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type News = z.infer<typeof newsSchema>;
export const newsListResponseSchema = pageOf(newsSchema);
export const newsListQuerySchema = listQuerySchema.extend({
  centerId: z.uuid().optional(),
  language: z.enum(LANGUAGES).optional(),
  sort: z.enum(['title', '-title', 'publishFrom', '-publishFrom', 'updatedAt', '-updatedAt']).default('-updatedAt'),
});
export const newsExportQuerySchema = newsListQuerySchema
  .omit({ page: true, pageSize: true })
  .extend({ format: z.enum(EXPORT_FORMATS) });

const newsFields = {
  title: text().trim().min(1).max(200),
  body: z.string().max(100_000),
  imageId: z.uuid().nullable(),
  publishFrom: localDateTimeSchema.nullable(),
  publishUntil: localDateTimeSchema.nullable(),
  centerIds: centerIdsSchema,
  languages: languagesSchema,
  published: z.boolean(),
};
export const createNewsSchema = z
  .strictObject({
    ...newsFields,
    imageId: newsFields.imageId.default(null),
    publishFrom: newsFields.publishFrom.default(null),
    publishUntil: newsFields.publishUntil.default(null),
    centerIds: newsFields.centerIds.default([]),
    languages: newsFields.languages.default([]),
    published: newsFields.published.default(true),
  })
  .refine(windowOrder, windowIssue);
export const updateNewsSchema = z.strictObject(newsFields).partial().refine(windowOrder, windowIssue);

export const contentIdParamsSchema = z.object({ id: z.uuid() });

export const albumPhotoSchema = z.object({
  id: z.string(),
  image: storedImageSchema,
  caption: z.string().nullable(),
  fileName: z.string(),
});
export type AlbumPhoto = z.infer<typeof albumPhotoSchema>;
export const albumSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  cover: storedImageSchema.nullable(),
  photoCount: z.number().int(),
  createdAt: z.string(),
});
export type Album = z.infer<typeof albumSchema>;
export const albumDetailSchema = albumSchema.extend({ photos: z.array(albumPhotoSchema) });
export type AlbumDetail = z.infer<typeof albumDetailSchema>;
export const albumListResponseSchema = pageOf(albumSchema);
export const albumListQuerySchema = listQuerySchema.extend({
  sort: z.enum(['title', '-title', 'createdAt', '-createdAt']).default('-createdAt'),
});
export const createAlbumSchema = z.strictObject({
  title: text().trim().min(1).max(200),
  description: text({ multiline: true }).trim().max(2000).nullish(),
});
export const updateAlbumSchema = createAlbumSchema.partial();
export const addAlbumPhotoSchema = z.strictObject({
  imageId: z.uuid(),
  caption: text().trim().max(200).nullish(),
});
export const reorderSchema = z.strictObject({ ids: z.array(z.uuid()).min(1).max(ALBUM_MAX_PHOTOS) });
export const albumPhotoParamsSchema = z.object({ id: z.uuid(), photoId: z.uuid() });

export const slideSchema = z.object({
  id: z.string(),
  title: z.string(),
  linkUrl: z.string().nullable(),
  image: storedImageSchema,
  position: z.number().int(),
  publishFrom: z.string().nullable(),
  publishUntil: z.string().nullable(),
  centers: z.array(centerRef),
  languages: z.array(z.enum(LANGUAGES)),
  published: z.boolean(),
});
export type Slide = z.infer<typeof slideSchema>;
export const slideListSchema = z.object({ items: z.array(slideSchema) });
const slideFields = {
  title: text().trim().min(1).max(200),
  linkUrl: urlSchema.nullable(),
  imageId: z.uuid(),
  publishFrom: localDateTimeSchema.nullable(),
  publishUntil: localDateTimeSchema.nullable(),
  centerIds: centerIdsSchema,
  languages: languagesSchema,
  published: z.boolean(),
};
export const createSlideSchema = z
  .strictObject({
    ...slideFields,
    linkUrl: slideFields.linkUrl.default(null),
    publishFrom: slideFields.publishFrom.default(null),
    publishUntil: slideFields.publishUntil.default(null),
    centerIds: slideFields.centerIds.default([]),
    languages: slideFields.languages.default([]),
    published: slideFields.published.default(true),
  })
  .refine(windowOrder, windowIssue);
export const updateSlideSchema = z.strictObject(slideFields).partial().refine(windowOrder, windowIssue);

/** `GET public/{initial}/news|slides?center=CODE&lang=de`: what a centre's website shows now. */
export const publicFeedParamsSchema = z.object({ initial: text().regex(/^[A-Za-z][A-Za-z0-9]{1,9}$/) });
export const publicFeedQuerySchema = z.object({
  center: text()
    .regex(/^[A-Za-z0-9_-]{1,20}$/)
    .optional(),
  lang: z.enum(LANGUAGES).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const publicFileParamsSchema = z.object({
  initial: publicFeedParamsSchema.shape.initial,
  id: z.uuid(),
  size: z.enum(['display', 'thumb']),
});
export const publicNewsSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  image: storedImageSchema.nullable(),
  publishFrom: z.string().nullable(),
  publishUntil: z.string().nullable(),
});
export const publicNewsFeedSchema = z.object({ items: z.array(publicNewsSchema) });
export const publicSlideSchema = z.object({
  id: z.string(),
  title: z.string(),
  linkUrl: z.string().nullable(),
  image: storedImageSchema,
});
export type PublicSlide = z.infer<typeof publicSlideSchema>;
export const publicSlideFeedSchema = z.object({ items: z.array(publicSlideSchema) });
