import type {
  Attendance,
  attendanceExportQuerySchema,
  attendanceListQuerySchema,
  Entry,
  EntryDenialReason,
  entryExportQuerySchema,
  entryListQuerySchema,
} from '@gym/contract/entries';
import { IN_BUILDING_MINUTES } from '@gym/contract/entries';
import { formatMemberName } from '@gym/contract/names';
import { likeEscape } from '@gym/contract/search';
import { and, asc, count, desc, eq, gte, ilike, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { placeholders, reusableStatement, reusableWrite } from '../../db/reusable.ts';
import { centers, entitlements, entries, members, readers, staffAttendance, users } from '../../db/schema/index.ts';
import type { AuthContext } from '../../lib/access.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { type ChunkedRows, type KeyColumn, keyOrder, keysetRows } from '../../lib/long-read.ts';
import { memberNameLike, memberNameSql } from '../../lib/member-name.ts';
import { organisationScopeOf, scopeOf, type TenantDb } from '../../lib/tenant-db.ts';
import type { QueryContext } from '../../lib/use-case.ts';
import type { RecordedEntry } from './write-decision.ts';

type Scope = Pick<AuthContext, 'organisationId' | 'centerIds'>;
type Ctx = QueryContext<Scope>;

/** The handle of the statements built once (scoped by their organisation placeholder). */
const builtOnce = (ctx: Ctx) => ctx.db.unscoped('a statement built once, scoped by its organisation placeholder');

const staff = alias(users, 'entry_staff');
const override = alias(entries, 'entry_override');
const memberName = memberNameSql(members.firstName, members.lastName);

const entryColumns = {
  e: entries,
  center: { id: centers.id, code: centers.code, name: centers.name },
  reader: { id: readers.id, sn: readers.sn, name: readers.name },
  member: {
    id: members.id,
    code: members.code,
    name: memberName,
    hasPhoto: sql<boolean>`(${members.photo} is not null)`,
  },
  entitlement: { id: entitlements.id, name: entitlements.name, kind: entitlements.kind },
  staff: { id: staff.id, name: staff.fullName },
  overriddenByEntryId: override.id,
};

type EntryRow = {
  e: typeof entries.$inferSelect;
  center: { id: string; code: string; name: string };
  reader: { id: string; sn: string; name: string } | null;
  member: { id: string; code: string; name: string; hasPhoto: boolean } | null;
  entitlement: { id: string; name: string; kind: string } | null;
  staff: { id: string; name: string } | null;
  overriddenByEntryId: string | null;
};

/** Where a browser fetches the photo of the member an entry names (with its token). */
export const entryPhotoUrl = (entryId: string) => `/api/v1/pro/entries/${entryId}/photo`;

function toEntry(r: EntryRow): Entry {
  const e = r.e;
  const isOverride = e.overrideOf !== null;
  return {
    id: e.id,
    at: e.tappedAt.toISOString(),
    businessDate: e.businessDate,
    center: r.center,
    reader: r.reader?.id ? r.reader : null,
    card: e.cardNumber,
    member: r.member?.id
      ? {
          id: r.member.id,
          code: r.member.code,
          name: r.member.name,
          photoUrl: r.member.hasPhoto ? entryPhotoUrl(e.id) : null,
        }
      : null,
    result: e.result as Entry['result'],
    reason: e.reason as EntryDenialReason | null,
    grantedBy: e.grantedBy as Entry['grantedBy'],
    entitlement: r.entitlement?.id ? r.entitlement : null,
    daysLeft: e.daysLeft,
    creditsLeft: e.creditsLeft,
    source: e.source as Entry['source'],
    overrideOf: e.overrideOf,
    overriddenBy: isOverride && r.staff?.id ? r.staff : null,
    overrideReason: e.overrideReason,
    overriddenByEntryId: r.overriddenByEntryId,
    staff: r.staff?.id ? r.staff : null,
  };
}

/** Entries with what their view shows. */
const entryFrom = <X extends Record<string, SQL>>(db: Pick<TenantDb, 'select'>, extra?: X) =>
  db
    .select({ ...entryColumns, ...(extra as X) })
    .from(entries)
    .innerJoin(centers, eq(centers.id, entries.centerId))
    .leftJoin(readers, eq(readers.id, entries.readerId))
    .leftJoin(members, eq(members.id, entries.memberId))
    .leftJoin(entitlements, eq(entitlements.id, entries.entitlementId))
    .leftJoin(staff, eq(staff.id, entries.staffId))
    .leftJoin(override, eq(override.overrideOf, entries.id));

/**
 * One entry of the organisation by id, as a statement built once and named: its text never
 * changes, so PostgreSQL plans it once per connection instead of at every tap (six tables, the
 * members' many indexes: planning cost more than running it), and this process builds it once.
 */
const entryById = reusableStatement('entry_by_id', (db, scope) =>
  entryFrom(db).where(organisationScopeOf(scope, entries, eq(entries.id, sql.placeholder('id')))),
);

/** What the door writes into an entry (its organisation apart). */
export const ENTRY_VALUES = [
  'id',
  'centerId',
  'readerId',
  'cardNumber',
  'cardId',
  'memberId',
  'result',
  'reason',
  'grantedBy',
  'entitlementId',
  'daysLeft',
  'creditsLeft',
  'source',
  'scanId',
  'tappedAt',
  'businessDate',
  'staffId',
] as const;
export type EntryValues = Required<Pick<typeof entries.$inferInsert, (typeof ENTRY_VALUES)[number]>>;

/**
 * Writes a tap's entry (a door's taps come many a second, and each statement is a round trip): on
 * PostgreSQL it goes with the commit, not waited for (`reusableWrite`). A scan id recorded before
 * fails it, and its transaction, with a unique violation of `entries_org_scan` (`ENTRY_SCAN_INDEX`).
 */
export const writeEntry = reusableWrite<EntryValues>('door_write_entry', (db, scope) =>
  db.insert(entries).values({ ...placeholders(...ENTRY_VALUES), organisationId: scope.organisationId }),
);

/** The index that records one entry per scan id (per organisation). */
export const ENTRY_SCAN_INDEX = 'entries_org_scan';

/** What a new entry's view shows besides its own values, as the tap's facts hold them. */
export interface EntryViewParts {
  center: { id: string; code: string; name: string };
  reader: { id: string; sn: string; name: string } | null;
  member: { id: string; code: string; firstName: string; lastName: string; hasPhoto: boolean } | null;
  entitlement: { id: string; name: string; kind: string } | null;
  staff: { id: string; name: string } | null;
}

/**
 * A new entry as `getEntry` will read it, built from the values written and the facts the tap read
 * (no statement: the door announces it with its commit). A new entry is no override and has none.
 */
export function newEntryView(values: EntryValues, parts: EntryViewParts): Entry {
  const member = parts.member;
  // Not a spread followed by properties: on Node 20 that costs about a microsecond per property.
  const e = Object.assign({}, values as Required<EntryValues>, {
    organisationId: '',
    overrideOf: null,
    overrideReason: null,
    createdAt: values.tappedAt,
  }) as typeof entries.$inferSelect;
  return toEntry({
    e,
    center: { id: parts.center.id, code: parts.center.code, name: parts.center.name },
    reader: parts.reader && { id: parts.reader.id, sn: parts.reader.sn, name: parts.reader.name },
    member: member && { id: member.id, code: member.code, name: formatMemberName(member), hasPhoto: member.hasPhoto },
    entitlement: parts.entitlement && {
      id: parts.entitlement.id,
      name: parts.entitlement.name,
      kind: parts.entitlement.kind,
    },
    staff: parts.staff,
    overriddenByEntryId: null,
  });
}

/**
 * One entry the caller may see (404 otherwise); with `wholeOrganisation`, any of the organisation's
 * (the door's own answers: the entry it has just recorded or the one a scan recorded).
 */
export async function getEntry(
  ctx: Ctx,
  { id, wholeOrganisation = false }: { id: string; wholeOrganisation?: boolean },
): Promise<Entry> {
  const [row] =
    ctx.auth.centerIds === null || wholeOrganisation
      ? await entryById(builtOnce(ctx), ctx.auth.organisationId, { id })
      : await entryFrom(ctx.db).where(eq(entries.id, id));
  if (!row) throw notFound('entry');
  return toEntry(row as EntryRow);
}

type EntryFilters = Omit<z.infer<typeof entryExportQuerySchema>, 'format'>;

async function entryWhere({ db, auth }: Ctx, q: EntryFilters): Promise<SQL> {
  if (q.centerId) await db.usableCenter(q.centerId, 'centerId', false);
  const kw = q.keyword?.trim();
  const like = kw ? `%${likeEscape(kw)}%` : undefined;
  return scopeOf(
    auth,
    entries,
    q.centerId ? eq(entries.centerId, q.centerId) : undefined,
    q.memberId ? eq(entries.memberId, q.memberId) : undefined,
    q.from ? gte(entries.businessDate, q.from) : undefined,
    q.to ? lte(entries.businessDate, q.to) : undefined,
    q.result ? eq(entries.result, q.result) : undefined,
    q.reason ? eq(entries.reason, q.reason) : undefined,
    like
      ? or(
          memberNameLike(members.firstName, members.lastName, like),
          ilike(members.code, like),
          ilike(entries.cardNumber, like),
          sql`${members.chineseName} ilike ${like}`,
        )
      : undefined,
  );
}

/** Tap time, then the time written, then the id: a total order, for pages and for the export's keyset. */
const ENTRY_KEY: KeyColumn[] = [
  { column: entries.tappedAt, cast: 'timestamptz' },
  { column: entries.createdAt, cast: 'timestamptz' },
  { column: entries.id, cast: 'uuid' },
];
const entryOrder = (sort: string | undefined) => keyOrder(ENTRY_KEY, sort !== 'at');

/** `GET /entries`: the list convention (keyword on member name, code and card; filters; page). */
export async function listEntries(ctx: Ctx, q: z.infer<typeof entryListQuerySchema>) {
  const { db } = ctx;
  const where = await entryWhere(ctx, q);
  const [rows, [total]] = await Promise.all([
    entryFrom(db)
      .where(where)
      .orderBy(...entryOrder(q.sort))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(entries).leftJoin(members, eq(members.id, entries.memberId)).where(where),
  ]);
  return {
    items: (rows as EntryRow[]).map(toEntry),
    total: Number(total?.n ?? 0),
    page: q.page,
    pageSize: q.pageSize,
  };
}

/**
 * Every matching entry, a chunk at a time through lib/long-read.ts (each chunk after the last
 * one's time and id), for the export. The filters are checked before the answer starts (a centre
 * the caller may not see is a 404, not a broken download).
 */
export async function entriesForExport(ctx: Ctx, q: EntryFilters): Promise<ChunkedRows<Entry>> {
  const { db } = ctx;
  const where = await entryWhere(ctx, q);
  return keysetRows(
    ENTRY_KEY,
    ({ columns, after, order, limit }) =>
      entryFrom(db, columns)
        .where(and(where, after))
        .orderBy(...order)
        .limit(limit),
    (r) => toEntry(r as EntryRow),
    q.sort !== 'at',
  );
}

/**
 * The dashboard's panel: the counts of the centre's business day (today, in its time zone, on the
 * injected clock), who is likely inside, the last 20 taps.
 */
export async function liveEntries(ctx: Ctx, { centerId }: { centerId: string }) {
  const { db, auth } = ctx;
  const center = await db.usableCenter(centerId, 'centerId', false);
  const now = ctx.clock.now();
  const today = ctx.clock.today(center.timeZone);
  const here = scopeOf(auth, entries, eq(entries.centerId, center.id));
  const since = new Date(now.getTime() - IN_BUILDING_MINUTES * 60_000);
  const [counts] = await db
    .select({
      granted: sql<number>`count(*) filter (where ${entries.result} = 'granted')::int`,
      denied: sql<number>`count(*) filter (where ${entries.result} = 'denied')::int`,
    })
    .from(entries)
    .where(and(here, eq(entries.businessDate, today)));
  const [inside] = await db
    .select({ n: sql<number>`count(distinct coalesce(${entries.memberId}::text, ${entries.cardNumber}))::int` })
    .from(entries)
    .where(and(here, eq(entries.result, 'granted'), gte(entries.tappedAt, since), lte(entries.tappedAt, now)));
  const last = await entryFrom(db).where(here).orderBy(desc(entries.tappedAt), desc(entries.createdAt)).limit(20);
  return {
    today,
    granted: Number(counts?.granted ?? 0),
    denied: Number(counts?.denied ?? 0),
    inBuilding: Number(inside?.n ?? 0),
    last: (last as EntryRow[]).map(toEntry),
  };
}

/** The member an entry names, with their photo, if the caller may see the entry. */
export async function entryPhoto(ctx: Ctx, { id }: { id: string }): Promise<string | null> {
  const [row] = await ctx.db
    .select({ photo: members.photo })
    .from(entries)
    .innerJoin(members, eq(members.id, entries.memberId))
    .where(eq(entries.id, id));
  return row?.photo ?? null;
}

// ---- staff attendance ----

const attendanceColumns = {
  a: staffAttendance,
  staff: { id: users.id, name: users.fullName },
  center: { id: centers.id, code: centers.code, name: centers.name },
};
type AttendanceRow = {
  a: typeof staffAttendance.$inferSelect;
  staff: { id: string; name: string };
  center: { id: string; code: string; name: string };
};

export const minutesBetween = (from: Date, to: Date) =>
  Math.max(0, Math.floor((to.getTime() - from.getTime()) / 60_000));

export function toAttendance(r: AttendanceRow): Attendance {
  return {
    id: r.a.id,
    staff: r.staff,
    center: r.center,
    businessDate: r.a.businessDate,
    inAt: r.a.inAt.toISOString(),
    outAt: r.a.outAt?.toISOString() ?? null,
    minutes: r.a.outAt ? minutesBetween(r.a.inAt, r.a.outAt) : null,
  };
}

const attendanceFrom = (db: TenantDb) =>
  db
    .select(attendanceColumns)
    .from(staffAttendance)
    .innerJoin(users, eq(users.id, staffAttendance.staffId))
    .innerJoin(centers, eq(centers.id, staffAttendance.centerId));

/** One clock-in the scoped database reaches (404 otherwise). */
export async function getAttendance(ctx: Pick<Ctx, 'db'>, { id }: { id: string }): Promise<Attendance> {
  const [row] = await attendanceFrom(ctx.db).where(eq(staffAttendance.id, id));
  if (!row) throw notFound('attendance');
  return toAttendance(row as AttendanceRow);
}

type AttendanceFilters = Omit<z.infer<typeof attendanceExportQuerySchema>, 'format'>;

async function attendanceWhere({ db, auth }: Ctx, q: AttendanceFilters): Promise<SQL> {
  if (q.centerId) await db.usableCenter(q.centerId, 'centerId', false);
  const kw = q.keyword?.trim();
  return scopeOf(
    auth,
    staffAttendance,
    q.centerId ? eq(staffAttendance.centerId, q.centerId) : undefined,
    q.staffId ? eq(staffAttendance.staffId, q.staffId) : undefined,
    q.from ? gte(staffAttendance.businessDate, q.from) : undefined,
    q.to ? lte(staffAttendance.businessDate, q.to) : undefined,
    kw ? ilike(users.fullName, `%${likeEscape(kw)}%`) : undefined,
  );
}

/** Clock-in time, then the id: a total order, for pages and for the export's keyset. */
const ATTENDANCE_KEY: KeyColumn[] = [
  { column: staffAttendance.inAt, cast: 'timestamptz' },
  { column: staffAttendance.id, cast: 'uuid' },
];
const attendanceOrder = (sort: string | undefined) => keyOrder(ATTENDANCE_KEY, sort !== 'inAt');

export async function listAttendance(ctx: Ctx, q: z.infer<typeof attendanceListQuerySchema>) {
  const { db } = ctx;
  const where = await attendanceWhere(ctx, q);
  const [rows, [total]] = await Promise.all([
    attendanceFrom(db)
      .where(where)
      .orderBy(...attendanceOrder(q.sort))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({ n: count() })
      .from(staffAttendance)
      .innerJoin(users, eq(users.id, staffAttendance.staffId))
      .where(where),
  ]);
  return {
    items: (rows as AttendanceRow[]).map(toAttendance),
    total: Number(total?.n ?? 0),
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** Every matching clock-in, a chunk at a time through lib/long-read.ts, for the export; the filters are checked first. */
export async function attendanceForExport(ctx: Ctx, q: AttendanceFilters): Promise<ChunkedRows<Attendance>> {
  const { db } = ctx;
  const where = await attendanceWhere(ctx, q);
  return keysetRows(
    ATTENDANCE_KEY,
    ({ columns, after, order, limit }) =>
      db
        .select({ ...attendanceColumns, ...columns })
        .from(staffAttendance)
        .innerJoin(users, eq(users.id, staffAttendance.staffId))
        .innerJoin(centers, eq(centers.id, staffAttendance.centerId))
        .where(and(where, after))
        .orderBy(...order)
        .limit(limit),
    (r) => toAttendance(r as AttendanceRow),
    q.sort !== 'inAt',
  );
}

/** Minutes per staff member per business day (closed clock-ins), and the clock-ins still open. */
export async function attendanceDays(ctx: Ctx, q: AttendanceFilters) {
  const { db } = ctx;
  const where = await attendanceWhere(ctx, q);
  const rows = await db
    .select({
      staffId: users.id,
      name: users.fullName,
      businessDate: staffAttendance.businessDate,
      minutes: sql<number>`coalesce(sum(floor(extract(epoch from (${staffAttendance.outAt} - ${staffAttendance.inAt})) / 60)) filter (where ${staffAttendance.outAt} is not null), 0)::int`,
      open: sql<number>`(count(*) filter (where ${staffAttendance.outAt} is null))::int`,
    })
    .from(staffAttendance)
    .innerJoin(users, eq(users.id, staffAttendance.staffId))
    .where(where)
    .groupBy(users.id, users.fullName, staffAttendance.businessDate)
    .orderBy(desc(staffAttendance.businessDate), asc(users.fullName))
    .limit(5_000);
  return {
    items: rows.map((r) => ({
      staff: { id: r.staffId, name: r.name },
      businessDate: r.businessDate,
      minutes: Number(r.minutes),
      open: Number(r.open),
    })),
  };
}

/** The clock-in of `staffId` still open at the centre on `day`, if any. */
export const openAttendanceWhere = (staffId: string, centerId: string, day: string) =>
  and(
    eq(staffAttendance.staffId, staffId),
    eq(staffAttendance.centerId, centerId),
    eq(staffAttendance.businessDate, day),
    isNull(staffAttendance.outAt),
  );

/**
 * What a tap whose scan id was recorded before answers (its command failed on `ENTRY_SCAN_INDEX`):
 * the entry that scan recorded, read once the other request's commit is known (nothing new written
 * or sent), or 409 when that was at another centre.
 */
export async function recordedTap(
  ctx: Ctx,
  { centerId, scanId }: { centerId: string; scanId?: string },
): Promise<RecordedEntry> {
  const [row] = scanId
    ? await ctx.db.wholeOrganisation
        .select({ id: entries.id, centerId: entries.centerId })
        .from(entries)
        .where(eq(entries.scanId, scanId))
    : [];
  // Not found: the other request's entry is not to be seen (it cannot have rolled back: this insert would have passed).
  if (!row) throw new AppError(409, 'conflict', 'This tap could not be recorded; send it again');
  if (row.centerId !== centerId)
    throw new AppError(409, 'conflict', 'This scan was recorded at another centre', [
      { path: 'scan_id', code: 'scan_id_used', message: 'This scan was recorded at another centre' },
    ]);
  return { id: row.id, replay: true, entry: await getEntry(ctx, { id: row.id, wholeOrganisation: true }) };
}
