import type { AuditEntry, AuditListQuery } from '@gym/contract/audit';
import { likeEscape } from '@gym/contract/search';
import { dayBounds } from '@gym/contract/time';
import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import { auditLog, users } from '../../db/schema/index.ts';
import { callerTimeZone } from '../../lib/business-date.ts';
import { type ChunkedRows, type KeyColumn, keysetRows } from '../../lib/long-read.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';

export type AuditFilters = Omit<AuditListQuery, 'page' | 'pageSize'>;

/** Always the caller's organisation (the scoped database's part); the filters narrow it. */
async function auditWhere(db: TenantDb, q: AuditFilters): Promise<SQL | undefined> {
  const conditions: (SQL | undefined)[] = [];
  if (q.from || q.to) {
    const zone = await callerTimeZone(db.unscoped('callerTimeZone scopes the centres by hand'), db.auth);
    if (q.from) conditions.push(gte(auditLog.at, dayBounds(q.from, zone).start));
    if (q.to) conditions.push(lt(auditLog.at, dayBounds(q.to, zone).end));
  }
  if (q.actorId) conditions.push(eq(auditLog.actorUserId, q.actorId));
  if (q.action) conditions.push(eq(auditLog.action, q.action));
  if (q.entityType) conditions.push(eq(auditLog.entityType, q.entityType));
  const keyword = q.keyword?.trim();
  if (keyword) {
    const pattern = `%${likeEscape(keyword)}%`;
    conditions.push(
      or(ilike(auditLog.summary, pattern), ilike(users.fullName, pattern), ilike(auditLog.entityId, pattern)),
    );
  }
  return and(...conditions);
}

const columns = { entry: auditLog, actorName: users.fullName };

function toEntry(row: { entry: typeof auditLog.$inferSelect; actorName: string | null }): AuditEntry {
  const e = row.entry;
  return {
    id: e.id,
    at: e.at.toISOString(),
    actor: e.actorUserId ? { id: e.actorUserId, name: row.actorName ?? '' } : null,
    actorRole: e.actorRole,
    action: e.action,
    entityType: e.entityType,
    entityId: e.entityId,
    centerId: e.centerId,
    summary: e.summary,
    before: e.before,
    after: e.after,
    ipAddress: e.ipAddress,
    userAgent: e.userAgent,
  };
}

/** `GET pro/audit`: newest first. */
export async function listAudit({ db }: { db: TenantDb }, q: AuditListQuery) {
  const where = await auditWhere(db, q);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(auditLog).leftJoin(users, eq(users.id, auditLog.actorUserId)).where(where),
  ]);
  return { items: rows.map(toEntry), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

const AUDIT_KEY: KeyColumn[] = [
  { column: auditLog.at, cast: 'timestamptz' },
  { column: auditLog.id, cast: 'uuid' },
];

/**
 * The rows an export's filters select (the log grows without bound), a chunk at a time through
 * lib/long-read.ts: newest first, each chunk after the last one's time and id. The filters are
 * read before the answer starts.
 */
export async function auditForExport({ db }: { db: TenantDb }, q: AuditFilters): Promise<ChunkedRows<AuditEntry>> {
  const where = await auditWhere(db, q);
  return keysetRows(
    AUDIT_KEY,
    ({ columns: key, after, order, limit }) =>
      db
        .select({ ...columns, ...key })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorUserId))
        .where(and(where, after))
        .orderBy(...order)
        .limit(limit),
    toEntry,
    true,
  );
}
