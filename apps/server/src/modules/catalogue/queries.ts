import type {
  CreditPackage,
  creditPackageExportQuerySchema,
  Holder,
  HolderStatus,
  holderListQuerySchema,
  MembershipPlan,
  membershipPlanExportQuerySchema,
  ShortCourse,
  shortCourseExportQuerySchema,
} from '@gym/contract/catalogue';
import { likeEscape } from '@gym/contract/search';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  centers,
  creditPackages,
  entitlementState,
  entitlements,
  members,
  membershipPlans,
  shortCourses,
} from '../../db/schema/index.ts';
import type { AuthContext } from '../../lib/access.ts';
import { notFound } from '../../lib/errors.ts';
import { byOffset, type ChunkedRows } from '../../lib/long-read.ts';
import { memberRefColumns } from '../../lib/member-name.ts';
import { scopeOf, type TenantDb } from '../../lib/tenant-db.ts';
import type { QueryContext } from '../../lib/use-case.ts';
import { centreNames, coveredFor, coversCentre } from './coverage.ts';

type Scope = Pick<AuthContext, 'organisationId' | 'centerIds'>;
type Page<T> = { items: T[]; total: number; page: number; pageSize: number };
type Paging = { page: number; pageSize: number };
type PlanFilters = Omit<z.infer<typeof membershipPlanExportQuerySchema>, 'format'>;
type PackageFilters = Omit<z.infer<typeof creditPackageExportQuerySchema>, 'format'>;
type CourseFilters = Omit<z.infer<typeof shortCourseExportQuerySchema>, 'format'>;
type CentreMap = Awaited<ReturnType<typeof centreNames>>;

const byName = (column: AnyPgColumn) => sql`lower(${column})`;
const keywordMatch = (column: AnyPgColumn, keyword?: string) => {
  const k = keyword?.trim();
  return k ? ilike(column, `%${likeEscape(k)}%`) : undefined;
};
const activeMatch = (column: AnyPgColumn, status: 'active' | 'inactive' | 'all') =>
  status === 'all' ? undefined : eq(column, status === 'active');
const direction = (sort: string) => (sort.startsWith('-') ? desc : asc);
const listedCentres = (ids: readonly string[], names: CentreMap) =>
  ids.flatMap((id) => (names.has(id) ? [names.get(id)!] : [])).sort((a, b) => a.code.localeCompare(b.code));

// ---- membership plans ----

type PlanRow = typeof membershipPlans.$inferSelect;

