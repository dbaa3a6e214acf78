import {
  MEMBER_TOTAL_CAP,
  type MemberListItem,
  type MemberListQuery,
  type memberListQuerySchema,
} from '@gym/contract/members';
import { PHONE_COUNTRIES } from '@gym/contract/phone';
import { likeEscape, normaliseKeyword } from '@gym/contract/search';
import { and, asc, count, desc, eq, inArray, isNull, notInArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { placeholders, reusableStatement, type StatementScope } from '../../db/reusable.ts';
import { cards, centers, memberGroupMembers, members, organisations } from '../../db/schema/index.ts';
import type { AuthContext } from '../../lib/access.ts';
import { memberRefColumns } from '../../lib/member-name.ts';
import { scopeOf, type TenantDb } from '../../lib/tenant-db.ts';

export type Scope = Pick<AuthContext, 'organisationId' | 'centerIds'>;

/**
 * The list's statements are written and tuned by hand (some built once, with placeholders): each is
 * scoped by `memberListWhere` (the caller's organisation and centres) or its organisation placeholder.
 */
type Handle = ReturnType<TenantDb['unscoped']>;
const listHandle = (db: TenantDb): Handle =>
  db.unscoped('the list’s statements are tuned by hand and scoped by memberListWhere or their placeholder');
type ListQuery = z.output<typeof memberListQuerySchema>;
export type ListFilters = Omit<ListQuery, 'page' | 'pageSize'>;

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
  // Typed text that normalises to nothing ("|", the fields' separator) matches nobody, not everybody.
  const typed = Boolean(q.keyword?.trim());
  return scopeOf(
    auth,
    members,
    keyword ? sql`${members.searchText} like ${`%${likeEscape(keyword)}%`}` : typed ? sql`false` : undefined,
    // A record merged into another is not listed (its file still opens, pointing at the kept one).
    isNull(members.mergedInto),
    q.centerId ? eq(members.homeCenterId, q.centerId) : undefined,
    q.status ? eq(members.status, q.status) : undefined,
    q.isNew !== undefined ? eq(members.isNew, q.isNew) : undefined,
    q.guardianMissing === undefined
      ? undefined
      : q.guardianMissing
        ? guardianMissingSql
        : sql`not ${guardianMissingSql}`,
    q.groupId
      ? sql`exists (select 1 from ${memberGroupMembers} where ${memberGroupMembers.groupId} = ${q.groupId} and ${memberGroupMembers.memberId} = ${members.id})`
      : undefined,
  );
}

/**
 * A minor without guardian details, derived on read: under 18 on the home centre's business date
 * (its time zone's today), so the flag clears itself on the 18th birthday or when a guardian is saved.
 * `member-detail.ts` `isGuardianMissing` is the same rule in the process.
 */
const guardianMissingSql = sql`(coalesce(jsonb_typeof(${members.guardian}), 'null') = 'null' and ${members.birthday} is not null and ${members.birthday} > ((now() at time zone (select ${centers.timeZone} from ${centers} where ${centers.id} = ${members.homeCenterId}))::date - interval '18 years'))`;

interface SortKey {
  column: PgColumn;
  /** How the cursor value (read as text) is cast back for a keyset comparison. */
  cast: 'text' | 'timestamptz' | 'uuid';
}

