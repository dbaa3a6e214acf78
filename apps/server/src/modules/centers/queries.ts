import type {
  CenterDetail,
  CenterSummary,
  centerAdminListQuerySchema,
  centerExportQuerySchema,
  OpeningDay,
} from '@gym/contract/centers';
import { likeEscape } from '@gym/contract/search';
import { and, asc, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { centers, readers } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { byOffset, type ChunkedRows } from '../../lib/long-read.ts';
import { memberNameSql } from '../../lib/member-name.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';

/** The active centres the caller may work in, for the navbar's centre switcher. */
export async function listCentersForSwitcher({ db }: { db: TenantDb }): Promise<CenterSummary[]> {
  const rows = await db
    .select({
      c: centers,
      // The last member let in at this centre (the navbar's "last person who entered").
      last: sql<{
        name: string;
        at: string;
      } | null>`(select json_build_object('name', ${memberNameSql(sql.raw('m.first_name'), sql.raw('m.last_name'))}, 'at', e.tapped_at)
        from entries e join members m on m.id = e.member_id
        where e.organisation_id = centers.organisation_id and e.center_id = centers.id and e.result = 'granted'
        order by e.tapped_at desc limit 1)`,
    })
    .from(centers)
    .where(eq(centers.active, true))
    .orderBy(asc(centers.code));
  return rows.map(({ c, last }) => ({
    id: c.id,
    code: c.code,
    name: c.name,
    timeZone: c.timeZone,
    currencySymbol: c.currencySymbol,
    currencyCode: c.currencyCode,
    lastPerson: last ? { name: last.name, at: new Date(last.at).toISOString() } : null,
  }));
}

export type CenterListItem = Omit<CenterDetail, 'readers'>;
type ListFilters = Omit<z.infer<typeof centerExportQuerySchema>, 'format'>;

/**
 * A centre's current members are those whose home it is, neither erased nor gone (`left`), nor
 * prospects who never joined; its rooms are the ones in use. Both are counted in the same query
 * as the centres (correlated subqueries on indexed columns), so a page costs one round trip.
 * The outer column is written qualified by hand: drizzle leaves it bare in a select list, where it
 * would name the subquery's own `id`.
 */
const centerColumns = {
  center: centers,
  memberCount: sql<number>`(select count(*)::int from members m where m.home_center_id = centers.id and m.erased_at is null and m.status in ('active', 'frozen') and (m.import_id is null or m.import_id not in (select mi.id from member_imports mi where mi.status <> 'done')))`,
  roomCount: sql<number>`(select count(*)::int from rooms r where r.center_id = centers.id and r.active)`,
};

type CenterRow = { center: typeof centers.$inferSelect; memberCount: number; roomCount: number };

function toItem({ center: c, memberCount, roomCount }: CenterRow): CenterListItem {
  return {
    id: c.id,
    code: c.code,
    name: c.name,
    address: c.address,
    phone: c.phone,
    email: c.email,
    timeZone: c.timeZone,
    country: c.country,
    currencySymbol: c.currencySymbol,
    currencyCode: c.currencyCode,
    openingHours: c.openingHours as OpeningDay[],
    active: c.active,
    memberCount: Number(memberCount),
    roomCount: Number(roomCount),
    createdAt: c.createdAt.toISOString(),
  };
}

/** The list's filters; the scoped database keeps to the centres the caller may use. */
function listWhere(q: ListFilters): SQL | undefined {
  const keyword = q.keyword?.trim();
  const pattern = keyword ? `%${likeEscape(keyword)}%` : undefined;
  return and(
    q.includeInactive ? undefined : eq(centers.active, true),
    pattern ? or(ilike(centers.code, pattern), ilike(centers.name, pattern)) : undefined,
  );
}

function listOrder(sort: ListFilters['sort']): SQL[] {
  const dir = sort.startsWith('-') ? desc : asc;
  const column = { code: centers.code, name: sql`lower(${centers.name})`, createdAt: centers.createdAt }[
    sort.replace(/^-/, '') as 'code' | 'name' | 'createdAt'
  ];
  return [dir(column), asc(centers.id)];
}

/** `GET /centers`: the centres the caller may use, with their member and room counts. */
export async function listCenters(
  { db }: { db: TenantDb },
  q: z.infer<typeof centerAdminListQuerySchema>,
): Promise<{ items: CenterListItem[]; total: number; page: number; pageSize: number }> {
  const where = listWhere(q);
  const [rows, total] = await Promise.all([
    db
      .select(centerColumns)
      .from(centers)
      .where(where)
      .orderBy(...listOrder(q.sort))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.count(centers, where),
  ]);
  return { items: rows.map(toItem), total, page: q.page, pageSize: q.pageSize };
}

/** The export's centres, a chunk at a time (lib/long-read.ts); an organisation has tens of centres, not thousands. */
export async function listCentersForExport(
  { db }: { db: TenantDb },
  q: ListFilters,
): Promise<ChunkedRows<CenterListItem>> {
  return byOffset(async ({ offset, limit }) => {
    const rows = await db
      .select(centerColumns)
      .from(centers)
      .where(listWhere(q))
      .orderBy(...listOrder(q.sort))
      .limit(limit)
      .offset(offset);
    return rows.map(toItem);
  });
}

/** One centre with its card readers; a centre the caller may not use is not found. */
export async function getCenterDetail({ db }: { db: TenantDb }, input: { id: string }): Promise<CenterDetail> {
  const { id } = input;
  const [row] = await db.select(centerColumns).from(centers).where(eq(centers.id, id));
  if (!row) throw notFound('centre');
  const readerRows = await db
    .select()
    .from(readers)
    .where(and(eq(readers.centerId, id), isNull(readers.deletedAt)))
    .orderBy(asc(readers.name), asc(readers.id));
  return {
    ...toItem(row),
    readers: readerRows.map((r) => ({
      id: r.id,
      name: r.name,
      sn: r.sn,
      active: r.active,
      lastSeenAt: r.lastSeenAt?.toISOString() ?? null,
    })),
  };
}
