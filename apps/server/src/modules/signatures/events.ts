/**
 * A request's events (sent, opened, consented, signed), each chained to the one before by its hash:
 * `hash = SHA-256(prevHash | seq | type | at | address | userAgent | detail)`, the first one's
 * `prevHash` the request's id. A changed or removed event breaks every hash after it.
 */
import { createHash } from 'node:crypto';
import { asc, desc, eq } from 'drizzle-orm';
import { signatureEvents } from '../../db/schema/index.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';

export type SignatureEventRow = typeof signatureEvents.$inferSelect;
export type SignatureEventType = 'sent' | 'opened' | 'consented' | 'signed';

export interface EventFacts {
  type: SignatureEventType;
  at: Date;
  address?: string | null;
  userAgent?: string | null;
  detail?: Record<string, unknown>;
}

/** JSON with keys sorted at every level: the same text however the database stored the object (jsonb reorders keys). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

export function eventHash(prevHash: string, seq: number, e: EventFacts): string {
  const fields = [
    prevHash,
    String(seq),
    e.type,
    e.at.toISOString(),
    e.address ?? '',
    e.userAgent ?? '',
    canonical(e.detail ?? {}),
  ];
  return createHash('sha256').update(fields.join('|')).digest('hex');
}

/** Appends an event after the request's last one (the caller holds the request's row lock). */
export async function appendSignatureEvent(db: TenantDb, requestId: string, e: EventFacts): Promise<SignatureEventRow> {
  const [last] = await db
    .select()
    .from(signatureEvents)
    .where(db.where(signatureEvents, eq(signatureEvents.requestId, requestId)))
    .orderBy(desc(signatureEvents.seq))
    .limit(1);
  const seq = (last?.seq ?? 0) + 1;
  const prevHash = last?.hash ?? requestId;
  const [row] = await db.insert(signatureEvents, {
    requestId,
    seq,
    type: e.type,
    at: e.at,
    address: e.address ?? null,
    userAgent: e.userAgent ?? null,
    detail: e.detail ?? {},
    prevHash,
    hash: eventHash(prevHash, seq, e),
  });
  return row!;
}

export const eventsOf = (db: TenantDb, requestId: string) =>
  db
    .select()
    .from(signatureEvents)
    .where(db.where(signatureEvents, eq(signatureEvents.requestId, requestId)))
    .orderBy(asc(signatureEvents.seq));

/** Whether every event's hash follows from the one before (the chain is whole). */
export function chainHolds(requestId: string, events: SignatureEventRow[]): boolean {
  let prev = requestId;
  return events.every((e, i) => {
    const ok =
      e.seq === i + 1 &&
      e.prevHash === prev &&
      e.hash === eventHash(prev, e.seq, { ...e, type: e.type as SignatureEventType, detail: e.detail });
    prev = e.hash;
    return ok;
  });
}
