import type { AuditAction, AuditEntityType } from '@gym/contract/audit';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';
import type { AuthContext, RequestMeta } from './access.ts';
import type { TenantDb } from './tenant-db.ts';

export type { RequestMeta };

export const requestMeta = (req: FastifyRequest): RequestMeta => ({
  ip: req.ip ?? null,
  userAgent: (req.headers['user-agent'] ?? '').slice(0, 500) || null,
});

export interface AuditEntry {
  /** What happened, `entity.verb_in_past` (e.g. `staff.role_changed`): one of the contract's `AUDIT_ACTIONS`. */
  action: AuditAction;
  entityType: AuditEntityType;
  entityId?: string | null;
  centerId?: string | null;
  summary: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** Keep only these fields of before/after, and only those that changed; nothing changed → no row. */
  fields?: readonly string[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields (of `fields`) whose value differs, as `{before, after}` holding those fields only. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  fields: readonly string[],
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const f of fields) {
    const x = Array.isArray(before[f]) ? [...(before[f] as unknown[])].sort() : before[f];
    const y = Array.isArray(after[f]) ? [...(after[f] as unknown[])].sort() : after[f];
    if (!same(x, y)) {
      b[f] = x ?? null;
      a[f] = y ?? null;
    }
  }
  return Object.keys(a).length > 0 ? { before: b, after: a } : null;
}

/**
 * Writes one audit row in the command's transaction (so an undone command leaves no row): who
 * (user and role), from where (address, browser), what, and the changed fields before and after.
 * `meta` defaults to the request the caller's context was built from. Returns whether a row was written.
 */
export async function audit(
  tx: DbOrTx,
  /** The caller (a staff member, or a command run by the system: no user). */
  auth: { organisationId: string; userId?: string | null; role?: AuthContext['role'] | null; request?: RequestMeta },
  meta: RequestMeta | null | undefined,
  entry: AuditEntry,
): Promise<boolean> {
  let before = entry.before ?? null;
  let after = entry.after ?? null;
  if (entry.fields) {
    const diff = changedFields(before ?? {}, after ?? {}, entry.fields);
    if (!diff) return false;
    before = entry.before ? diff.before : null;
    after = entry.after ? diff.after : null;
  }
  const from = meta ?? auth.request ?? null;
  await tx.insert(auditLog).values({
    organisationId: auth.organisationId,
    centerId: entry.centerId ?? null,
    actorUserId: auth.userId ?? null,
    actorRole: auth.role ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    summary: entry.summary.slice(0, 1000),
    before,
    after,
    ipAddress: from?.ip ?? null,
    userAgent: from?.userAgent ?? null,
  });
  return true;
}

type Auditor = Parameters<typeof audit>[1];

/**
 * A command's audit row: written in its transaction through its scoped database, for its caller
 * (the row takes the caller's organisation; a system command has no user).
 */
export const recordAudit = (ctx: { auth: Auditor; db: TenantDb }, entry: AuditEntry): Promise<boolean> =>
  audit(ctx.db.unscoped('an audit row is written for ctx.auth, whose organisation it takes'), ctx.auth, null, entry);
