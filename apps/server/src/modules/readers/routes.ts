import {
  createReaderRequestSchema,
  readerIdParamsSchema,
  readerListQuerySchema,
  readerListResponseSchema,
  readerSchema,
  readerWithSecretSchema,
  updateReaderRequestSchema,
} from '@gym/contract/readers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { can } from '../../lib/access.ts';
import { createReader, deleteReader, rotateReaderSecret, runReaderCommand, updateReader } from './manage-reader.ts';
import { getReader, listReaders } from './queries.ts';

const tags = ['readers'];

/**
 * `/pro/readers`: the card readers at the doors of the caller's centres (shown on `/center`).
 * Answers that carry a secret are not cached anywhere on the way.
 */
export function readerRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = deps.database;
    app.get(
      '/readers',
      {
        config: { access: can('read', 'Reader') },
        schema: { tags, querystring: readerListQuerySchema, response: { 200: readerListResponseSchema } },
      },
      (req) => listReaders(db, req.auth!, req.query),
    );
    app.get(
      '/readers/:id',
      {
        config: { access: can('read', 'Reader') },
        schema: { tags, params: readerIdParamsSchema, response: { 200: readerSchema } },
      },
      (req) => getReader(db, req.auth!, req.params.id),
    );
    app.post(
      '/readers',
      {
        config: { access: can('create', 'Reader') },
        schema: { tags, body: createReaderRequestSchema, response: { 201: readerWithSecretSchema } },
      },
      async (req, reply) =>
        reply
          .code(201)
          .header('cache-control', 'no-store')
          .send(await runReaderCommand(deps, req.auth!, (ctx) => createReader(ctx, req.body))),
    );
    app.post(
      '/readers/:id/rotate-secret',
      {
        config: { access: can('update', 'Reader') },
        schema: { tags, params: readerIdParamsSchema, response: { 200: readerWithSecretSchema } },
      },
      async (req, reply) =>
        reply
          .header('cache-control', 'no-store')
          .send(await runReaderCommand(deps, req.auth!, (ctx) => rotateReaderSecret(ctx, { id: req.params.id }))),
    );
    app.patch(
      '/readers/:id',
      {
        config: { access: can('update', 'Reader') },
        schema: {
          tags,
          params: readerIdParamsSchema,
          body: updateReaderRequestSchema,
          response: { 200: readerSchema },
        },
      },
      (req) => runReaderCommand(deps, req.auth!, (ctx) => updateReader(ctx, { ...req.body, id: req.params.id })),
    );
    app.delete(
      '/readers/:id',
      {
        config: { access: can('delete', 'Reader') },
        schema: { tags, params: readerIdParamsSchema, response: { 204: z.null() } },
      },
      async (req, reply) => {
        await runReaderCommand(deps, req.auth!, (ctx) => deleteReader(ctx, { id: req.params.id }));
        return reply.code(204).send(null);
      },
    );
  };
}
