import type { Role } from '@gym/contract/acl';
import type { Language } from '@gym/contract/constants';
import type { Card } from '@gym/contract/members';
import { likeEscape } from '@gym/contract/search';
import type { Staff, staffExportQuerySchema, staffListItemSchema, staffListQuerySchema } from '@gym/contract/staff';
import { asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { cards, userCenters, users } from '../../db/schema/index.ts';
import type { AuthContext } from '../../lib/access.ts';
import { notFound } from '../../lib/errors.ts';
import { byOffset, type ChunkedRows } from '../../lib/long-read.ts';
import { scopeOf, type TenantDb } from '../../lib/tenant-db.ts';

export type StaffListItem = z.infer<typeof staffListItemSchema>;
type ListFilters = Omit<z.infer<typeof staffExportQuerySchema>, 'format'>;

const qb = new QueryBuilder();

/** Users who work in one of `centerIds`, through their allowed-centre rows. */
const workingIn = (centerIds: string[]) =>
  inArray(
    users.id,
    qb.select({ id: userCenters.userId }).from(userCenters).where(inArray(userCenters.centerId, centerIds)),
  );

/**
 * Which colleagues a caller sees. Staff of every centre see everyone in the organisation; staff
 * limited to some centres see those who work in at least one of their centres, and those who
 * work everywhere (the area manager, the owner), since they meet them at the desk too.
 */
export function staffScope(auth: Pick<AuthContext, 'organisationId' | 'centerIds'>, ...more: (SQL | undefined)[]): SQL {
  const visible =
    auth.centerIds === null
      ? undefined
      : auth.centerIds.length === 0
        ? eq(users.allCenters, true)
        : or(eq(users.allCenters, true), workingIn(auth.centerIds));
  return scopeOf(auth, users, visible, ...more);
}

/**
 * Columns every staff read needs: no password hash leaves the database, only whether there is one.
 * Subqueries name `users.id` by hand: drizzle leaves a column bare in a select list, where it
 * would name the subquery's own `id`.
 */
export const staffColumns = {
  id: users.id,
  organisationId: users.organisationId,
  fullName: users.fullName,
  email: users.email,
  phone: users.phone,
  role: users.role,
  allCenters: users.allCenters,
  isTrainer: users.isTrainer,
  active: users.active,
  language: users.language,
  invited: sql<boolean>`(${users.passwordHash} is null)`,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
  centerIds: sql<
    string[]
  >`coalesce((select array_agg(uc.center_id::text order by uc.center_id) from user_centers uc where uc.user_id = users.id), '{}')`,
};

export type StaffRow = {
  id: string;
  organisationId: string;
  fullName: string;
  email: string;
  phone: string | null;
  role: string;
  allCenters: boolean;
  isTrainer: boolean;
  active: boolean;
  language: string;
  invited: boolean;
  lastLoginAt: Date | null;
  createdAt: Date;
  centerIds: string[];
};

function toStaffBase(r: StaffRow): Omit<Staff, 'cards'> {
  return {
    id: r.id,
    fullName: r.fullName,
    email: r.email,
    phone: r.phone,
    role: r.role as Role,
    allCenters: r.allCenters,
    centerIds: r.allCenters ? [] : r.centerIds,
    isTrainer: r.isTrainer,
    active: r.active,
    language: r.language as Language,
    accountStatus: !r.active ? 'deactivated' : r.invited ? 'invited' : 'active',
    lastLoginAt: r.lastLoginAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

function listWhere(auth: Pick<AuthContext, 'organisationId' | 'centerIds'>, q: ListFilters): SQL {
  const keyword = q.keyword?.trim();
  let match: SQL | undefined;
  if (keyword) {
    const pattern = `%${likeEscape(keyword)}%`;
    const digits = keyword.replace(/\D/g, '');
    // A phone typed with spaces or dashes still finds the number however it was stored.
    const phoneLike = /^[+\d][\d\s()-]*$/.test(keyword) && digits.length >= 3;
    match = or(
      ilike(users.fullName, pattern),
      ilike(users.email, pattern),
      ilike(users.phone, pattern),
      phoneLike
        ? sql`regexp_replace(coalesce(${users.phone}, ''), '[^0-9]', '', 'g') like ${`%${digits}%`}`
        : undefined,
    );
  }
  return staffScope(
    auth,
    match,
    q.role ? eq(users.role, q.role) : undefined,
    q.centerId ? or(eq(users.allCenters, true), workingIn([q.centerId])) : undefined,
    q.isTrainer === undefined ? undefined : eq(users.isTrainer, q.isTrainer),
    q.active === undefined ? undefined : eq(users.active, q.active),
  );
}

function listOrder(sort: ListFilters['sort']): SQL[] {
  const dir = sort.startsWith('-') ? desc : asc;
  // Names sort as people read them, whatever the database's collation does with capitals.
  const column = {
    name: sql`lower(${users.fullName})`,
    email: users.email,
    role: users.role,
    createdAt: users.createdAt,
  }[sort.replace(/^-/, '') as 'name' | 'email' | 'role' | 'createdAt'];
  return [dir(column), asc(users.id)];
}

const listColumns = {
  ...staffColumns,
  cardNumber: sql<
    string | null
  >`(select c.number from cards c where c.staff_id = users.id and c.status = 'active' order by c.attached_at desc limit 1)`,
};

const toListItem = (r: StaffRow & { cardNumber: string | null }): StaffListItem => ({
  ...toStaffBase(r),
  cardNumber: r.cardNumber,
});

export async function listStaff(
  db: TenantDb,
  q: z.infer<typeof staffListQuerySchema>,
): Promise<{ items: StaffListItem[]; total: number; page: number; pageSize: number }> {
  const where = listWhere(db.auth, q);
  const [rows, [total]] = await Promise.all([
    db
      .select(listColumns)
      .from(users)
      .where(where)
      .orderBy(...listOrder(q.sort))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { items: rows.map(toListItem), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

/** Every staff member the export's filters select; an organisation has tens or hundreds of staff. */
/** The export's staff, a chunk at a time (lib/long-read.ts). */
export async function listStaffForExport(db: TenantDb, q: ListFilters): Promise<ChunkedRows<StaffListItem>> {
  return byOffset(async ({ offset, limit }) => {
    const rows = await db
      .select(listColumns)
      .from(users)
      .where(listWhere(db.auth, q))
      .orderBy(...listOrder(q.sort))
      .limit(limit)
      .offset(offset);
    return rows.map(toListItem);
  });
}

/** The staff member as the caller sees them, or not found; `lock` holds the row for a command. */
export async function findStaff(db: TenantDb, { id, lock = false }: { id: string; lock?: boolean }): Promise<StaffRow> {
  const query = db
    .select(staffColumns)
    .from(users)
    .where(staffScope(db.auth, eq(users.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('staff member');
  return row;
}

const attacher = alias(users, 'attacher');

/** A staff member's cards, current and past (detached cards stay as history), newest first. */
export async function staffCards(db: TenantDb, staffId: string): Promise<Card[]> {
  const rows = await db
    .select({ card: cards, attachedBy: attacher.fullName })
    .from(cards)
    .leftJoin(attacher, eq(attacher.id, cards.attachedBy))
    .where(scopeOf(db.auth, cards, eq(cards.staffId, staffId)))
    .orderBy(desc(cards.attachedAt), desc(cards.id));
  return rows.map(({ card: c, attachedBy }) => ({
    id: c.id,
    number: c.number,
    status: c.status as Card['status'],
    attachedAt: c.attachedAt.toISOString(),
    lostAt: c.lostAt?.toISOString() ?? null,
    detachedAt: c.detachedAt?.toISOString() ?? null,
    attachedBy: attachedBy ?? null,
  }));
}

export async function getStaff(db: TenantDb, id: string): Promise<Staff> {
  const row = await findStaff(db, { id });
  return { ...toStaffBase(row), cards: await staffCards(db, id) };
}
