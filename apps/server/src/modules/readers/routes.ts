import { readerScanRequestSchema, readerScanResponseSchema } from '@gym/contract/entries';
import {
  createReaderRequestSchema,
  readerIdParamsSchema,
  readerListQuerySchema,
  readerListResponseSchema,
  readerSchema,
  readerWithSecretSchema,
  updateReaderRequestSchema,
} from '@gym/contract/readers';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { can, READER } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { createRateLimiter } from '../../lib/rate-limit.ts';
import { ingestScan } from './ingest-scan.ts';
import { createReader, deleteReader, rotateReaderSecret, runReaderCommand, updateReader } from './manage-reader.ts';
import { getReader, listReaders } from './queries.ts';
import { authenticateReader, type IngestReader } from './verify-secret.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The card reader a reader-authenticated route was called by. */
    reader: IngestReader | null;
  }
}

/** What this server refused of the reader ingest since it started (also in each refusal's log line). */
export interface ReaderIngestStats {
  unauthenticated: number;
  rateLimited: number;
}
const statsByDeps = new WeakMap<AppDeps, ReaderIngestStats>();
export const readerIngestStats = (deps: AppDeps): ReaderIngestStats => {
  let stats = statsByDeps.get(deps);
  if (!stats) {
    stats = { unauthenticated: 0, rateLimited: 0 };
    statsByDeps.set(deps, stats);
  }
  return stats;
};

const SN = /^[A-Za-z0-9_-]{3,64}$/;
export const scanParamsSchema = z.object({ sn: z.string().regex(SN, 'reader_sn_format') });

/**
 * The reader ingest's gate, run before the body is parsed: the reader's serial number and secret
 * (401, logged without the secret), then its rate (429); sets `req.reader`. Each gate has its own
 * rate limiter; what it refused is counted in `readerIngestStats`.
 */
export function readerScanGate(deps: AppDeps) {
  const { db } = deps.database;
  const stats = readerIngestStats(deps);
  const limiter = createRateLimiter({
    ratePerSecond: deps.config.READER_SCANS_PER_SECOND,
    burst: deps.config.READER_SCAN_BURST,
  });
  return async (req: FastifyRequest): Promise<void> => {
    const sn = (req.params as { sn?: unknown }).sn;
    const secret = req.headers['x-reader-secret'];
    const reader =
      typeof sn === 'string' && SN.test(sn) && typeof secret === 'string' && secret.length > 0
        ? await authenticateReader(db, { sn, secret }, deps.sessions)
        : null;
    if (!reader) {
      stats.unauthenticated += 1;
      // Never the secret: only that one was (not) given.
      req.log.warn(
        {
          sn: typeof sn === 'string' ? sn.slice(0, 64) : null,
          secretGiven: typeof secret === 'string',
          ip: req.ip,
          refused: stats.unauthenticated,
        },
        'reader scan refused: unknown reader or wrong secret',
      );
      throw new AppError(401, 'reader_unauthenticated', 'Unknown reader or wrong secret');
    }
    const wait = limiter.take(reader.id);
    if (wait > 0) {
      stats.rateLimited += 1;
      req.log.warn({ sn: reader.sn, readerId: reader.id, limited: stats.rateLimited }, 'reader scan rate-limited');
      throw new AppError(429, 'rate_limited', 'Too many scans from this reader', undefined, wait);
    }
    req.reader = reader;
  };
}

const tags = ['readers'];

/**
 * `/pro/readers`: the card readers at the doors of the caller's centres (shown on `/center`).
 * Answers that carry a secret are not cached anywhere on the way.
 */
export function readerRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = deps.database;
    const gate = readerScanGate(deps);
    app.decorateRequest('reader', null);

    // A physical reader: its serial number and secret, checked before the body is parsed; then its rate.
    app.post(
      '/readers/:sn/scans',
      {
        config: { access: READER },
        onRequest: gate,
        schema: {
          tags,
          params: scanParamsSchema,
          body: readerScanRequestSchema,
          response: { 200: readerScanResponseSchema },
        },
      },
      (req) => ingestScan(deps, req.reader!, req.body),
    );
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
