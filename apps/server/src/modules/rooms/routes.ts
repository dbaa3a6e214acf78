import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';

export function roomRoutes(_deps: AppDeps): FastifyPluginAsyncZod {
  return async () => {};
}
