import {
  readerScanRequestSchema,
  readerScanResponseSchema,
  unansweredScansQuerySchema,
  unansweredScansResponseSchema,
} from '@gym/contract/entries';
import {
  createReaderRequestSchema,
  readerIdParamsSchema,
  readerListQuerySchema,
  readerListResponseSchema,
  readerSchema,
  readerWithSecretSchema,
  updateReaderRequestSchema,
} from '@gym/contract/readers';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, can, READER } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { createRateLimiter } from '../../lib/rate-limit.ts';
import { routeTable } from '../../lib/routes.ts';
import { queryContext, runCommand } from '../../lib/use-case.ts';
import { createReader } from './create-reader.ts';
import { deleteReader } from './delete-reader.ts';
import { ingestScan } from './ingest-scan.ts';
import { getReader, listReaders } from './queries.ts';
import { readerCommandOptions } from './reader-secret.ts';
import { rotateReaderSecret } from './rotate-reader-secret.ts';
import { unansweredScans } from './unanswered-scans.ts';
import { updateReader } from './update-reader.ts';
import { authenticateCachedReader, authenticateReader, type IngestReader } from './verify-secret.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The card reader a reader-authenticated route was called by. */
    reader: IngestReader | null;
  }
}

/** What this server refused of the reader ingest since it started (also in each refusal's log line). */
export interface ReaderIngestStats {
  /** Calls whose serial number and secret were looked up and did not match (each written to the log). */
  unauthenticated: number;
  /** Calls refused past the reader's scan rate. */
  rateLimited: number;
  /** Wrong secrets refused past the limit of their address (429), without a lookup or a line of their own. */
  guessesLimited: number;
}
const statsByDeps = new WeakMap<AppDeps, ReaderIngestStats>();
export const readerIngestStats = (deps: AppDeps): ReaderIngestStats => {
  let stats = statsByDeps.get(deps);
  if (!stats) {
    stats = { unauthenticated: 0, rateLimited: 0, guessesLimited: 0 };
    statsByDeps.set(deps, stats);
  }
  return stats;
};

const SN = /^[A-Za-z0-9_-]{3,64}$/;
export const scanParamsSchema = z.object({ sn: z.string().regex(SN, 'reader_sn_format') });

const unauthenticated = () => new AppError(401, 'reader_unauthenticated', 'Unknown reader or wrong secret');

/**
 * The reader ingest's gate, run before the body is parsed: the reader's serial number and secret
 * (401, logged without the secret), then its rate (429); sets `req.reader`. Each gate has its own
 * rate limiters; what it refused is counted in `readerIngestStats`.
 *
 * Wrong secrets are limited per address and serial number (READER_SECRET_FAILURES_PER_MINUTE) and per
 * address (READER_SECRET_FAILURES_PER_ADDRESS_PER_MINUTE), counted before the check so that a burst
 * counts in full (a right secret gives its count back). Past a limit a call is answered 429 without
 * a query or a log line of its own: its secret is checked only against the readers this server
 * already holds in memory, so a reader with the right secret is still heard, even from the guessing
 * address; a serial number not in memory is looked up at most once a second per address.
 */
