import type { Config } from '../config.ts';
import type { Database, Tx } from '../db/client.ts';
import { pipelines } from '../db/pipeline.ts';
import type { AuthContext } from './access.ts';
import type { Clock } from './clock.ts';
import type { Mailer, OutgoingMail } from './mailer.ts';
import {
  appendEvent,
  appendHeldEvent,
  type HeldEvent,
  type Outbox,
  queueEventWithCommit,
  type RealtimeTarget,
} from './outbox.ts';
import type { PasswordHasher } from './passwords.ts';
import { isUniqueViolation } from './pg-errors.ts';
import type { SessionChange, SessionChanges } from './session-change.ts';
import { type TenantDb, tenantDb } from './tenant-db.ts';

/**
 * A domain event a use case emits. `type` names it (`member.registered`, later `invoice.paid`);
 * `centerId` when it concerns one centre (realtime then reaches that centre's room); `payload` is
 * what listeners and screens receive. Emitted events are written to the transactional outbox in
 * the command's transaction (rolled back with it) and delivered after the commit, at least once.
 * By default the browsers of the centre (or organisation) are told `{action: type, ...payload}`;
 * `realtime` gives another message, or `false` for none.
 */
export interface DomainEvent {
  type: string;
  organisationId: string;
  centerId?: string;
  payload: Record<string, unknown>;
  realtime?: RealtimeTarget | false;
}

export type { Clock } from './clock.ts';

/**
 * The caller of a public page (registration, card link): nobody signed in. The page names the
 * organisation (and its centre), which is then the tenant of everything the command touches;
 * `page` says which page, so a reader sees why this command has no user.
 */
export interface PublicCaller {
  organisationId: string;
  centerIds: string[];
  page: string;
}

/** The caller a public page acts for: the organisation (and centres) that page belongs to. */
export const publicCaller = (organisationId: string, centerIds: string[], page: string): PublicCaller => ({
  organisationId,
  centerIds,
  page,
});

/**
 * The caller of work the system does for one organisation on its own (a payment provider's message,
 * the order janitor): no user, every centre of the organisation. `task` says which work, so a reader
 * sees why this command has no user.
 */
export interface SystemCaller {
  organisationId: string;
  centerIds: null;
  userId: null;
  task: string;
}

/** The caller of the system's own work for an organisation (see `SystemCaller`). */
export const systemCaller = (organisationId: string, task: string): SystemCaller => ({
  organisationId,
  centerIds: null,
  userId: null,
  task,
});

/** What the runner needs of the server (AppDeps has it all). */
export interface CommandDeps {
  config: Config;
  hasher: PasswordHasher;
  database: Database;
  outbox: Outbox;
  clock: Clock;
  mailer: Pick<Mailer, 'enqueue' | 'flush'>;
  sessions: SessionChanges;
}

/**
 * What every command receives: the caller, their tenant-scoped database inside the command's
 * transaction (the transaction itself is not handed out: what must not be scoped says why through
 * `db.unscoped(reason)`), its events, e-mails and cache changes (all kept or dropped with the
 * transaction), and the time.
 */
export interface CommandContext<A extends Pick<AuthContext, 'organisationId' | 'centerIds'>> {
  auth: A;
  db: TenantDb;
  emit(event: DomainEvent): void;
  clock: Clock;
  /** Queues an e-mail in the transaction (the outbox table); it is relayed once the command has committed. */
  mail(message: OutgoingMail): Promise<string>;
  /** Tells every server's cache of sessions and readers what changed, once the command has committed. */
  sessionsChanged(change: SessionChange): Promise<void>;
  /** Runs `fn` once the command has committed (never when it fails). */
  afterCommit(fn: () => Promise<void> | void): void;
  /** The server's configuration (the public address of links, limits). */
  config: Readonly<Config>;
  /** Hashes and checks passwords (argon2id). */
  passwords: PasswordHasher;
}

/** What a query (a read for a list or a detail) receives: the caller, their scoped database, the time. */
export interface QueryContext<A extends Pick<AuthContext, 'organisationId' | 'centerIds'> = AuthContext> {
  auth: A;
  db: TenantDb;
  clock: Clock;
}

