import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import type { EventBus } from './lib/events.ts';
import type { Jwt } from './lib/jwt.ts';
import type { LongReads } from './lib/long-read.ts';
import type { Mailer } from './lib/mailer.ts';
import type { Outbox } from './lib/outbox.ts';
import type { PasswordHasher } from './lib/passwords.ts';
import type { SessionCache } from './modules/auth/index.ts';

/** What use cases need from the outside world; built once in main.ts (and by tests). */
export interface AppDeps {
  config: Config;
  /** The one clock: commands and queries read the time only from it (tests set it). */
  clock: Clock;
  database: Database;
  hasher: PasswordHasher;
  jwt: Jwt;
  mailer: Mailer;
  events: EventBus;
  /** Delivers committed domain events (lib/outbox.ts); `wake()` after a commit that appended some. */
  outbox: Outbox;
  /** The callers' sessions as last read, per server; writes that change them call `sessions.changed(tx, ...)`. */
  sessions: SessionCache;
  /** Places and pace of long reads (exports, reports): every one goes through them (lib/long-read.ts). */
  longReads: LongReads;
  /** Whether the demo organisation is present (the login page then shows the demo logins). */
  demo: boolean;
  /** The link to the other API servers (Redis, with REDIS_URL): whether it is set up, and up now. */
  interServer: { configured: boolean; up: boolean };
}
