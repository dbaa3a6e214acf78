import { randomUUID } from 'node:crypto';
import {
  addAlbumPhotoSchema,
  albumDetailSchema,
  albumListQuerySchema,
  albumListResponseSchema,
  albumPhotoParamsSchema,
  albumPhotoSchema,
  contentIdParamsSchema,
  createAlbumSchema,
  createNewsSchema,
  createSlideSchema,
  IMAGE_MAX_BYTES,
  imageUploadSchema,
  type News,
  newsExportQuerySchema,
  newsListQuerySchema,
  newsListResponseSchema,
  newsSchema,
  reorderSchema,
  slideListSchema,
  slideSchema,
  storedImageSchema,
  updateAlbumSchema,
  updateNewsSchema,
  updateSlideSchema,
} from '@gym/contract/content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, can } from '../../lib/access.ts';
import { exportRoutes, routeTable } from '../../lib/routes.ts';
import type { FileStorage } from '../../lib/storage.ts';
import type { ExportColumn } from '../../lib/table-export.ts';
import { queryContext, runCommand } from '../../lib/use-case.ts';
import { addAlbumPhoto } from './add-album-photo.ts';
import { getAlbum, listAlbums } from './album-queries.ts';
import { createAlbum } from './create-album.ts';
import { createNews } from './create-news.ts';
import { createSlide } from './create-slide.ts';
import { deleteAlbum } from './delete-album.ts';
import { deleteNews } from './delete-news.ts';
import { deleteSlide } from './delete-slide.ts';
import { imageKeys, removeImageFiles, sweepImages } from './files.ts';
import { processImage } from './images.ts';
import { getNews, listNews, newsForExport } from './news-queries.ts';
import { removeAlbumPhoto } from './remove-album-photo.ts';
import { reorderAlbumPhotos } from './reorder-album-photos.ts';
import { reorderSlides } from './reorder-slides.ts';
import { getSlide, listSlides } from './slide-queries.ts';
import { updateAlbum } from './update-album.ts';
import { updateNews } from './update-news.ts';
import { updateSlide } from './update-slide.ts';
import { uploadImage } from './upload-image.ts';

const tags = ['content'];
/** The image travels base64 inside JSON (4/3 of the file); a body past this is refused with 413 unread. */
export const IMAGE_BODY_LIMIT = Math.ceil(IMAGE_MAX_BYTES / 3) * 4 + 64 * 1024;

const NEWS_COLUMNS: ExportColumn<News>[] = [
  { header: 'Title', value: (n) => n.title, width: 40 },
  { header: 'Published', value: (n) => (n.published ? 'yes' : 'no'), width: 10 },
  { header: 'From', value: (n) => n.publishFrom, width: 18 },
  { header: 'Until', value: (n) => n.publishUntil, width: 18 },
  { header: 'Centres', value: (n) => n.centers.map((c) => c.code).join(', ') || 'all', width: 20 },
  { header: 'Languages', value: (n) => n.languages.join(', ') || 'all', width: 16 },
  { header: 'Image', value: (n) => (n.image ? 'yes' : 'no'), width: 8 },
  { header: 'Updated', value: (n) => new Date(n.updatedAt) },
];

