import { today as businessToday } from '@gym/contract/time';
import type { Tx } from '../db/client.ts';
import type { AppDeps } from '../deps.ts';
import type { AuthContext } from './access.ts';
import { type TenantDb, tenantDb } from './tenant-db.ts';

/**
 * A domain event a use case emits. `type` names it (`member.registered`, later `invoice.paid`);
 * `centerId` when it concerns one centre (realtime then reaches that centre's room); `payload` is
 * what listeners and screens receive. Today events are collected and published on `deps.events`
 * after the commit; the transactional outbox (`appendEvent(tx, event)`) replaces that inside `emit`
 * without changing this signature.
 */
export interface DomainEvent {
  type: string;
  organisationId: string;
  centerId?: string;
  payload: Record<string, unknown>;
}

export interface Clock {
  now(): Date;
  /** The business date in `timeZone` (a centre's), never UTC's. */
  today(timeZone: string): string;
}

export const systemClock: Clock = { now: () => new Date(), today: (tz) => businessToday(tz, new Date()) };

/** What every command receives: the caller, their tenant-scoped database inside the command's transaction, events and time. */
export interface UseCaseContext {
  auth: AuthContext;
  db: TenantDb;
  /** The transaction itself, for code not yet written against `db` (scope it by hand with `db.where`). */
  tx: Tx;
  emit(event: DomainEvent): void;
  clock: Clock;
}

/** A command: one file, one exported function of this shape. */
export type UseCase<I, O> = (ctx: UseCaseContext, input: I) => Promise<O>;

/** Publishes one event on the in-process bus (realtime listens). */
function publish(deps: Pick<AppDeps, 'events'>, event: DomainEvent) {
  const payload = { action: event.type, ...event.payload };
  if (event.centerId) {
    deps.events.publish('realtime.center', { organisationId: event.organisationId, centerId: event.centerId, payload });
  } else {
    deps.events.publish('realtime.organisation', { organisationId: event.organisationId, payload });
  }
}

/**
 * Runs `fn` as one command: one transaction (a refusal anywhere writes nothing), a context built for
 * `auth`, and the emitted events published once the transaction has committed (never on rollback).
 */
export async function runCommand<T>(
  deps: Pick<AppDeps, 'database' | 'events'>,
  auth: AuthContext,
  fn: (ctx: UseCaseContext) => Promise<T>,
  clock: Clock = systemClock,
): Promise<T> {
  const events: DomainEvent[] = [];
  const result = await deps.database.db.transaction((tx) =>
    fn({
      auth,
      db: tenantDb(tx, auth),
      tx,
      emit: (event) => {
        events.push(event);
      },
      clock,
    }),
  );
  for (const event of events) publish(deps, event);
  return result;
}
