import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, instant, tenantKey } from './columns.ts';
import { centers, organisationId, organisations, tenantRow, users } from './tenancy.ts';

/** Where a committed event is also shown live: one centre's room, or the whole organisation's. */
export type RealtimeTarget =
  | { scope: 'center'; centerId: string; message: Record<string, unknown> }
  /** The browsers at the centre that own the reader `sn` (a card-reader event: only they act on it). */
  | { scope: 'reader'; centerId: string; sn: string; message: Record<string, unknown> }
  /** The tablets signed in at the centre under the name `padId` (`/epad/{padId}`): a document to sign. */
  | { scope: 'pad'; centerId: string; padId: string; message: Record<string, unknown> }
  | { scope: 'organisation'; message: Record<string, unknown> };

/**
 * Transactional outbox of domain events: written in the use case's transaction, delivered after
 * the commit by the dispatcher (lib/outbox.ts), at least once, in order per organisation.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    /** The event id: listeners de-duplicate on it. */
    id: id(),
    /** Commit order for delivery order per organisation. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    organisationId: organisationId(),
    centerId: uuid('center_id').references(() => centers.id),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    realtime: jsonb('realtime').$type<RealtimeTarget>(),
    occurredAt: instant('occurred_at').notNull().defaultNow(),
    /** Listeners (by name) that have handled the event; a retry skips them. */
    doneListeners: text('done_listeners').array().notNull().default(sql`'{}'::text[]`),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    /** A dispatcher holds the event until then; a crashed one's claim runs out. */
    claimedUntil: instant('claimed_until'),
    deliveredAt: instant('delivered_at'),
    lastError: text('last_error'),
  },
  (t) => [
    index('domain_events_pending').on(t.organisationId, t.seq).where(sql`${t.deliveredAt} is null`),
    index('domain_events_org_occurred').on(t.organisationId, t.occurredAt),
    tenantKey('domain_events_org_center_fk', t, t.centerId, centers),
  ],
);

/** `Idempotency-Key` store: one row per caller and key; the answer is replayed for 24 h. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: id(),
    /** null for public callers (the organisation is not known before the command runs). */
    organisationId: uuid('organisation_id').references(() => organisations.id),
    /** `user:<id>` for a signed-in caller, `public:<address>` otherwise. */
    caller: text('caller').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    route: text('route').notNull(),
    bodyHash: text('body_hash').notNull(),
    status: text('status', { enum: ['in_flight', 'done'] })
      .notNull()
      .default('in_flight'),
    responseStatus: smallint('response_status'),
    responseBody: text('response_body'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_caller_key').on(t.caller, t.key),
    index('idempotency_keys_created').on(t.createdAt),
  ],
);

/** Who did what sensitive thing, when, from where, and what changed (changed fields only). */
export const auditLog = pgTable(
  'audit_log',
  {
    ...tenantRow(),
    centerId: uuid('center_id').references(() => centers.id),
    actorUserId: uuid('actor_user_id').references(() => users.id),
    actorRole: text('actor_role'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    summary: text('summary').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    at: instant('at').notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_org_at').on(t.organisationId, t.at),
    index('audit_log_org_action').on(t.organisationId, t.action, t.at),
    tenantKey('audit_log_org_center_fk', t, t.centerId, centers),
    tenantKey('audit_log_org_actor_user_fk', t, t.actorUserId, users),
  ],
);
