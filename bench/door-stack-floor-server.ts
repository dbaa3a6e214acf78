/**
 * The door bench's floor, as the issue words it: "the same socket round trip with no database work".
 * It is the API server itself (`createServer`: the same Fastify app, its hooks, the caller's
 * authentication from the session cache, the route's permission, zod validation of the request and
 * of the answer, the reader's secret and rate limit, the realtime gateway and its rooms), with two
 * routes of its own beside the door's, under `/api/v1/bench-floor`, that do everything the door's
 * routes do but their database work: a scan is published to the reader's browsers at once (no scan
 * row, no outbox row); an entry is answered and announced at once, its view a copy of one of the
 * centre's entries read at start (no facts, no checks, no entry row, no commit).
 *
 * It runs on the API server's database (its sign-in, sessions and readers are read from it, then
 * cached, as the API server's are), and delivers no outbox event: the API server beside it does.
 * Arguments: the centre whose entry is copied. Prints its address, then serves until stopped.
 */
import { randomUUID } from 'node:crypto';
import {
  cardEntryRequestSchema,
  cardParamsSchema,
  type Entry,
  entryOutcomeSchema,
  readerScanRequestSchema,
  readerScanResponseSchema,
} from '@gym/contract/entries';
import { businessDate } from '@gym/contract/time';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loadConfig } from '../apps/server/src/config.ts';
import { centers, entries } from '../apps/server/src/db/schema/index.ts';
import type { AppDeps } from '../apps/server/src/deps.ts';
import { can, READER } from '../apps/server/src/lib/access.ts';
import { loggerOptions, prettyLogs } from '../apps/server/src/lib/request-log.ts';
import { queryContext } from '../apps/server/src/lib/use-case.ts';
import { getEntry } from '../apps/server/src/modules/entries/queries.ts';
import { scanIdOf } from '../apps/server/src/modules/entries/routes.ts';
import { entryNotification, entryOutcome, wordsFor } from '../apps/server/src/modules/entries/words.ts';
import { scanEvent } from '../apps/server/src/modules/readers/ingest-scan.ts';
import { readerScanGate, scanParamsSchema } from '../apps/server/src/modules/readers/routes.ts';
import { createServer } from '../apps/server/src/server.ts';

const centerId = process.argv[2];
if (!centerId) throw new Error('usage: door-stack-floor-server.ts <center id>');

async function floorRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  // The view every floor entry copies: the centre's latest granted entry of a member (read once, here).
  const [latest] = await db
    .select({ id: entries.id, organisationId: entries.organisationId })
    .from(entries)
    .where(and(eq(entries.centerId, centerId!), eq(entries.result, 'granted'), isNotNull(entries.memberId)))
    .orderBy(desc(entries.tappedAt))
    .limit(1);
  if (!latest) throw new Error('the centre has no granted entry to copy');
  const template = await getEntry(queryContext(deps, { organisationId: latest.organisationId, centerIds: null }), {
    id: latest.id,
  });
  const [center] = await db.select({ timeZone: centers.timeZone }).from(centers).where(eq(centers.id, centerId!));
  // The door's own gate: the reader's secret (cached after its first scan), then its rate.
  const gate = readerScanGate(deps);

  await app.register(
    async (floor) => {
      floor.decorateRequest('reader', null);
      const typed = floor.withTypeProvider<ZodTypeProvider>();
      typed.post(
        '/readers/:sn/scans',
        {
          config: { access: READER },
          onRequest: gate,
          schema: {
            params: scanParamsSchema,
            body: readerScanRequestSchema,
            response: { 200: readerScanResponseSchema },
          },
        },
        async (req) => {
          const reader = req.reader!;
          deps.events.publish('realtime.reader', {
            organisationId: reader.organisationId,
            centerId: reader.centerId,
            sn: reader.sn,
            payload: scanEvent(reader, req.body),
          });
          return { scanId: req.body.scanId, accepted: true };
        },
      );
      typed.post(
        '/card/:card/entry',
        {
          config: { access: can('create', 'Entry'), idempotent: { naturalKey: scanIdOf } },
          schema: { params: cardParamsSchema, body: cardEntryRequestSchema, response: { 200: entryOutcomeSchema } },
        },
        async (req) => {
          const at = new Date();
          const entry: Entry = {
            ...template,
            id: randomUUID(),
            at: at.toISOString(),
            businessDate: businessDate(at, center!.timeZone),
            card: req.params.card,
            reader: template.reader && req.body.sn ? { ...template.reader, sn: req.body.sn } : template.reader,
            source: req.body.source ?? 'reader',
          };
          deps.events.publish('realtime.center', {
            organisationId: req.auth!.organisationId,
            centerId: req.body.center_id,
            payload: entryNotification(entry, req.auth!.language),
          });
          return entryOutcome(wordsFor(req.auth!.language), entry);
        },
      );
    },
    { prefix: '/api/v1/bench-floor' },
  );
}
// Configured as the bench starts the API server (run.ts `startApi`), and logging as main.ts does.
const config = loadConfig({ ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
const server = await createServer(config, {
  logger: loggerOptions(config.LOG_LEVEL, prettyLogs(process.stdout, process.env)),
  migrate: false,
  extend: floorRoutes,
  dispatch: false,
});
const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${address}\n`);
process.on('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});
