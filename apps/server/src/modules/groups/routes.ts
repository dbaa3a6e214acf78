import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';

export function groupRoutes(_deps: AppDeps): FastifyPluginAsyncZod {
  return async () => {};
}