export function readerScanGate(deps: AppDeps) {
  const { db } = deps.database;
  const stats = readerIngestStats(deps);
  const limiter = createRateLimiter({
    ratePerSecond: deps.config.READER_SCANS_PER_SECOND,
    burst: deps.config.READER_SCAN_BURST,
  });
  const perSn = deps.config.READER_SECRET_FAILURES_PER_MINUTE;
  const perAddress = deps.config.READER_SECRET_FAILURES_PER_ADDRESS_PER_MINUTE;
  const guessesPerSn = createRateLimiter({ ratePerSecond: perSn / 60, burst: perSn });
  const guessesPerAddress = createRateLimiter({ ratePerSecond: perAddress / 60, burst: perAddress });
  const lookupsWhileLimited = createRateLimiter({ ratePerSecond: 1, burst: 1 });
  /** The checks under way per address: a call past a limit waits for them (their right secrets give counts back). */
  const checking = new Map<string, Set<Promise<unknown>>>();

  /** Takes a count from both limits; 0 when taken, else the seconds to wait. */
  const takeGuess = (address: string, pair: string) => {
    const waitSn = guessesPerSn.take(pair);
    if (waitSn > 0) return waitSn;
    const waitAddress = guessesPerAddress.take(address);
    if (waitAddress > 0) guessesPerSn.refund(pair);
    return waitAddress;
  };

  async function check(address: string, pair: string, sn: string, secret: string): Promise<IngestReader | null> {
    const lookup = authenticateReader(db, { sn, secret }, deps.sessions);
    const under = checking.get(address) ?? new Set<Promise<unknown>>();
    checking.set(address, under);
    under.add(lookup);
    try {
      const reader = await lookup;
      if (reader) {
        // A right secret was no guess.
        guessesPerSn.refund(pair);
        guessesPerAddress.refund(address);
      }
      return reader;
    } finally {
      under.delete(lookup);
      if (under.size === 0) checking.delete(address);
    }
  }

  return async (req: FastifyRequest): Promise<void> => {
    const sn = (req.params as { sn?: unknown }).sn;
    const secret = req.headers['x-reader-secret'];
    let reader: IngestReader | null = null;
    if (typeof sn === 'string' && SN.test(sn) && typeof secret === 'string' && secret.length > 0) {
      const address = req.ip ?? 'unknown';
      const pair = `${address} ${sn}`;
      let wait = takeGuess(address, pair);
      if (wait > 0 && checking.has(address)) {
        // Calls of the same reader at once (after a restart, none of it in memory yet): the checks
        // under way may be right secrets, which give their counts back and leave the reader in memory.
        await Promise.allSettled([...(checking.get(address) ?? [])]);
        wait = takeGuess(address, pair);
      }
      if (wait === 0) {
        reader = await check(address, pair, sn, secret);
        if (!reader && (guessesPerSn.peek(pair) > 0 || guessesPerAddress.peek(address) > 0)) {
          req.log.warn(
            { sn, ip: address },
            'reader secrets from this address are now limited: further wrong ones are refused 429 unchecked',
          );
        }
      } else {
        // Past a limit: only what needs no query, or one lookup a second for the address.
        const known = authenticateCachedReader({ sn, secret }, deps.sessions);
        reader =
          known !== undefined
            ? known
            : lookupsWhileLimited.take(address) === 0
              ? await authenticateReader(db, { sn, secret }, deps.sessions)
              : null;
        if (!reader) {
          stats.guessesLimited += 1;
          throw new AppError(429, 'rate_limited', 'Too many wrong reader secrets from this address', undefined, wait);
        }
      }
    }
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
      throw unauthenticated();
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
    const gate = readerScanGate(deps);
    app.decorateRequest('reader', null);
    const { get, post, patch, delete: del } = routeTable(app, tags);
    const query = (req: { auth: AuthContext | null }) => queryContext(deps, req.auth!);
    /** A reader with its secret, which no cache on the way may keep. */
    const withSecret = <T>(reply: FastifyReply, answer: T) => {
      reply.header('cache-control', 'no-store');
      return answer;
    };
    const byId = { params: readerIdParamsSchema };

    // A physical reader: its serial number and secret, checked before the body is parsed; then its rate.
    post(
      '/readers/:sn/scans',
      READER,
      { params: scanParamsSchema, body: readerScanRequestSchema, reply: readerScanResponseSchema, onRequest: gate },
      (req) => ingestScan(deps, req.reader!, req.body),
    );
    // The reader's browser, each time its socket connects: the scans it may have missed (see unanswered-scans.ts).
    get(
      '/readers/:sn/unanswered-scans',
      can('create', 'Entry'),
      { params: scanParamsSchema, query: unansweredScansQuerySchema, reply: unansweredScansResponseSchema },
      (req) => unansweredScans(query(req), { sn: req.params.sn, centerId: req.query.centerId }),
    );
    get('/readers', can('read', 'Reader'), { query: readerListQuerySchema, reply: readerListResponseSchema }, (req) =>
      listReaders(query(req), req.query),
    );
    get('/readers/:id', can('read', 'Reader'), { ...byId, reply: readerSchema }, (req) =>
      getReader(query(req), { id: req.params.id }),
    );
    post(
      '/readers',
      can('create', 'Reader'),
      { body: createReaderRequestSchema, reply: readerWithSecretSchema, status: 201 },
      async (req, reply) =>
        withSecret(reply, await runCommand(deps, req.auth!, createReader, req.body, readerCommandOptions)),
    );
    post(
      '/readers/:id/rotate-secret',
      can('update', 'Reader'),
      { ...byId, reply: readerWithSecretSchema },
      async (req, reply) =>
        withSecret(
          reply,
          await runCommand(deps, req.auth!, rotateReaderSecret, { id: req.params.id }, readerCommandOptions),
        ),
    );
    patch(
      '/readers/:id',
      can('update', 'Reader'),
      { ...byId, body: updateReaderRequestSchema, reply: readerSchema },
      (req) => runCommand(deps, req.auth!, updateReader, { ...req.body, id: req.params.id }, readerCommandOptions),
    );
    del('/readers/:id', can('delete', 'Reader'), { ...byId, status: 204 }, (req) =>
      runCommand(deps, req.auth!, deleteReader, { id: req.params.id }, readerCommandOptions),
    );
  };
}