/** `/pro/content-images`, `/pro/news` (`/news-list`), `/pro/albums` (`/album-list`), `/pro/slides` (`/slider`). */
export function contentRoutes(deps: AppDeps, storage: FileStorage): FastifyPluginAsyncZod {
  return async (app) => {
    const { get, post, patch, put, delete: del } = routeTable(app, tags);
    const query = (req: { auth: AuthContext | null }) => queryContext(deps, req.auth!);
    const read = can('read', 'Content');
    const create = can('create', 'Content');
    const update = can('update', 'Content');
    const remove = can('delete', 'Content');
    const byId = { params: contentIdParamsSchema };
    const released = async (auth: AuthContext, ids: string[]) => removeImageFiles(storage, auth.organisationId, ids);

    // Uploads nothing used within a day (a form left unsaved, an image replaced): every hour.
    let sweeper: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      const sweep = () =>
        void sweepImages(deps, storage).catch((err: unknown) => app.log.error({ err }, 'unused image sweep failed'));
      sweeper = setInterval(sweep, 60 * 60_000);
      sweeper.unref();
    });
    app.addHook('onClose', async () => clearInterval(sweeper));

    post(
      '/content-images',
      create,
      {
        body: imageUploadSchema,
        reply: storedImageSchema,
        status: 201,
        bodyLimit: IMAGE_BODY_LIMIT,
        description:
          'An image, checked by its content (not its name or declared type), resized to a display copy and a thumbnail (WebP). 413 past 10 MB; 422 `not_an_image` or `image_too_large` (over 40 megapixels).',
      },
      async (req) => {
        const image = await processImage(req.body);
        const id = randomUUID();
        const org = req.auth!.organisationId;
        const keys = imageKeys(id);
        try {
          await storage.put(org, keys.display, image.display, 'image/webp');
          await storage.put(org, keys.thumb, image.thumb, 'image/webp');
          const { display: _d, thumb: _t, ...facts } = image;
          return await runCommand(deps, req.auth!, uploadImage, { id, image: facts });
        } catch (err) {
          await removeImageFiles(storage, org, [id]);
          throw err;
        }
      },
    );

    get('/news', read, { query: newsListQuerySchema, reply: newsListResponseSchema }, (req) =>
      listNews(query(req), req.query),
    );
    exportRoutes(get, deps)('/news/export', read, { query: newsExportQuerySchema }, async (req) => ({
      fileName: 'news',
      columns: NEWS_COLUMNS,
      rows: await newsForExport(query(req), req.query),
    }));
    get('/news/:id', read, { ...byId, reply: newsSchema }, (req) => getNews(query(req), req.params.id));
    post('/news', create, { body: createNewsSchema, reply: newsSchema, status: 201 }, (req) =>
      runCommand(deps, req.auth!, createNews, req.body),
    );
    patch('/news/:id', update, { ...byId, body: updateNewsSchema, reply: newsSchema }, async (req) => {
      const out = await runCommand(deps, req.auth!, updateNews, { ...req.body, id: req.params.id });
      await released(req.auth!, out.released);
      return out.news;
    });
    del('/news/:id', remove, { ...byId, status: 204 }, async (req) => {
      const out = await runCommand(deps, req.auth!, deleteNews, { id: req.params.id });
      await released(req.auth!, out.released);
      return null;
    });

    get('/albums', read, { query: albumListQuerySchema, reply: albumListResponseSchema }, (req) =>
      listAlbums(query(req), req.query),
    );
    get('/albums/:id', read, { ...byId, reply: albumDetailSchema }, (req) => getAlbum(query(req), req.params.id));
    post('/albums', create, { body: createAlbumSchema, reply: albumDetailSchema, status: 201 }, (req) =>
      runCommand(deps, req.auth!, createAlbum, req.body),
    );
    patch('/albums/:id', update, { ...byId, body: updateAlbumSchema, reply: albumDetailSchema }, (req) =>
      runCommand(deps, req.auth!, updateAlbum, { ...req.body, id: req.params.id }),
    );
    del('/albums/:id', remove, { ...byId, status: 204 }, async (req) => {
      const out = await runCommand(deps, req.auth!, deleteAlbum, { id: req.params.id });
      await released(req.auth!, out.released);
      return null;
    });
    post(
      '/albums/:id/photos',
      update,
      { ...byId, body: addAlbumPhotoSchema, reply: albumPhotoSchema, status: 201 },
      (req) => runCommand(deps, req.auth!, addAlbumPhoto, { ...req.body, id: req.params.id }),
    );
    put('/albums/:id/photo-order', update, { ...byId, body: reorderSchema, reply: albumDetailSchema }, (req) =>
      runCommand(deps, req.auth!, reorderAlbumPhotos, { id: req.params.id, ids: req.body.ids }),
    );
    del('/albums/:id/photos/:photoId', update, { params: albumPhotoParamsSchema, status: 204 }, async (req) => {
      const out = await runCommand(deps, req.auth!, removeAlbumPhoto, { ...req.params });
      await released(req.auth!, out.released);
      return null;
    });

    get('/slides', read, { reply: slideListSchema }, (req) => listSlides(query(req)));
    get('/slides/:id', read, { ...byId, reply: slideSchema }, (req) => getSlide(query(req), req.params.id));
    post('/slides', create, { body: createSlideSchema, reply: slideSchema, status: 201 }, (req) =>
      runCommand(deps, req.auth!, createSlide, req.body),
    );
    patch('/slides/:id', update, { ...byId, body: updateSlideSchema, reply: slideSchema }, async (req) => {
      const out = await runCommand(deps, req.auth!, updateSlide, { ...req.body, id: req.params.id });
      await released(req.auth!, out.released);
      return out.slide;
    });
    put('/slide-order', update, { body: reorderSchema, reply: slideListSchema }, (req) =>
      runCommand(deps, req.auth!, reorderSlides, { ids: req.body.ids }),
    );
    del('/slides/:id', remove, { ...byId, status: 204 }, async (req) => {
      const out = await runCommand(deps, req.auth!, deleteSlide, { id: req.params.id });
      await released(req.auth!, out.released);
      return null;
    });
  };
}