/** Sort columns, all in one direction, ending with the id so that the order is total (stable pages, keyset export). */
export function sortKeys(sort: MemberListQuery['sort'] = '-createdAt'): { keys: SortKey[]; descending: boolean } {
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

export const orderOf = (s: ReturnType<typeof sortKeys>) =>
  s.keys.map((k) => (s.descending ? desc(k.column) : asc(k.column)));

export const listColumns = {
  ...memberRefColumns,
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

export function listItem(r: ListRow): MemberListItem {
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
 * The phone numbers a keyword may name exactly, as stored digits: the typed digits against the
 * stored E.164 digits, or taken as the national part after any known country code, trunk prefix
 * dropped. None unless the keyword is made of phone characters with at least six digits.
 */
function exactPhones(raw: string): string[] {
  const digits = raw.replace(/\D/g, '');
  if (digits.length < 6 || !/^[\d\s()+.-]+$/.test(raw)) return [];
  const phones = new Set([digits]);
  for (const plan of Object.values(PHONE_COUNTRIES)) {
    phones.add(`${plan.code}${digits}`);
    if (plan.trunk && digits.startsWith(plan.trunk)) phones.add(`${plan.code}${digits.slice(plan.trunk.length)}`);
  }
  return [...phones];
}

/**
 * A value of a search statement: the value itself, or a placeholder when the statement is built
 * once (`member_search_facts`, `member_search_named_page`) and filled at each run.
 */
type Value = unknown;

/**
 * The ids of the members a keyword names exactly: an active or lost card number, a member code, or
 * one of `phones` (`exactPhones`, an array; no phone arm when null). Each arm is one index lookup.
 */
function exactMatchIds(organisationId: Value, raw: Value, phones: Value | null): SQL {
  const arms = [
    sql`select c.member_id from ${cards} c where c.organisation_id = ${organisationId} and c.status <> 'detached' and c.number in (${raw}, upper(${raw})) and c.member_id is not null`,
    sql`select m.id from ${members} m where m.organisation_id = ${organisationId} and m.code in (${raw}, upper(${raw}))`,
  ];
  if (phones !== null)
    arms.push(
      sql`select m.id from ${members} m where m.organisation_id = ${organisationId} and m.phone_digits = any(${phones}::text[])`,
    );
  return sql.join(arms, sql` union all `);
}

/** The name-prefix tier's indexed expressions, spelt as their indexes' (`members_org_name_*`). */
const familyGiven = sql`lower(${members.lastName} || ' ' || ${members.firstName})`;
const givenFamily = sql`lower(${members.firstName} || ' ' || ${members.lastName})`;

/**
 * The keyword as a name starts with it: as typed, lower-cased (the search-text form of a Chinese
 * keyword is an encoding, not the name), as a LIKE pattern and as the range of the strings that
 * start with it in byte order, as `text_pattern_ops` indexes sort: from the keyword to the keyword
 * with its last character's successor. A statement planned once cannot derive that range from a
 * LIKE pattern it does not know yet; given as values, the range is a range of the name indexes.
 */
export interface NameStart {
  pattern: string;
  from: string;
  to: string;
}

export function nameStart(keyword: string): NameStart {
  const from = keyword.trim().toLowerCase();
  const chars = [...from];
  let to = from;
  while (chars.length > 0) {
    let next = chars.pop()!.codePointAt(0)! + 1;
    if (next >= 0xd800 && next <= 0xdfff) next = 0xe000;
    if (next <= 0x10ffff) {
      to = chars.join('') + String.fromCodePoint(next);
      break;
    }
  }
  // Only a keyword of U+10FFFF characters (non-characters) has no successor: its range is empty,
  // and any member it names ranks with the rest of the matches.
  return { pattern: `${likeEscape(from)}%`, from, to };
}

/**
 * A name starting with the keyword (`pattern`, `NameStart`'s): "family given", "given family" (so
 * either name alone, or both in either order) or the Chinese name; never null. Each arm is a range
 * of one index (`members_org_name_last_first`, `members_org_name_first_last`,
 * `members_org_chinese_name`) when the pattern is known as the statement is planned.
 */
function namePrefix(pattern: Value): SQL {
  return sql`(${familyGiven} like ${pattern} or ${givenFamily} like ${pattern}
    or (${members.chineseName} is not null and ${members.chineseName} like ${pattern}))`;
}

/** The total of the list, counted exactly up to `MEMBER_TOTAL_CAP` + 1 rows and no further. */
export function cappedCount(db: Handle, where: SQL, cap = MEMBER_TOTAL_CAP) {
  return db.select({ n: count() }).from(
    db
      .select({ one: sql`1`.as('one') })
      .from(members)
      .where(where)
      .limit(cap + 1)
      .as('capped'),
  );
}

/**
 * The page statement of the list for a filter and an order (the bench explains it). `limit` as SQL:
 * a constant written into the text of a statement built once.
 */
export function pageStatement(
  db: Handle,
  where: SQL,
  order: (SQL | PgColumn)[],
  limit: number | Placeholder | SQL,
  offset: number | Placeholder,
) {
  return (
    db
      .select(listColumns)
      .from(members)
      .innerJoin(centers, eq(centers.id, members.homeCenterId))
      .where(where)
      .orderBy(...order)
      // drizzle writes any SQL given as the limit as it is; its types say only numbers and placeholders.
      .limit(limit as number)
      .offset(offset)
  );
}

const newestFirst = [desc(members.createdAt), desc(members.id)];

/**
 * The matches of `where` read once, up to the cap + 1: their number and the page of them ranked
 * (`rank` if any, then newest joined). `n` is null when the page is past the last match (no row to
 * carry the count). When `n` passes the cap the rows are not the page (only some matches were ranked).
 */
async function countedRankedPage(
  db: Handle,
  where: SQL,
  rank: SQL | null,
  limit: number,
  offset: number,
): Promise<{ n: number | null; rows: ListRow[] }> {
  const matches = db.$with('matches').as(
    db
      .select({ id: sql<string>`${members.id}`.as('match_id') })
      .from(members)
      .where(where)
      .limit(MEMBER_TOTAL_CAP + 1),
  );
  const rows = await db
    .with(matches)
    .select({ ...listColumns, matched: sql<number>`(select count(*) from ${matches})::int` })
    .from(members)
    .innerJoin(centers, eq(centers.id, members.homeCenterId))
    .where(sql`${members.id} in (select match_id from ${matches})`)
    .orderBy(...(rank ? [rank, ...newestFirst] : newestFirst))
    .limit(limit)
    .offset(offset);
  if (rows.length === 0) return { n: offset === 0 ? 0 : null, rows: [] };
  return { n: Number(rows[0]!.matched), rows };
}

/** The statements of a search by relevance (the bench explains them). */
export interface RelevanceFilters {
  /** The whole list's filter. */
  where: SQL;
  /** The tiers, best first, disjoint: exact card, code or phone; a name starting with the keyword; the rest. Null: none matches exactly. */
  tiers: (SQL | null)[];
  /** The rank of a row (0, 1, 2: its tier), to sort few matches in one statement. */
  rank: SQL;
  /**
   * The count of the members whose family name, then given name, starts with the keyword (exact
   * matches included), up to the cap + 1: when more than the cap of them match, so does the list,
   * and a common name ("wong") is counted from the family-name index alone. Up to the cap, the list
   * is counted on its own filter.
   */
  prefixCount: SQL;
  /** What `prefixCount` counted. */
  prefixed: number;
  /**
   * The first page of the name-prefix tier by a statement planned once, when the keyword is the
   * list's only filter and more than the cap of names start with it; null otherwise (read `tiers[1]`).
   */
  namedPage: ((limit: number) => Promise<ListRow[]>) | null;
}

/**
 * How many members match `filters` with a family name, then given name, starting with the keyword,
 * up to the cap + 1, counted from `members_org_name_last_first` without reading the table (an
 * index-only scan: the index holds the list's filter columns). The range and the pattern are both
 * given: a statement planned once knows the range as an index range without knowing the pattern.
 */
function prefixedCount(filters: SQL, start: Record<keyof NameStart, Value>): SQL {
  // The cap is written into the text, so that a statement built once holds no value but its placeholders.
  return sql`(select count(*) from (select 1 from ${members} where ${filters}
    and ${familyGiven} ~>=~ ${start.from} and ${familyGiven} ~<~ ${start.to} and ${familyGiven} like ${start.pattern}
    limit ${sql.raw(String(MEMBER_TOTAL_CAP + 1))}) capped)`;
}

/**
 * The first statement of a search by relevance: the ids of the members the keyword names exactly
 * and the count of those whose family name starts with it (`prefixedCount`), on the caller's
 * organisation's row. `filters`: the list's filters but the keyword, erased members left out (a
 * name starting with the keyword matches it; erased members are named only by their code).
 */
function searchFactsQuery(
  db: Handle,
  filters: SQL,
  v: Record<'organisationId' | 'raw' | 'phones' | keyof NameStart, Value> & { phones: Value | null },
) {
  return db
    .select({
      ids: sql<
        string[]
      >`array(select distinct e.member_id::text from (${exactMatchIds(v.organisationId, v.raw, v.phones)}) e(member_id))`,
      prefixed: sql<number>`${prefixedCount(filters, v)}::int`,
    })
    .from(organisations)
    .where(eq(organisations.id, v.organisationId as string));
}

/**
 * The name-prefix tier: `filters` (as `searchFactsQuery`'s), the keyword's test and a name starting
 * with it, the exact matches (`exact`, an array of ids) left out. The keyword's test is `strpos`
 * (the same test as LIKE, which the trigram index does not serve): implied by the prefix, it is a
 * cheap first filter (a scan of the search text) that spares most rows read down the join-date
 * index the three lower-cased names.
 */
function namedTier(filters: SQL, keyword: Value, pattern: Value, exact: Value): SQL {
  return and(
    filters,
    sql`strpos(${members.searchText}, ${keyword}) > 0`,
    namePrefix(pattern),
    sql`not (${members.id} = any(${exact}::uuid[]))`,
  )!;
}

/** `filters` of a search whose only filter is the keyword, for a statement built once. */
function plainFilters(scope: StatementScope): SQL {
  const centerIds = sql.placeholder('centerIds');
  return and(
    memberListWhere(scope, {}),
    isNull(members.erasedAt),
    sql`(${centerIds}::uuid[] is null or ${members.homeCenterId} = any(${centerIds}::uuid[]))`,
  )!;
}

/**
 * The front desk's search (a keyword and no other filter) is the list's hottest read: its two
 * statements are built once and planned once per connection (their ranges and values are
 * parameters), rather than built and planned on every keystroke.
 */
const searchFactsOf = (phones: boolean) =>
  reusableStatement(phones ? 'member_search_facts_phone' : 'member_search_facts', (db, scope) =>
    searchFactsQuery(db, plainFilters(scope), {
      organisationId: scope.organisationId,
      ...placeholders('raw', 'pattern', 'from', 'to'),
      phones: phones ? sql.placeholder('phones') : null,
    }),
  );
// Two statements, with and without the phone arm: planned once, an arm for phones that a name
// never has would make the plan look dearer than a fresh plan for each keyword, and PostgreSQL
// would plan every search again.
const searchFacts = { name: searchFactsOf(false), phone: searchFactsOf(true) };

/**
 * The first page of a common name's name-prefix tier, `limit` rows. Only run when more than the
 * cap of names start with the keyword: its one plan, down the join-date index, is the plan for that
 * many. The limit is written into the text (one statement per page size, at most the largest page
 * size): a limit it does not know, PostgreSQL plans for a tenth of the rows, in parallel.
 */
const namedFirstPages = new Map<number, ReturnType<typeof namedFirstPageOf>>();
function namedFirstPageOf(limit: number) {
  return reusableStatement(`member_search_named_page_${limit}`, (db, scope) => {
    const v = placeholders('keyword', 'pattern', 'exact');
    const where = namedTier(plainFilters(scope), v.keyword, v.pattern, v.exact);
    return pageStatement(db, where, newestFirst, sql.raw(String(limit)), 0);
  });
}
function namedFirstPage(limit: number) {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`not a page size: ${limit}`);
  let statement = namedFirstPages.get(limit);
  if (!statement) {
    statement = namedFirstPageOf(limit);
    namedFirstPages.set(limit, statement);
  }
  return statement;
}

/**
 * The filters of the list by relevance for a keyword and no sort chosen, null when the list is not
 * ordered by relevance. One statement reads the exact matches' ids (one index lookup per arm), so
 * that each tier is a plain filter the planner estimates, and counts the name-prefix matches.
 */
export async function relevanceFilters(scoped: TenantDb, q: ListQuery): Promise<RelevanceFilters | null> {
  const db = listHandle(scoped);
  const { auth } = scoped;
  const where = memberListWhere(auth, q);
  const keyword = q.keyword?.trim();
  const normalised = memberKeyword(keyword);
  if (!keyword || !normalised || q.sort) return null;
  // No filter but the keyword (whatever filters the list gains later): the statements built once apply.
  const { keyword: _keyword, page: _page, pageSize: _pageSize, sort: _sort, ...otherFilters } = q;
  const plain = Object.values(otherFilters).every((v) => v === undefined);
  const start = nameStart(keyword);
  const phones = exactPhones(keyword);
  const values = { raw: keyword, ...start };
  const filters = and(memberListWhere(auth, { ...q, keyword: undefined }), isNull(members.erasedAt))!;
  const [row] = plain
    ? phones.length > 0
      ? await searchFacts.phone(db, auth.organisationId, { ...values, phones, centerIds: auth.centerIds })
      : await searchFacts.name(db, auth.organisationId, { ...values, centerIds: auth.centerIds })
    : await searchFactsQuery(db, filters, {
        organisationId: auth.organisationId,
        ...values,
        phones: phones.length > 0 ? sql.param(phones) : null,
      });
  const ids = row?.ids ?? [];
  const prefixed = Number(row?.prefixed ?? 0);
  const exact = ids.length > 0 ? inArray(members.id, ids) : sql`false`;
  const notExact = ids.length > 0 ? notInArray(members.id, ids) : undefined;
  const prefix = namePrefix(start.pattern);
  return {
    where,
    tiers: [
      ids.length > 0 ? and(where, exact)! : null,
      namedTier(filters, normalised, start.pattern, sql.param(ids)),
      and(where, notExact, sql`not ${prefix}`)!,
    ],
    rank: sql`case when ${exact} then 0 when ${prefix} then 1 else 2 end`,
    prefixCount: prefixedCount(filters, start),
    prefixed,
    namedPage:
      plain && prefixed > MEMBER_TOTAL_CAP
        ? (limit) =>
            namedFirstPage(limit)(db, auth.organisationId, {
              centerIds: auth.centerIds,
              keyword: normalised,
              pattern: start.pattern,
              exact: ids,
            })
        : null,
  };
}

/**
 * One page of the member list and its total, counted exactly only up to `MEMBER_TOTAL_CAP` (a
 * common name over 200,000 members would otherwise spend most of the search counting): beyond it
 * `total` is the cap and `totalCapped` is set.
 * With a keyword and no sort chosen the order is by relevance: the tiers of `relevanceFilters`, each
 * newest joined first. Up to the cap the matches are few and one statement ranks them all; past it
 * (a common name) the tiers are read one after the other, each only as far as the page needs (the
 * first page of "wong" reads twenty name-prefix rows down the join-date index, not the 14,000
 * matches), and the total is known from the name-prefix matches alone when they pass the cap.
 * Pages are by offset: people read the list a page at a time, a page is at most a cap away, and
 * the export pages by keyset.
 */
export async function listMembers(scoped: TenantDb, q: ListQuery, rankInOne = MEMBER_TOTAL_CAP) {
  const db = listHandle(scoped);
  const { auth } = scoped;
  const offset = (q.page - 1) * q.pageSize;
  const relevance = await relevanceFilters(scoped, q);
  let rows: ListRow[];
  let n: number;
  if (!relevance) {
    const where = memberListWhere(auth, q);
    const total = cappedCount(db, where);
    rows = await pageStatement(db, where, orderOf(sortKeys(q.sort)), q.pageSize, offset);
    n = (await total)[0]?.n ?? 0;
  } else {
    const { where, tiers, rank } = relevance;
    n = relevance.prefixed;
    let ranked: ListRow[] | null = null;
    let counted = false;
    if (n <= MEMBER_TOTAL_CAP && tiers[0]) {
      // A card, code or phone named exactly: the matches are a handful, and one statement reads
      // them (up to the cap + 1), counts them and ranks the page. For a fragment of a name the two
      // statements below cost less: hundreds of matches are read faster twice by bitmap than
      // fetched once more by id.
      const page = await countedRankedPage(db, where, rank, q.pageSize, offset);
      if (page.n !== null) {
        counted = true;
        n = page.n;
        if (n <= MEMBER_TOTAL_CAP) ranked = page.rows;
      }
    }
    if (!counted && n <= MEMBER_TOTAL_CAP) n = (await cappedCount(db, where))[0]?.n ?? 0;
    if (ranked && n <= rankInOne) rows = ranked;
    else if (n <= rankInOne) {
      // Few matches: the trigram index finds them all and one sort ranks them.
      rows = await pageStatement(db, where, [rank, ...newestFirst], q.pageSize, offset);
    } else {
      rows = [];
      let skip = offset;
      for (const [i, tier] of tiers.entries()) {
        if (!tier) continue;
        const need = q.pageSize - rows.length;
        if (need === 0) break;
        const got =
          i === 1
            ? await namedTierPage(db, relevance, need, skip)
            : await pageStatement(db, tier, newestFirst, need, skip);
        rows.push(...got);
        if (got.length > 0) skip = 0;
        else if (skip > 0) {
          // The page starts past this tier: skip it whole (counted no further than the rows to skip).
          const [inTier] = await cappedCount(db, tier, skip - 1);
          skip = Math.max(0, skip - (inTier?.n ?? 0));
        }
      }
    }
  }
  const totalCapped = n > MEMBER_TOTAL_CAP;
  return {
    items: rows.map(listItem),
    total: totalCapped ? MEMBER_TOTAL_CAP : n,
    ...(totalCapped ? { totalCapped } : {}),
    page: q.page,
    pageSize: q.pageSize,
  };
}

/**
 * A page of the name-prefix tier, newest joined first. Many family names start with the keyword
 * (past the cap): down the join-date index, where twenty are soon found. Few do: the tier is read
 * once by the name indexes (up to the cap + 1) and sorted, unless it turns out dense (given names)
 * after all. Walking the join-date index for a tier of a handful would read every member (a
 * fragment such as "ong" matches thousands by its text, and the planner's guess of how many names
 * start with it is too rough to tell).
 */
async function namedTierPage(db: Handle, relevance: RelevanceFilters, limit: number, offset: number) {
  const tier = relevance.tiers[1]!;
  if (relevance.prefixed > MEMBER_TOTAL_CAP) {
    if (relevance.namedPage && offset === 0) return relevance.namedPage(limit);
    return pageStatement(db, tier, newestFirst, limit, offset);
  }
  const few = await countedRankedPage(db, tier, null, limit, offset);
  // Past the tier's last row: none here (the caller counts the tier to skip it).
  if (few.n === null) return [];
  return few.n <= MEMBER_TOTAL_CAP ? few.rows : pageStatement(db, tier, newestFirst, limit, offset);
}
