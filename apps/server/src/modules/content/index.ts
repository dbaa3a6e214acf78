/** What the app may use of the content module (news, albums, slider, their images and public feeds). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { createFileStorage } from '../../lib/storage.ts';
import { contentPublicRoutes } from './public-routes.ts';
import { contentRoutes } from './routes.ts';

/** The content routes, staff's (`/pro`) and the public's, over one file storage. */
export function contentModule(deps: AppDeps): { pro: FastifyPluginAsyncZod; public: FastifyPluginAsyncZod } {
  const storage = createFileStorage(deps.config);
  return { pro: contentRoutes(deps, storage), public: contentPublicRoutes(deps, storage) };
}
