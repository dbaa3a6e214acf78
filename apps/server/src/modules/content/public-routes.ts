import {
  publicFeedParamsSchema,
  publicFeedQuerySchema,
  publicFileParamsSchema,
  publicNewsFeedSchema,
  publicSlideFeedSchema,
} from '@gym/contract/content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { PUBLIC } from '../../lib/access.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { createRateLimiter } from '../../lib/rate-limit.ts';
import { routeTable } from '../../lib/routes.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { feedPlace, newsFeed, publicImage, slideFeed } from './feeds.ts';
import { imageKeys } from './files.ts';

const tags = ['public'];
/** A feed may be kept a minute by browsers and proxies (a website's visitors do not each ask the server). */
const FEED_CACHE = 'public, max-age=60, stale-while-revalidate=300';
/** An image's bytes never change (a new image is a new id): kept a year. */
const IMAGE_CACHE = 'public, max-age=31536000, immutable';

/** `/api/v1/public/{initial}/news|slides|files/…`: what a centre's website, app or registration page shows. */
export function contentPublicRoutes(deps: AppDeps, storage: FileStorage): FastifyPluginAsyncZod {
  return async (app) => {
    const { get } = routeTable(app, tags);
    const feed = { params: publicFeedParamsSchema, query: publicFeedQuerySchema };
    // No sign-in: an address asking far more than a website's visitors would is refused before any query.
    const perMinute = deps.config.PUBLIC_FEED_REQUESTS_PER_ADDRESS_PER_MINUTE;
    const requests = createRateLimiter({ ratePerSecond: perMinute / 60, burst: perMinute });
    app.addHook('onRequest', async (req) => {
      const wait = requests.take(req.ip);
      if (wait > 0) throw new AppError(429, 'rate_limited', 'Too many requests from this address', undefined, wait);
    });
    get('/:initial/news', PUBLIC, { ...feed, reply: publicNewsFeedSchema }, async (req, reply) => {
      const place = await feedPlace(deps, req.params.initial, req.query);
      reply.header('cache-control', FEED_CACHE);
      return newsFeed(place, req.query.limit);
    });
    get('/:initial/slides', PUBLIC, { ...feed, reply: publicSlideFeedSchema }, async (req, reply) => {
      const place = await feedPlace(deps, req.params.initial, req.query);
      reply.header('cache-control', FEED_CACHE);
      return slideFeed(place, req.query.limit);
    });
    get(
      '/:initial/files/:id/:size',
      PUBLIC,
      {
        params: publicFileParamsSchema,
        description: 'An image of the content screens: its display copy or thumbnail (WebP).',
      },
      async (req, reply) => {
        const { initial, id, size } = req.params;
        const { organisationId, image } = await publicImage(deps, initial, id);
        const file = await storage.open(organisationId, imageKeys(image.id)[size]);
        if (!file) throw notFound('image');
        return reply
          .header('content-type', image.contentType)
          .header('content-length', file.size)
          .header('cache-control', IMAGE_CACHE)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'")
          .send(file.stream);
      },
    );
  };
}
