import {
  type ClassDetail,
  type ClassListItem,
  type ClassType,
  type classExportQuerySchema,
  type classListQuerySchema,
  type classTypeListQuerySchema,
  rentalHoursOf,
} from '@gym/contract/classes';
import { likeEscape } from '@gym/contract/search';
import { occurrenceTimes } from '@gym/contract/time';
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { bookings, centers, classes, classTypes, members, rooms, shortCourses, users } from '../../db/schema/index.ts';
import type { AuthContext } from '../../lib/access.ts';
import { callerTimeZone } from '../../lib/business-date.ts';
import { notFound } from '../../lib/errors.ts';
import { byOffset, type ChunkedRows } from '../../lib/long-read.ts';
import { scopeOf, type TenantDb } from '../../lib/tenant-db.ts';
import type { QueryContext } from '../../lib/use-case.ts';

type Scope = Pick<AuthContext, 'organisationId' | 'centerIds'>;
type Ctx = QueryContext<Scope>;

// ---- class types ----

export function toClassType(t: typeof classTypes.$inferSelect): ClassType {
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    colour: t.colour,
    durationMinutes: t.durationMinutes,
    capacity: t.capacity,
    credits: t.credits,
    anyClassPackage: t.anyClassPackage,
    creditPackageIds: t.creditPackageIds,
    allMemberships: t.allMemberships,
    membershipPlanIds: t.membershipPlanIds,
    active: t.active,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

export async function getClassType(ctx: Ctx, { id }: { id: string }): Promise<ClassType> {
  const row = await ctx.db.first(classTypes, eq(classTypes.id, id));
  if (!row) throw notFound('class type');
  return toClassType(row);
}

export async function listClassTypes({ db }: Ctx, q: z.infer<typeof classTypeListQuerySchema>) {
  const keyword = q.keyword?.trim();
  const where = and(
    q.status === 'all' ? undefined : eq(classTypes.active, q.status === 'active'),
    keyword ? ilike(classTypes.name, `%${likeEscape(keyword)}%`) : undefined,
  );
  const dir = q.sort.startsWith('-') ? desc : asc;
  const order = q.sort.endsWith('created') ? dir(classTypes.createdAt) : dir(sql`lower(${classTypes.name})`);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(classTypes)
      .where(where)
      .orderBy(order, asc(classTypes.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(classTypes).where(where),
  ]);
  return { items: rows.map(toClassType), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

// ---- classes ----

const teachers = alias(users, 'teacher');

const classColumns = {
  c: classes,
  center: { id: centers.id, code: centers.code, name: centers.name, timeZone: centers.timeZone },
  room: { id: rooms.id, name: rooms.name },
  teacher: { id: teachers.id, name: teachers.fullName },
  type: { id: classTypes.id, name: classTypes.name, colour: classTypes.colour },
  renterFirstName: members.firstName,
  renterLastName: members.lastName,
  course: { id: shortCourses.id, name: shortCourses.name, sessions: shortCourses.sessions },
  /** A session's number: the course's scheduled sessions up to it, in time order. */
  courseNumber: sql<number | null>`case when ${classes.shortCourseId} is null then null else (
    select count(*)::int from ${classes} as s
    where s.short_course_id = ${classes.shortCourseId} and s.status = 'scheduled'
      and (s.starts_at, s.id) <= (${classes.startsAt}, ${classes.id})) end`,
};
type Counts = { booked: number; waitlisted: number; attended: number };
const NO_BOOKINGS: Counts = { booked: 0, waitlisted: 0, attended: 0 };

/**
 * Places held (booked or attended), waitlisted and attended bookings of the listed classes, in one
 * grouped read of the bookings (index `bookings_class_status`), not a count per class.
 */
async function countsOf(db: TenantDb, classIds: string[]): Promise<Map<string, Counts>> {
  if (classIds.length === 0) return new Map();
  const rows = await db
    .select({
      classId: bookings.classId,
      booked: sql<number>`count(*) filter (where ${bookings.status} in ('booked','attended'))::int`,
      waitlisted: sql<number>`count(*) filter (where ${bookings.status} = 'waitlisted')::int`,
      attended: sql<number>`count(*) filter (where ${bookings.status} = 'attended')::int`,
    })
    .from(bookings)
    .where(and(inArray(bookings.classId, classIds), inArray(bookings.status, ['booked', 'waitlisted', 'attended'])))
    .groupBy(bookings.classId);
  return new Map(
    rows.map((r) => [
      r.classId,
      { booked: Number(r.booked), waitlisted: Number(r.waitlisted), attended: Number(r.attended) },
    ]),
  );
}

async function withCounts(db: TenantDb, rows: Omit<ClassRow, keyof Counts>[]): Promise<ClassRow[]> {
  const counts = await countsOf(
    db,
    rows.map((r) => r.c.id),
  );
  return rows.map((r) => ({ ...r, ...(counts.get(r.c.id) ?? NO_BOOKINGS) }));
}

type ClassRow = {
  c: typeof classes.$inferSelect;
  center: { id: string; code: string; name: string; timeZone: string };
  room: { id: string; name: string };
  teacher: { id: string; name: string };
  type: { id: string; name: string; colour: string };
  renterFirstName: string | null;
  renterLastName: string | null;
  course: { id: string; name: string; sessions: number } | null;
  courseNumber: number | null;
  booked: number;
  waitlisted: number;
  attended: number;
};

function classQuery(db: TenantDb) {
  return db
    .select(classColumns)
    .from(classes)
    .innerJoin(centers, eq(centers.id, classes.centerId))
    .innerJoin(rooms, eq(rooms.id, classes.roomId))
    .innerJoin(teachers, eq(teachers.id, classes.teacherId))
    .innerJoin(classTypes, eq(classTypes.id, classes.classTypeId))
    .leftJoin(members, and(eq(members.organisationId, classes.organisationId), eq(members.id, classes.renterMemberId)))
    .leftJoin(shortCourses, eq(shortCourses.id, classes.shortCourseId));
}

function toListItem(r: ClassRow): ClassListItem {
  const { center, c } = r;
  return {
    id: c.id,
    seriesId: c.seriesId,
    center: { id: center.id, code: center.code, name: center.name },
    date: c.businessDate,
    startTime: c.startTime,
    endTime: occurrenceTimes(c.businessDate, c.startTime, c.durationMinutes, center.timeZone).endTime,
    startsAt: c.startsAt.toISOString(),
    endsAt: c.endsAt.toISOString(),
    room: r.room,
    teacher: r.teacher,
    type: r.type,
    mode: c.mode as ClassListItem['mode'],
    renter: c.renterMemberId
      ? {
          id: c.renterMemberId,
          name: [r.renterFirstName, r.renterLastName].filter(Boolean).join(' '),
        }
      : null,
    rentalHours: c.mode === 'rental' ? rentalHoursOf(c.durationMinutes) : null,
    shortCourse: r.course ? { ...r.course, number: Number(r.courseNumber ?? 0) } : null,
    status: c.status as ClassListItem['status'],
    credits: c.credits,
    booked: Number(r.booked),
    capacity: c.capacity,
    waitlisted: Number(r.waitlisted),
    attended: Number(r.attended),
  };
}

function toDetail(r: ClassRow): ClassDetail {
  const { c } = r;
  const item = toListItem(r);
  return {
    ...item,
    timeZone: r.center.timeZone,
    durationMinutes: c.durationMinutes,
    bookingOpensDaysBefore: c.bookingOpensDaysBefore,
    bookingClosesMinutesBefore: c.bookingClosesMinutesBefore,
    cancellationWindowMinutes: c.cancellationWindowMinutes,
    notes: c.notes,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

export async function getClass(ctx: Ctx, { id }: { id: string }): Promise<ClassDetail> {
  const [row] = await classQuery(ctx.db).where(eq(classes.id, id));
  if (!row) throw notFound('class');
  const [counted] = await withCounts(ctx.db, [row]);
  return toDetail(counted!);
}

type ListFilters = Omit<z.infer<typeof classExportQuerySchema>, 'format'>;

/** The date range of a list: `from`..`to`, by default the (chosen or caller's) centre's today. */
async function rangeOf(ctx: Ctx, q: ListFilters): Promise<{ from: string; to: string }> {
  const zone = () => callerTimeZone(ctx.db.unscoped('callerTimeZone scopes the centres itself'), ctx.auth, q.center);
  const from = q.from ?? ctx.clock.today(await zone());
  return { from, to: q.to ?? (q.from ? q.from : from) };
}

async function listWhere(ctx: Ctx, q: ListFilters): Promise<SQL> {
  const { from, to } = await rangeOf(ctx, q);
  return scopeOf(
    ctx.auth,
    classes,
    gte(classes.businessDate, from),
    lte(classes.businessDate, to),
    q.center ? eq(classes.centerId, q.center) : undefined,
    q.room ? eq(classes.roomId, q.room) : undefined,
    q.teacher ? eq(classes.teacherId, q.teacher) : undefined,
    q.type ? eq(classes.classTypeId, q.type) : undefined,
    q.status === 'all' ? undefined : eq(classes.status, q.status),
  );
}

const listOrder = (sort: ListFilters['sort']) =>
  sort === '-startsAt' ? [desc(classes.startsAt), asc(classes.id)] : [asc(classes.startsAt), asc(classes.id)];

export async function listClasses(
  ctx: Ctx,
  q: z.infer<typeof classListQuerySchema>,
): Promise<{ items: ClassListItem[]; total: number; page: number; pageSize: number }> {
  const { db } = ctx;
  const where = await listWhere(ctx, q);
  const [rows, [total]] = await Promise.all([
    classQuery(db)
      .where(where)
      .orderBy(...listOrder(q.sort))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(classes).where(where),
  ]);
  return {
    items: (await withCounts(db, rows)).map(toListItem),
    total: total?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** Every class the export's filters select (a date range of a chain: thousands at most). */
/** The export's classes, a chunk at a time (lib/long-read.ts); the filters are checked first. */
export async function listClassesForExport(ctx: Ctx, q: ListFilters): Promise<ChunkedRows<ClassListItem>> {
  const { db } = ctx;
  const where = await listWhere(ctx, q);
  return byOffset(async ({ offset, limit }) => {
    const rows = await classQuery(db)
      .where(where)
      .orderBy(...listOrder(q.sort))
      .limit(limit)
      .offset(offset);
    return (await withCounts(db, rows)).map(toListItem);
  });
}