function toPlan(r: PlanRow, names: CentreMap): MembershipPlan {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    durationValue: r.durationValue,
    durationUnit: r.durationUnit as MembershipPlan['durationUnit'],
    allCenters: r.allCenters,
    centers: r.allCenters ? [] : listedCentres(r.centerIds, names),
    price: r.priceMinor,
    taxRateBp: r.taxRateBp,
    maxFreezes: r.maxFreezes,
    maxFreezeDays: r.maxFreezeDays,
    freezeFee: r.freezeFeeMinor,
    startRule: r.startRule as MembershipPlan['startRule'],
    active: r.active,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

const planScope = (auth: Scope, ...more: (SQL | undefined)[]) =>
  scopeOf(auth, membershipPlans, coveredFor(auth, membershipPlans), ...more);

function planWhere(auth: Scope, q: PlanFilters): SQL {
  return planScope(
    auth,
    activeMatch(membershipPlans.active, q.status),
    q.centerId ? coversCentre(membershipPlans, q.centerId) : undefined,
    q.durationUnit ? eq(membershipPlans.durationUnit, q.durationUnit) : undefined,
    keywordMatch(membershipPlans.name, q.keyword),
  );
}

/** A plan's length in days, roughly, to sort plans of different units together. */
const planDays = sql`${membershipPlans.durationValue} * case ${membershipPlans.durationUnit} when 'year' then 365 when 'month' then 30 else 1 end`;

function planOrder(sort: PlanFilters['sort']): SQL[] {
  const dir = direction(sort);
  const tie = [asc(byName(membershipPlans.name)), asc(membershipPlans.id)];
  switch (sort.replace(/^-/, '')) {
    case 'price':
      return [dir(membershipPlans.priceMinor), ...tie];
    case 'duration':
      return [dir(planDays), ...tie];
    case 'created':
      return [dir(membershipPlans.createdAt), asc(membershipPlans.id)];
    default:
      return [dir(byName(membershipPlans.name)), asc(membershipPlans.id)];
  }
}

export async function listMembershipPlans(db: TenantDb, q: PlanFilters & Paging): Promise<Page<MembershipPlan>> {
  const { auth } = db;
  const where = planWhere(auth, q);
  const [rows, [total], names] = await Promise.all([
    db
      .select()
      .from(membershipPlans)
      .where(where)
      .orderBy(...planOrder(q.sort))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(membershipPlans).where(where),
    centreNames(db),
  ]);
  return { items: rows.map((r) => toPlan(r, names)), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

/** Every plan the export's filters select: an organisation has tens of plans, not thousands. */
/** The export's plans, a chunk at a time (lib/long-read.ts). */
export async function listMembershipPlansForExport(db: TenantDb, q: PlanFilters): Promise<ChunkedRows<MembershipPlan>> {
  const { auth } = db;
  const names = await centreNames(db);
  return byOffset(async ({ offset, limit }) => {
    const rows = await db
      .select()
      .from(membershipPlans)
      .where(planWhere(auth, q))
      .orderBy(...planOrder(q.sort))
      .limit(limit)
      .offset(offset);
    return rows.map((r) => toPlan(r, names));
  });
}

export async function getMembershipPlan(db: TenantDb, id: string): Promise<MembershipPlan> {
  const { auth } = db;
  const [row] = await db
    .select()
    .from(membershipPlans)
    .where(planScope(auth, eq(membershipPlans.id, id)));
  if (!row) throw notFound('membership plan');
  return toPlan(row, await centreNames(db, row.centerIds));
}

// ---- credit packages ----

type PackageRow = typeof creditPackages.$inferSelect;

function toPackage(r: PackageRow, names: CentreMap): CreditPackage {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    usage: r.usage as CreditPackage['usage'],
    credits: r.credits,
    validityDays: r.validityDays,
    allCenters: r.allCenters,
    centers: r.allCenters ? [] : listedCentres(r.centerIds, names),
    price: r.priceMinor,
    taxRateBp: r.taxRateBp,
    available: r.available,
    active: r.active,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

const packageScope = (auth: Scope, ...more: (SQL | undefined)[]) =>
  scopeOf(auth, creditPackages, coveredFor(auth, creditPackages), ...more);

function packageWhere(auth: Scope, q: PackageFilters): SQL {
  return packageScope(
    auth,
    activeMatch(creditPackages.active, q.status),
    q.centerId ? coversCentre(creditPackages, q.centerId) : undefined,
    q.usage ? eq(creditPackages.usage, q.usage) : undefined,
    q.available === undefined ? undefined : eq(creditPackages.available, q.available),
    keywordMatch(creditPackages.name, q.keyword),
  );
}

function packageOrder(sort: PackageFilters['sort']): SQL[] {
  const dir = direction(sort);
  const tie = [asc(byName(creditPackages.name)), asc(creditPackages.id)];
  switch (sort.replace(/^-/, '')) {
    case 'price':
      return [dir(creditPackages.priceMinor), ...tie];
    case 'credits':
      return [dir(creditPackages.credits), ...tie];
    case 'validity':
      return [dir(creditPackages.validityDays), ...tie];
    case 'created':
      return [dir(creditPackages.createdAt), asc(creditPackages.id)];
    default:
      return [dir(byName(creditPackages.name)), asc(creditPackages.id)];
  }
}

export async function listCreditPackages(db: TenantDb, q: PackageFilters & Paging): Promise<Page<CreditPackage>> {
  const { auth } = db;
  const where = packageWhere(auth, q);
  const [rows, [total], names] = await Promise.all([
    db
      .select()
      .from(creditPackages)
      .where(where)
      .orderBy(...packageOrder(q.sort))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(creditPackages).where(where),
    centreNames(db),
  ]);
  return { items: rows.map((r) => toPackage(r, names)), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

export async function listCreditPackagesForExport(
  db: TenantDb,
  q: PackageFilters,
): Promise<ChunkedRows<CreditPackage>> {
  const { auth } = db;
  const names = await centreNames(db);
  return byOffset(async ({ offset, limit }) => {
    const rows = await db
      .select()
      .from(creditPackages)
      .where(packageWhere(auth, q))
      .orderBy(...packageOrder(q.sort))
      .limit(limit)
      .offset(offset);
    return rows.map((r) => toPackage(r, names));
  });
}

export async function getCreditPackage(db: TenantDb, id: string): Promise<CreditPackage> {
  const { auth } = db;
  const [row] = await db
    .select()
    .from(creditPackages)
    .where(packageScope(auth, eq(creditPackages.id, id)));
  if (!row) throw notFound('package');
  return toPackage(row, await centreNames(db, row.centerIds));
}

// ---- short courses ----

const courseColumns = {
  course: shortCourses,
  center: { id: centers.id, code: centers.code, name: centers.name },
  /** Its sessions scheduled (classes naming it, not cancelled). */
  scheduled: sql<number>`(select count(*)::int from classes s
    where s.short_course_id = ${shortCourses.id} and s.status = 'scheduled')`,
  /** Its enrolments holding a place (the course sold, not refunded or transferred). */
  enrolled: sql<number>`(select count(*)::int from entitlements e
    join entitlement_state st on st.entitlement_id = e.id
    where e.organisation_id = ${shortCourses.organisationId} and e.kind = 'short_course'
      and e.item_id = ${shortCourses.id} and st.phase not in ('refunded','transferred'))`,
};
type CourseRow = {
  course: typeof shortCourses.$inferSelect;
  center: { id: string; code: string; name: string };
  scheduled: number;
  enrolled: number;
};

function toCourse({ course: r, center, scheduled, enrolled }: CourseRow): ShortCourse {
  return {
    id: r.id,
    center,
    name: r.name,
    description: r.description,
    sessions: r.sessions,
    capacity: r.capacity,
    startsOn: r.startsOn,
    price: r.priceMinor,
    taxRateBp: r.taxRateBp,
    active: r.active,
    scheduled: Number(scheduled),
    enrolled: Number(enrolled),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** A short course belongs to one centre: staff limited to some centres see their centres' courses. */
const courseScope = (auth: Scope, ...more: (SQL | undefined)[]) => scopeOf(auth, shortCourses, ...more);

function courseWhere(auth: Scope, q: CourseFilters): SQL {
  return courseScope(
    auth,
    activeMatch(shortCourses.active, q.status),
    q.centerId ? eq(shortCourses.centerId, q.centerId) : undefined,
    keywordMatch(shortCourses.name, q.keyword),
  );
}

function courseOrder(sort: CourseFilters['sort']): SQL[] {
  const dir = direction(sort);
  const tie = [asc(byName(shortCourses.name)), asc(shortCourses.id)];
  switch (sort.replace(/^-/, '')) {
    case 'price':
      return [dir(shortCourses.priceMinor), ...tie];
    case 'sessions':
      return [dir(shortCourses.sessions), ...tie];
    case 'center':
      return [dir(centers.code), ...tie];
    case 'startsOn':
      return [
        sort.startsWith('-')
          ? sql`${shortCourses.startsOn} desc nulls last`
          : sql`${shortCourses.startsOn} asc nulls last`,
        ...tie,
      ];
    default:
      return [dir(byName(shortCourses.name)), asc(shortCourses.id)];
  }
}

export async function listShortCourses(db: TenantDb, q: CourseFilters & Paging): Promise<Page<ShortCourse>> {
  const { auth } = db;
  const where = courseWhere(auth, q);
  const [rows, [total]] = await Promise.all([
    db
      .select(courseColumns)
      .from(shortCourses)
      .innerJoin(centers, eq(centers.id, shortCourses.centerId))
      .where(where)
      .orderBy(...courseOrder(q.sort))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(shortCourses).where(where),
  ]);
  return { items: rows.map(toCourse), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

export async function listShortCoursesForExport(db: TenantDb, q: CourseFilters): Promise<ChunkedRows<ShortCourse>> {
  const { auth } = db;
  return byOffset(async ({ offset, limit }) => {
    const rows = await db
      .select(courseColumns)
      .from(shortCourses)
      .innerJoin(centers, eq(centers.id, shortCourses.centerId))
      .where(courseWhere(auth, q))
      .orderBy(...courseOrder(q.sort))
      .limit(limit)
      .offset(offset);
    return rows.map(toCourse);
  });
}

export async function getShortCourse(db: TenantDb, id: string): Promise<ShortCourse> {
  const { auth } = db;
  const [row] = await db
    .select(courseColumns)
    .from(shortCourses)
    .innerJoin(centers, eq(centers.id, shortCourses.centerId))
    .where(courseScope(auth, eq(shortCourses.id, id)));
  if (!row) throw notFound('short course');
  return toCourse(row);
}

// ---- holders ----

/**
 * Each centre's business date today, as a SQL expression of the selling centre: an entitlement
 * sold at CWB has expired when its last day is before CWB's today.
 */
async function centreToday(ctx: QueryContext): Promise<SQL> {
  // Every centre of the organisation: an entitlement may have been sold at one the caller does not work in.
  const rows = await ctx.db.wholeOrganisation.select({ id: centers.id, timeZone: centers.timeZone }).from(centers);
  if (rows.length === 0) return sql`null::date`;
  const cases = rows.map((c) => sql`when ${c.id}::uuid then ${ctx.clock.today(c.timeZone)}::date`);
  return sql`(case ${entitlements.centerId} ${sql.join(cases, sql` `)} end)`;
}

/** The derived status (see `HOLDER_STATUSES` for the order of the rules). */
function holderStatus(todayOfCentre: SQL): SQL<HolderStatus> {
  const s = entitlementState;
  return sql<HolderStatus>`(case
    when ${s.phase} in ('transferred', 'refunded') then ${s.phase}
    when ${s.frozen} then 'frozen'
    when ${s.creditsLeft} = 0 then 'used_up'
    when ${s.phase} = 'expired' or ${s.validUntil} < ${todayOfCentre} then 'expired'
    when ${s.phase} = 'pending' then 'pending'
    else 'active' end)`;
}

/** A member code or any part of a name. */
function holderKeyword(keyword?: string): SQL | undefined {
  const k = keyword?.trim();
  if (!k) return undefined;
  const like = `%${likeEscape(k)}%`;
  return or(
    ilike(members.code, like),
    ilike(sql`${members.firstName} || ' ' || ${members.lastName}`, like),
    ilike(sql`${members.lastName} || ' ' || ${members.firstName}`, like),
    ilike(sql`coalesce(${members.chineseName}, '')`, like),
  );
}

/**
 * Everyone a plan or package was sold to (whose member file the caller may open), newest sale
 * first, with the state folded from the entitlement's ledger. The item must be visible to the caller.
 */
export async function listHolders(
  ctx: QueryContext,
  { item, ...q }: z.infer<typeof holderListQuerySchema> & { item: { kind: 'membership' | 'package'; id: string } },
): Promise<Page<Holder>> {
  const { db } = ctx;
  const todayOfCentre = await centreToday(ctx);
  const status = holderStatus(todayOfCentre);
  const daysLeft = sql<
    number | null
  >`(case when ${entitlementState.validUntil} is null then null else greatest(${entitlementState.validUntil} - ${todayOfCentre} + 1, 0) end)::int`;
  const where = and(
    eq(entitlements.kind, item.kind),
    eq(entitlements.itemId, item.id),
    db.where(members),
    q.status ? sql`${status} = ${q.status}` : undefined,
    holderKeyword(q.keyword),
  );
  const base = () =>
    db
      .select({
        entitlementId: entitlements.id,
        soldAt: entitlements.createdAt,
        member: memberRefColumns,
        center: { id: centers.id, code: centers.code, name: centers.name },
        status,
        validFrom: entitlementState.validFrom,
        validUntil: entitlementState.validUntil,
        creditsGranted: entitlementState.creditsGranted,
        creditsLeft: entitlementState.creditsLeft,
        daysLeft,
      })
      .from(entitlements)
      .innerJoin(entitlementState, eq(entitlementState.entitlementId, entitlements.id))
      .innerJoin(members, eq(members.id, entitlements.memberId))
      .innerJoin(centers, eq(centers.id, entitlements.centerId));
  const [rows, [total]] = await Promise.all([
    base()
      .where(where)
      .orderBy(desc(entitlements.createdAt), asc(entitlements.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({ n: count() })
      .from(entitlements)
      .innerJoin(entitlementState, eq(entitlementState.entitlementId, entitlements.id))
      .innerJoin(members, eq(members.id, entitlements.memberId))
      .where(where),
  ]);
  return {
    items: rows.map((r) => ({ ...r, soldAt: r.soldAt.toISOString() })),
    total: total?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
  };
}