/** The context of a query run for `auth` outside any transaction (a route's read). */
export const queryContext = <A extends Pick<AuthContext, 'organisationId' | 'centerIds'>>(
  deps: Pick<CommandDeps, 'database' | 'clock'>,
  auth: A,
): QueryContext<A> => ({ auth, db: tenantDb(deps.database.db, auth), clock: deps.clock });

/** The context of a signed-in caller's command. */
export type UseCaseContext = CommandContext<AuthContext>;
/**
 * A command by a signed-in staff member or by the system for an organisation (the no-show sweep:
 * no user, `userId` null). Code both may run (the ledger, a fee invoice) takes this.
 */
export type ActorContext = CommandContext<
  Pick<AuthContext, 'organisationId' | 'centerIds'> & { userId: string | null }
>;
/** The context of a public page's command (no user: see `PublicCaller`). */
export type PublicContext = CommandContext<PublicCaller>;

/** A command: one file, one exported function of this shape. */
export type UseCase<I, O> = (ctx: UseCaseContext, input: I) => Promise<O>;

/** A command of any caller: `(ctx, input)`, its ids inside `input`. */
export type Command<I, O, A extends AuthContext | PublicCaller | SystemCaller = AuthContext> = (
  ctx: CommandContext<A>,
  input: I,
) => Promise<O>;

/** How the runner answers what a command's transaction ran into. */
export interface CommandOptions<O> {
  /** A unique index's violation answered as this error instead (e.g. a 409 naming the field). */
  conflicts?: Record<string, () => Error>;
  /**
   * A unique index's violation that means the command has already been done (a retried request,
   * the same tap sent twice at once): `answer` reads what it did, after the failed transaction.
   */
  alreadyDone?: { index: string; answer: () => Promise<O> };
  /** The time the command runs at, when it is not now (the demo's history, sold on past dates). */
  clock?: Clock;
}

function realtimeOf(event: DomainEvent): RealtimeTarget | undefined {
  if (event.realtime === false) return undefined;
  if (event.realtime) return event.realtime;
  const message = { action: event.type, ...event.payload };
  return event.centerId ? { scope: 'center', centerId: event.centerId, message } : { scope: 'organisation', message };
}

/** What was appended to the outbox: the held events (to deliver after the commit) and how many others. */
interface Appended {
  held: HeldEvent[];
  pending: number;
}

function eventInput(event: DomainEvent) {
  return {
    organisationId: event.organisationId,
    centerId: event.centerId ?? null,
    type: event.type,
    payload: event.payload,
    realtime: realtimeOf(event),
  };
}

/**
 * Writes emitted events to the outbox, in order, in the command's transaction. With `outbox`, the
 * events it may deliver itself are written held (`appendHeldEvent`) and answered, to hand to
 * `outbox.deliverCommitted` after the commit; `pending` counts the others (wake the dispatcher).
 */
async function appendEvents(
  tx: Tx,
  events: readonly DomainEvent[],
  outbox?: Pick<Outbox, 'holds' | 'holdSeconds'>,
): Promise<Appended> {
  const held: HeldEvent[] = [];
  let pending = 0;
  for (const event of events) {
    const input = eventInput(event);
    if (outbox?.holds(event.type)) held.push(await appendHeldEvent(tx, input, outbox.holdSeconds));
    else {
      await appendEvent(tx, input);
      pending += 1;
    }
  }
  return { held, pending };
}

/**
 * As `appendEvents`, but queued to be written with the commit, in its round trip (PostgreSQL):
 * answers once the transaction has committed (rejects if it did not), or null when `tx` cannot
 * queue them (then `appendEvents`).
 */
function queueEvents(
  tx: Tx,
  events: readonly DomainEvent[],
  outbox: Pick<Outbox, 'holds' | 'holdSeconds'>,
): Promise<Appended> | null {
  if (!pipelines(tx)) return null;
  const written = events.map((event) =>
    queueEventWithCommit(tx, eventInput(event), outbox.holds(event.type) ? outbox.holdSeconds : null),
  );
  return Promise.all(written).then((rows) => {
    const held = rows.filter((row): row is HeldEvent => row !== null);
    return { held, pending: rows.length - held.length };
  });
}

