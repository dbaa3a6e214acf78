import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';

export function configRoutes(_deps: AppDeps): FastifyPluginAsyncZod {
  return async () => {};
}
