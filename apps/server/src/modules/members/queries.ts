import {
  type Card,
  MEMBER_TOTAL_CAP,
  type Member,
  type MemberListItem,
  type MemberListQuery,
  type memberListQuerySchema,
} from '@gym/contract/members';
import { likeEscape, normaliseKeyword } from '@gym/contract/search';
import { and, asc, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { cards, centers, memberGroupMembers, memberGroups, members, users } from '../../db/schema/index.ts';
import type { AuthContext } from '../../lib/access.ts';
import { notFound } from '../../lib/errors.ts';
import { scoped } from '../../lib/scope.ts';

type Scope = Pick<AuthContext, 'organisationId' | 'centerIds'>;
type ListQuery = z.output<typeof memberListQuerySchema>;
type ListFilters = Omit<ListQuery, 'page' | 'pageSize'>;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * The member's active card number; the newest wins should history ever hold two. Backed by
 * `cards_member`. The outer column is spelt out: drizzle leaves columns of a one-table select
 * unqualified, and inside the subquery a bare `id` would be the card's.
 */
const activeCardNumber = sql<
  string | null
>`(select c.number from ${cards} c where c.member_id = "members"."id" and c.status = 'active' order by c.attached_at desc limit 1)`;

/** The keyword as matched against `search_text` (contract `normaliseKeyword`). */
export function memberKeyword(keyword: string | undefined): string {
  const k = keyword?.trim() ?? '';
  return k ? normaliseKeyword(k) : '';
}

/** Every filter of the member list, scoped to the caller's organisation and centres. */
export function memberListWhere(auth: Scope, q: Partial<ListFilters>): SQL {
  const keyword = memberKeyword(q.keyword);
  return scoped(
    auth,
    { organisationId: members.organisationId, centerId: members.homeCenterId },
    keyword ? sql`${members.searchText} like ${`%${likeEscape(keyword)}%`}` : undefined,
    // A record merged into another is not listed (its file still opens, pointing at the kept one).
    isNull(members.mergedInto),
    q.centerId ? eq(members.homeCenterId, q.centerId) : undefined,
    q.status ? eq(members.status, q.status) : undefined,
    q.isNew !== undefined ? eq(members.isNew, q.isNew) : undefined,
    q.groupId
      ? sql`exists (select 1 from ${memberGroupMembers} where ${memberGroupMembers.groupId} = ${q.groupId} and ${memberGroupMembers.memberId} = ${members.id})`
      : undefined,
  );
}

interface SortKey {
  column: PgColumn;
  /** How the cursor value (read as text) is cast back for a keyset comparison. */
  cast: 'text' | 'timestamptz' | 'uuid';
}

/** Sort columns, all in one direction, ending with the id so that the order is total (stable pages, keyset export). */
function sortKeys(sort: MemberListQuery['sort'] = '-createdAt'): { keys: SortKey[]; descending: boolean } {
  const descending = sort.startsWith('-');
  const id: SortKey = { column: members.id, cast: 'uuid' };
  const created: SortKey = { column: members.createdAt, cast: 'timestamptz' };
  switch (sort.replace('-', '')) {
    case 'code':
      return { keys: [{ column: members.code, cast: 'text' }, id], descending };
    case 'name':
      return {
        keys: [{ column: members.lastName, cast: 'text' }, { column: members.firstName, cast: 'text' }, id],
        descending,
      };
    case 'status':
      return { keys: [{ column: members.status, cast: 'text' }, created, id], descending };
    default:
      return { keys: [created, id], descending };
  }
}

const orderOf = (s: ReturnType<typeof sortKeys>) => s.keys.map((k) => (s.descending ? desc(k.column) : asc(k.column)));

const listColumns = {
  id: members.id,
  code: members.code,
  firstName: members.firstName,
  lastName: members.lastName,
  chineseName: members.chineseName,
  phone: members.phone,
  email: members.email,
  status: members.status,
  isNew: members.isNew,
  hasPhoto: sql<boolean>`(${members.photo} is not null)`,
  createdAt: members.createdAt,
  centerId: centers.id,
  centerCode: centers.code,
  centerName: centers.name,
  cardNumber: activeCardNumber,
  possibleDuplicateOf: members.possibleDuplicateOf,
};

interface ListRow {
  id: string;
  code: string;
  firstName: string;
  lastName: string;
  chineseName: string | null;
  phone: string | null;
  email: string | null;
  status: string;
  isNew: boolean;
  hasPhoto: boolean;
  createdAt: Date;
  centerId: string;
  centerCode: string;
  centerName: string;
  cardNumber: string | null;
  possibleDuplicateOf: string | null;
}

function listItem(r: ListRow): MemberListItem {
  return {
    id: r.id,
    code: r.code,
    firstName: r.firstName,
    lastName: r.lastName,
    chineseName: r.chineseName,
    phone: r.phone,
    email: r.email,
    status: r.status as MemberListItem['status'],
    homeCenter: { id: r.centerId, code: r.centerCode, name: r.centerName },
    cardNumber: r.cardNumber,
    possibleDuplicateOf: r.possibleDuplicateOf,
    isNew: r.isNew,
    hasPhoto: Boolean(r.hasPhoto),
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * Relevance of a member to a typed keyword, lower first: 0 an exact card, code or phone (the typed
 * digits against the stored E.164 digits, or against its national part: the E.164 digits less a
 * country code of one to three digits), 1 a name starting with the keyword, 2 the rest. Card numbers
 * are read once through the card index (a hashed subplan), the rest from the row.
 */
function relevance(auth: Scope, keyword: string): SQL<number> {
  const raw = keyword.trim();
  const lowered = memberKeyword(raw);
  const digits = raw.replace(/\D/g, '');
  const prefix = `${likeEscape(lowered)}%`;
  const phone =
    digits.length >= 6 && /^[\d\s()+.-]+$/.test(raw)
      ? sql`or ${members.phoneDigits} = ${digits} or (right(${members.phoneDigits}, ${digits.length}) = ${digits} and length(${members.phoneDigits}) - ${digits.length} between 1 and 3)`
      : sql``;
  return sql<number>`case
    when upper(${members.code}) = upper(${raw})
      or ${members.id} in (select c.member_id from ${cards} c where c.organisation_id = ${auth.organisationId} and c.status <> 'detached' and c.number in (${raw}, upper(${raw})) and c.member_id is not null)
      ${phone}
      then 0
    when lower(${members.firstName}) like ${prefix} or lower(${members.lastName}) like ${prefix}
      or lower(${members.lastName} || ' ' || ${members.firstName}) like ${prefix}
      or lower(${members.firstName} || ' ' || ${members.lastName}) like ${prefix}
      or ${members.chineseName} like ${prefix}
      then 1
    else 2 end`;
}

/**
 * One page of the member list and its total, counted exactly only up to `MEMBER_TOTAL_CAP` (a
 * common name over 200,000 members would otherwise spend most of the search counting): beyond it
 * `total` is the cap and `totalCapped` is set. With a keyword and no sort chosen, the page is in
 * order of relevance, newest joined last. Pages are by offset: the list is read a page at a time
 * by people, and the page past the cap is no further than the count already reads (export pages by keyset).
 */
export async function listMembers(db: DbOrTx, auth: Scope, q: ListQuery) {
  const where = memberListWhere(auth, q);
  const keyword = q.keyword?.trim();
  const order =
    keyword && !q.sort
      ? [sql`${relevance(auth, keyword)}`, desc(members.createdAt), desc(members.id)]
      : orderOf(sortKeys(q.sort));
  const [rows, [counted]] = await Promise.all([
    db
      .select(listColumns)
      .from(members)
      .innerJoin(centers, eq(centers.id, members.homeCenterId))
      .where(where)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(
      db
        .select({ one: sql`1`.as('one') })
        .from(members)
        .where(where)
        .limit(MEMBER_TOTAL_CAP + 1)
        .as('capped'),
    ),
  ]);
  const n = counted?.n ?? 0;
  const totalCapped = n > MEMBER_TOTAL_CAP;
  return {
    items: rows.map(listItem),
    total: totalCapped ? MEMBER_TOTAL_CAP : n,
    ...(totalCapped ? { totalCapped } : {}),
    page: q.page,
    pageSize: q.pageSize,
  };
}

export interface MemberExportRow extends MemberListItem {
  gender: string | null;
  birthday: string | null;
  source: string;
  marketingConsent: boolean;
}

/**
 * The whole filtered list in pages, for CSV / XLSX export. Pages follow the sort by keyset (the
 * last row's sort values), so the 200th page costs what the first does.
 */
export async function* exportMembers(
  db: DbOrTx,
  auth: Scope,
  q: ListFilters,
  pageSize = 1000,
): AsyncGenerator<MemberExportRow[]> {
  const where = memberListWhere(auth, q);
  const sort = sortKeys(q.sort);
  const cursorColumns = Object.fromEntries(
    sort.keys.map((k, i) => [`k${i}`, sql<string>`${k.column}::text`]),
  ) as Record<string, SQL<string>>;
  let cursor: string[] | null = null;
  for (;;) {
    const after: SQL | undefined = cursor
      ? sql`(${sql.join(
          sort.keys.map((k) => k.column),
          sql`, `,
        )}) ${sql.raw(sort.descending ? '<' : '>')} (${sql.join(
          sort.keys.map((k, i) => sql`${cursor![i]}::${sql.raw(k.cast)}`),
          sql`, `,
        )})`
      : undefined;
    const rows = await db
      .select({
        ...listColumns,
        gender: members.gender,
        birthday: members.birthday,
        source: members.source,
        marketingConsent: members.marketingConsent,
        ...cursorColumns,
      })
      .from(members)
      .innerJoin(centers, eq(centers.id, members.homeCenterId))
      .where(and(where, after))
      .orderBy(...orderOf(sort))
      .limit(pageSize);
    if (rows.length === 0) return;
    yield rows.map((r) => ({
      ...listItem(r),
      gender: r.gender,
      birthday: r.birthday,
      source: r.source,
      marketingConsent: r.marketingConsent,
    }));
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1] as unknown as Record<string, string>;
    cursor = sort.keys.map((_, i) => last[`k${i}`]!);
  }
}

/** A member's cards, newest first, with the name of the staff member who attached each. */
export async function cardsOf(db: DbOrTx, auth: Pick<Scope, 'organisationId'>, memberId: string): Promise<Card[]> {
  const rows = await db
    .select({ card: cards, attachedBy: users.fullName })
    .from(cards)
    .leftJoin(users, eq(users.id, cards.attachedBy))
    .where(and(eq(cards.organisationId, auth.organisationId), eq(cards.memberId, memberId)))
    .orderBy(desc(cards.attachedAt), desc(cards.id));
  return rows.map(({ card, attachedBy }) => cardView(card, attachedBy));
}

export function cardView(card: typeof cards.$inferSelect, attachedBy: string | null = null): Card {
  return {
    id: card.id,
    number: card.number,
    status: card.status as Card['status'],
    attachedAt: card.attachedAt.toISOString(),
    lostAt: iso(card.lostAt),
    detachedAt: iso(card.detachedAt),
    attachedBy,
  };
}

export async function groupsOf(db: DbOrTx, auth: Pick<Scope, 'organisationId'>, memberId: string) {
  return db
    .select({ id: memberGroups.id, name: memberGroups.name, addedAt: memberGroupMembers.addedAt })
    .from(memberGroupMembers)
    .innerJoin(memberGroups, eq(memberGroups.id, memberGroupMembers.groupId))
    .where(and(eq(memberGroupMembers.organisationId, auth.organisationId), eq(memberGroupMembers.memberId, memberId)))
    .orderBy(asc(memberGroups.name));
}

export type MemberRow = typeof members.$inferSelect;

export function memberView(
  m: MemberRow,
  center: { id: string; code: string; name: string },
  groups: { id: string; name: string }[],
  memberCards: Card[],
): Member {
  return {
    id: m.id,
    code: m.code,
    firstName: m.firstName,
    lastName: m.lastName,
    chineseName: m.chineseName,
    gender: m.gender as Member['gender'],
    birthday: m.birthday,
    phone: m.phone,
    email: m.email,
    address: m.address,
    emergencyContactName: m.emergencyContactName,
    emergencyContactPhone: m.emergencyContactPhone,
    guardian: m.guardian ?? null,
    photo: m.photo,
    homeCenter: center,
    source: m.source as Member['source'],
    notes: m.notes,
    marketingConsent: m.marketingConsent,
    language: m.language as Member['language'],
    status: m.status as Member['status'],
    isNew: m.isNew,
    groups: groups.map((g) => ({ id: g.id, name: g.name })),
    cards: memberCards,
    possibleDuplicateOf: m.possibleDuplicateOf,
    mergedInto: m.mergedInto,
    erasedAt: iso(m.erasedAt),
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
  };
}

/** The member with centre, groups and card history, if the caller may see them (404 otherwise). */
export async function getMember(db: DbOrTx, auth: Scope, id: string): Promise<Member> {
  const [row] = await db
    .select({ m: members, center: { id: centers.id, code: centers.code, name: centers.name } })
    .from(members)
    .innerJoin(centers, eq(centers.id, members.homeCenterId))
    .where(
      scoped(auth, { organisationId: members.organisationId, centerId: members.homeCenterId }, eq(members.id, id)),
    );
  if (!row) throw notFound('member');
  const [groups, memberCards] = await Promise.all([groupsOf(db, auth, id), cardsOf(db, auth, id)]);
  return memberView(row.m, row.center, groups, memberCards);
}

/**
 * The member row locked for a change, if the caller may see it (404 otherwise). Locking the row
 * serialises every change of one member (two cards attached at once, an edit during an erase).
 */
export async function lockMember(tx: DbOrTx, auth: Scope, id: string): Promise<MemberRow> {
  const [row] = await tx
    .select()
    .from(members)
    .where(scoped(auth, { organisationId: members.organisationId, centerId: members.homeCenterId }, eq(members.id, id)))
    .for('update');
  if (!row) throw notFound('member');
  return row;
}