/** A service a context does not offer: any use of it throws `why`. */
export const unavailable = <T extends object>(why: string): T =>
  new Proxy({} as T, {
    get() {
      throw new Error(why);
    },
  });

/**
 * The context of the system acting for one organisation inside a transaction it already holds (the
 * no-show sweep): no user, every centre. `flush` appends what was emitted to the outbox in that
 * transaction; the caller wakes the dispatcher after its commit.
 */
export function systemContext(
  tx: Tx,
  organisationId: string,
  clock: Clock,
): { ctx: ActorContext; flush: () => Promise<number> } {
  const auth = { organisationId, centerIds: null, userId: null };
  const events: DomainEvent[] = [];
  const ctx: ActorContext = {
    auth,
    db: tenantDb(tx, auth),
    emit: (event) => void events.push(event),
    clock,
    mail: () => Promise.reject(new Error('the system’s sweeps send no e-mail')),
    sessionsChanged: () => Promise.reject(new Error('the system’s sweeps change no session')),
    afterCommit: () => {
      throw new Error('the system’s sweeps run nothing after their commit');
    },
    config: unavailable<Config>('the system’s sweeps read no configuration'),
    passwords: unavailable<PasswordHasher>('the system’s sweeps hash no password'),
  };
  const flush = async () => {
    const list = events.splice(0);
    await appendEvents(tx, list);
    return list.length;
  };
  return { ctx, flush };
}

/**
 * Runs `fn` as one command: one transaction (a refusal anywhere writes nothing), a context built for
 * `auth`, and the emitted events appended to the outbox in that transaction, so they are delivered
 * once it has committed (never on rollback): by this process at once when the outbox may hold them
 * (realtime only, as a door's taps), else by the dispatcher, woken after the commit. E-mails queued
 * by the command are relayed, and `afterCommit` work run, after the commit. The form of code not
 * yet written as a command; a command is run by `runTransaction`.
 */
export async function runTransaction<T, A extends AuthContext | PublicCaller | SystemCaller = AuthContext>(
  deps: CommandDeps,
  auth: A,
  fn: (ctx: CommandContext<A>) => Promise<T>,
  clock: Clock = deps.clock,
): Promise<T> {
  let appended: Appended = { held: [], pending: 0 };
  let queued: Promise<Appended> | null = null;
  const after: (() => Promise<void> | void)[] = [];
  const result = await deps.database.db.transaction(async (tx) => {
    const events: DomainEvent[] = [];
    const value = await fn({
      auth,
      db: tenantDb(tx, auth),
      emit: (event) => {
        events.push(event);
      },
      clock,
      mail: async (message) => {
        const id = await deps.mailer.enqueue(tx, message);
        after.push(() => deps.mailer.flush(id));
        return id;
      },
      sessionsChanged: (change) => deps.sessions.changed(tx, change),
      afterCommit: (work) => {
        after.push(work);
      },
      config: deps.config,
      passwords: deps.hasher,
    });
    if (events.length > 0) {
      // With the commit when the connection can (one round trip less), else now.
      queued = queueEvents(tx, events, deps.outbox);
      if (queued)
        queued.catch(() => {}); // the transaction's own error is the one thrown
      else appended = await appendEvents(tx, events, deps.outbox);
    }
    return value;
  });
  if (queued) appended = await queued;
  deps.outbox.deliverCommitted(appended.held);
  if (appended.pending > 0) deps.outbox.wake();
  for (const work of after) await work();
  return result;
}

/**
 * Runs `command` for `auth` on `input` as one transaction (see `runTransaction`), answering what
 * `options` say for the unique indexes it may run into.
 */
export async function runCommand<I, O, A extends AuthContext | PublicCaller | SystemCaller = AuthContext>(
  deps: CommandDeps,
  auth: A,
  command: Command<I, O, A>,
  input: I,
  options: CommandOptions<O> = {},
): Promise<O> {
  try {
    return await runTransaction(deps, auth, (ctx) => command(ctx, input), options.clock ?? deps.clock);
  } catch (err) {
    if (options.alreadyDone && isUniqueViolation(err, options.alreadyDone.index)) return options.alreadyDone.answer();
    for (const [index, error] of Object.entries(options.conflicts ?? {})) {
      if (isUniqueViolation(err, index)) throw error();
    }
    throw err;
  }
}
