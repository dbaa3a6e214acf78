import { join } from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import type { AppDeps } from './deps.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { createEventBus } from './lib/events.ts';
import { startIdempotencyCleanup } from './lib/idempotency.ts';
import { createJwt, loadSigningKey } from './lib/jwt.ts';
import { LongReads } from './lib/long-read.ts';
import { createMailer } from './lib/mailer.ts';
import { createOutbox } from './lib/outbox.ts';
import { createPasswordHasher } from './lib/passwords.ts';
import { createSessionCache } from './modules/auth/index.ts';
import { backfillMemberPhones } from './modules/members/index.ts';
import { attachRealtime } from './realtime/gateway.ts';
import { hasDemo, seedDemo } from './seed/demo.ts';

/** The outbox's safety-net poll on the embedded database (see createServer). */
export const EMBEDDED_OUTBOX_POLL_MS = 15_000;

export interface RunningServer {
  app: FastifyInstance;
  deps: AppDeps;
  close(): Promise<void>;
}

/**
 * Opens the database (PGlite under DATA_DIR, or DATABASE_URL), applies migrations, seeds the demo
 * organisation when asked, and builds the app with its realtime gateway. Used by main.ts and tests.
 */
export async function createServer(
  config: Config,
  opts: {
    database?: Database;
    logger?: FastifyServerOptions['logger'];
    migrate?: boolean;
    /** Routes added to the app before it is ready (the door bench's floor adds its own). */
    extend?: (app: FastifyInstance, deps: AppDeps) => Promise<void>;
    /** The server's clock (tests set one; the wall clock otherwise). */
    clock?: Clock;
    /** false: this server delivers no outbox events (the door bench's floor, beside the API server on the same database). */
    dispatch?: boolean;
  } = {},
): Promise<RunningServer> {
  const database =
    opts.database ??
    (await openDatabase(
      config.DATABASE_URL
        ? { kind: 'postgres', url: config.DATABASE_URL, poolMax: config.DB_POOL_MAX }
        : {
            kind: 'pglite',
            dataDir: join(config.dataDir, 'pglite'),
            ...(config.PGLITE_SHARED_BUFFERS ? { sharedBuffers: config.PGLITE_SHARED_BUFFERS } : {}),
          },
    ));
  if (opts.migrate !== false) await database.migrate();
  const hasher = createPasswordHasher(config.ARGON2_MEMORY_KIB);
  const key = await loadSigningKey(database.db, config.JWT_SECRET);
  const events = createEventBus();
  let logDeliveryError: (err: unknown, at: { eventId?: string; listener?: string }) => void = () => {};
  const deps: AppDeps = {
    config,
    clock: opts.clock ?? systemClock,
    database,
    hasher,
    jwt: createJwt(key, config.ACCESS_TOKEN_TTL_SECONDS),
    mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, db: database.db }),
    events,
    outbox: createOutbox(database.db, events, {
      onError: (err, at) => logDeliveryError(err, at),
      // Events are delivered on the wake after their commit and retried on their own timer; the poll
      // only picks up what another server left (a crash between commit and delivery). The embedded
      // database has no other server: a slow poll spares its one process a claim query a second.
      pollMs: database.kind === 'pglite' ? EMBEDDED_OUTBOX_POLL_MS : 1_000,
    }),
    sessions: createSessionCache(),
    longReads: new LongReads(database.kind, {
      perOrganisation: config.LONG_READS_PER_ORGANISATION,
      total: config.LONG_READS_TOTAL,
      waitingPerOrganisation: config.LONG_READS_WAITING_PER_ORGANISATION,
      maxWaitMs: config.LONG_READ_WAIT_SECONDS * 1000,
    }),
    demo: false,
    interServer: { configured: Boolean(config.REDIS_URL), up: false },
  };
  await deps.sessions.start(database);
  if (config.SEED_DEMO) await seedDemo(database.db, hasher);
  await backfillMemberPhones(database.db);
  deps.demo = await hasDemo(database.db);
  const app = await buildApp(deps, { logger: opts.logger });
  if (opts.extend) await opts.extend(app, deps);
  const realtime = await attachRealtime(app, deps);
  logDeliveryError = (err, at) => app.log.warn({ err, ...at }, 'domain event delivery failed; retried later');
  if (opts.dispatch !== false) deps.outbox.start();
  const stopCleanup = startIdempotencyCleanup(database.db);
  app.addHook('onClose', async () => {
    stopCleanup();
    await deps.outbox.stop();
    await realtime.close();
    await deps.sessions.close();
  });
  await app.ready();
  return {
    app,
    deps,
    async close() {
      await app.close();
      if (!opts.database) await database.close();
    },
  };
}
