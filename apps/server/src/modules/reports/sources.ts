/**
 * The rows behind a figure (drill-down): each source lists rows of one table under the condition a
 * report's `drill` gives, a page at a time, newest first, with the columns staff recognise from the
 * screens those rows come from.
 */
import type { ReportDrillResult, ReportRow, ReportSource } from '@gym/contract/reports';
import { count, desc, eq, type SQL, sql } from 'drizzle-orm';
import {
  bookings,
  centers,
  classes,
  classTypes,
  commissionEntries,
  entitlementState,
  entitlements,
  entries,
  installments,
  invoiceLines,
  invoices,
  members,
  payments,
  ptSessions,
  users,
} from '../../db/schema/index.ts';
import { type KeyColumn, keyOrder } from '../../lib/long-read.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';
import { type ColumnSpec, col, type DrillReader, type DrillTarget } from './engine.ts';

export const memberName = sql<string>`${members.lastName} || ' ' || ${members.firstName} || coalesce(' ' || ${members.chineseName}, '')`;
/** A payment counts its amount, a refund against it. */
export const signedAmount = sql`case when ${payments.kind} = 'refund' then -${payments.amountMinor} else ${payments.amountMinor} end`;

/** Newest first, each order ending with a unique column (the same rows on every page). */
const NEWEST_PAYMENT: KeyColumn[] = [
  { column: payments.paidOn, cast: 'date' },
  { column: payments.createdAt, cast: 'timestamptz' },
  { column: payments.id, cast: 'uuid' },
];
const NEWEST_ENTRY: KeyColumn[] = [
  { column: entries.tappedAt, cast: 'timestamptz' },
  { column: entries.id, cast: 'uuid' },
];
const NEWEST_LINE: KeyColumn[] = [
  { column: invoices.issuedOn, cast: 'date' },
  { column: invoices.seq, cast: 'integer' },
  { column: invoiceLines.lineNo, cast: 'integer', descending: false },
];

interface Source {
  columns: ColumnSpec[];
  rows(db: TenantDb, where: SQL | undefined, limit: number, offset: number): Promise<Record<string, unknown>[]>;
  count(db: TenantDb, where: SQL | undefined): Promise<number>;
}

const paymentsSource: Source = {
  columns: [
    col('date', 'date'),
    col('center', 'text'),
    col('invoice', 'text'),
    col('member', 'text'),
    col('kind', 'text'),
    col('method', 'text'),
    col('amountMinor', 'money'),
    col('staff', 'text'),
    col('reference', 'text'),
  ],
  rows: (db, where, limit, offset) =>
    db
      .select({
        key: payments.id,
        date: payments.paidOn,
        center: centers.code,
        invoice: invoices.number,
        member: memberName,
        kind: payments.kind,
        method: payments.method,
        amountMinor: signedAmount,
        staff: users.fullName,
        reference: payments.reference,
      })
      .from(payments)
      .innerJoin(centers, eq(centers.id, payments.centerId))
      .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
      .innerJoin(members, eq(members.id, payments.memberId))
      .leftJoin(users, eq(users.id, payments.staffId))
      .where(where)
      .orderBy(...keyOrder(NEWEST_PAYMENT, true))
      .limit(limit)
      .offset(offset),
  count: async (db, where) => (await db.select({ n: count() }).from(payments).where(where))[0]?.n ?? 0,
};

const entriesSource: Source = {
  columns: [
    col('date', 'date'),
    col('time', 'text'),
    col('center', 'text'),
    col('member', 'text'),
    col('card', 'text'),
    col('result', 'text'),
    col('reason', 'text'),
    col('source', 'text'),
  ],
  rows: (db, where, limit, offset) =>
    db
      .select({
        key: entries.id,
        date: entries.businessDate,
        time: sql<string>`to_char(${entries.tappedAt} at time zone ${centers.timeZone}, 'HH24:MI:SS')`,
        center: centers.code,
        member: sql<string | null>`${memberName}`,
        card: entries.cardNumber,
        result: entries.result,
        reason: entries.reason,
        source: entries.source,
      })
      .from(entries)
      .innerJoin(centers, eq(centers.id, entries.centerId))
      .leftJoin(members, eq(members.id, entries.memberId))
      .where(where)
      .orderBy(...keyOrder(NEWEST_ENTRY, true))
      .limit(limit)
      .offset(offset),
  count: async (db, where) =>
    (await db.select({ n: count() }).from(entries).innerJoin(centers, eq(centers.id, entries.centerId)).where(where))[0]
      ?.n ?? 0,
};

const invoiceLinesSource: Source = {
  columns: [
    col('date', 'date'),
    col('center', 'text'),
    col('invoice', 'text'),
    col('member', 'text'),
    col('itemType', 'text'),
    col('description', 'text'),
    col('quantity', 'count'),
    col('amountMinor', 'money'),
    col('soldBy', 'text'),
  ],
  rows: (db, where, limit, offset) =>
    db
      .select({
        key: invoiceLines.id,
        date: invoices.issuedOn,
        center: centers.code,
        invoice: invoices.number,
        member: memberName,
        itemType: invoiceLines.itemType,
        description: invoiceLines.description,
        quantity: invoiceLines.quantity,
        amountMinor: invoiceLines.totalMinor,
        soldBy: users.fullName,
      })
      .from(invoices)
      .innerJoin(invoiceLines, eq(invoiceLines.invoiceId, invoices.id))
      .innerJoin(centers, eq(centers.id, invoices.centerId))
      .innerJoin(members, eq(members.id, invoices.memberId))
      .leftJoin(users, eq(users.id, invoiceLines.soldById))
      .where(where)
      .orderBy(...keyOrder(NEWEST_LINE, true))
      .limit(limit)
      .offset(offset),
  count: async (db, where) =>
    (
      await db
        .select({ n: count() })
        .from(invoices)
        .innerJoin(invoiceLines, eq(invoiceLines.invoiceId, invoices.id))
        .where(where)
    )[0]?.n ?? 0,
};

const NEWEST_INSTALLMENT: KeyColumn[] = [
  { column: installments.dueOn, cast: 'date' },
  { column: installments.id, cast: 'uuid' },
];
/** What of an installment is paid: the payments allocated to it. */
const allocatedTo = sql`coalesce((select sum(a.amount_minor) from payment_allocations a where a.installment_id = ${installments.id}), 0)`;

const installmentsSource: Source = {
  columns: [
    col('dueOn', 'date'),
    col('center', 'text'),
    col('invoice', 'text'),
    col('member', 'text'),
    col('dueMinor', 'money'),
    col('paidMinor', 'money'),
  ],
  rows: (db, where, limit, offset) =>
    db
      .select({
        key: installments.id,
        dueOn: installments.dueOn,
        center: centers.code,
        invoice: invoices.number,
        member: memberName,
        dueMinor: installments.amountMinor,
        paidMinor: sql`least(${allocatedTo}, ${installments.amountMinor})`,
      })
      .from(installments)
      .innerJoin(invoices, eq(invoices.id, installments.invoiceId))
      .innerJoin(centers, eq(centers.id, invoices.centerId))
      .innerJoin(members, eq(members.id, invoices.memberId))
      .where(where)
      .orderBy(...keyOrder(NEWEST_INSTALLMENT, true))
      .limit(limit)
      .offset(offset),
  count: async (db, where) =>
    (
      await db
        .select({ n: count() })
        .from(installments)
        .innerJoin(invoices, eq(invoices.id, installments.invoiceId))
        .where(where)
    )[0]?.n ?? 0,
};

const NEWEST_COMMISSION: KeyColumn[] = [
  { column: commissionEntries.earnedOn, cast: 'date' },
  { column: commissionEntries.createdAt, cast: 'timestamptz' },
  { column: commissionEntries.id, cast: 'uuid' },
];

const commissionSource: Source = {
  columns: [
    col('date', 'date'),
    col('staff', 'text'),
    col('description', 'text'),
    col('invoice', 'text'),
    col('amountMinor', 'money'),
  ],
  rows: (db, where, limit, offset) =>
    db
      .select({
        key: commissionEntries.id,
        date: commissionEntries.earnedOn,
        staff: users.fullName,
        description: sql<string>`coalesce(${invoiceLines.description}, 'PT')`,
        invoice: invoices.number,
        amountMinor: commissionEntries.amountMinor,
      })
      .from(commissionEntries)
      .innerJoin(users, eq(users.id, commissionEntries.staffId))
      .leftJoin(invoiceLines, eq(invoiceLines.id, commissionEntries.invoiceLineId))
      .leftJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
      .where(where)
      .orderBy(...keyOrder(NEWEST_COMMISSION, true))
      .limit(limit)
      .offset(offset),
  count: async (db, where) => (await db.select({ n: count() }).from(commissionEntries).where(where))[0]?.n ?? 0,
};

/** The business date and the time of an instant on the clock of its centre (`centers` joined). */
const localDay = (instant: SQL | typeof classes.startsAt) =>
  sql<string>`(${instant} at time zone ${centers.timeZone})::date::text`;
const localTime = (instant: SQL | typeof classes.startsAt) =>
  sql<string>`to_char(${instant} at time zone ${centers.timeZone}, 'HH24:MI')`;

/** Members (registered, active, lost, of a group), newest first, each dated by their registration at their home centre. */
const membersSource: Source = {
  columns: [
    col('date', 'date'),
    col('code', 'text'),
    col('member', 'text'),
    col('phone', 'text'),
    col('center', 'text'),
    col('status', 'text'),
  ],
  rows: (db, where, limit, offset) =>
    db
      .select({
        key: members.id,
        date: localDay(sql`${members.createdAt}`),
        code: members.code,
        member: memberName,
        phone: members.phone,
        center: centers.code,
        status: members.status,
      })
      .from(members)
      .innerJoin(centers, eq(centers.id, members.homeCenterId))
      .where(where)
      .orderBy(desc(members.createdAt), desc(members.id))
      .limit(limit)
      .offset(offset),
  count: async (db, where) =>
    (
      await db
        .select({ n: count() })
        .from(members)
        .innerJoin(centers, eq(centers.id, members.homeCenterId))
        .where(where)
    )[0]?.n ?? 0,
};

/** What a member holds (a membership, a short course): sold on, ends on, and its state (`frozen` while frozen). */
const membershipsSource: Source = {
  columns: [
    col('date', 'date'),
    col('member', 'text'),
    col('code', 'text'),
    col('plan', 'text'),
    col('center', 'text'),
    col('validFrom', 'date'),
    col('validUntil', 'date'),
    col('status', 'text'),
  ],
  rows: (db, where, limit, offset) =>
    db
      .select({
        key: entitlements.id,
        date: localDay(sql`${entitlements.createdAt}`),
        member: memberName,
        code: members.code,
        plan: entitlements.name,
        center: centers.code,
        validFrom: entitlementState.validFrom,
        validUntil: entitlementState.validUntil,
        status: sql<string>`case when ${entitlementState.frozen} then 'frozen' else ${entitlementState.phase} end`,
      })
      .from(entitlements)
      .innerJoin(entitlementState, eq(entitlementState.entitlementId, entitlements.id))
      .innerJoin(centers, eq(centers.id, entitlements.centerId))
      .innerJoin(members, eq(members.id, entitlements.memberId))
      .where(where)
      .orderBy(desc(entitlements.createdAt), desc(entitlements.id))
      .limit(limit)
      .offset(offset),
  count: async (db, where) =>
    (
      await db
        .select({ n: count() })
        .from(entitlements)
        .innerJoin(entitlementState, eq(entitlementState.entitlementId, entitlements.id))
        .innerJoin(centers, eq(centers.id, entitlements.centerId))
        .innerJoin(members, eq(members.id, entitlements.memberId))
        .where(where)
    )[0]?.n ?? 0,
};

/** Bookings of classes: the class's day and time on its centre's clock, the member, and the credits it used (none once given back). */
const bookingsSource: Source = {
  columns: [
    col('date', 'date'),
    col('time', 'text'),
    col('center', 'text'),
    col('classType', 'text'),
    col('member', 'text'),
    col('status', 'text'),
    col('credits', 'count'),
  ],
  rows: (db, where, limit, offset) =>
    db
      .select({
        key: bookings.id,
        date: localDay(sql`${classes.startsAt}`),
        time: localTime(sql`${classes.startsAt}`),
        center: centers.code,
        classType: classTypes.name,
        member: memberName,
        status: bookings.status,
        credits: sql<number>`case when ${bookings.creditReturned} then 0 else ${bookings.creditsUsed} end`,
      })
      .from(bookings)
      .innerJoin(classes, eq(classes.id, bookings.classId))
      .innerJoin(centers, eq(centers.id, classes.centerId))
      .innerJoin(classTypes, eq(classTypes.id, classes.classTypeId))
      .innerJoin(members, eq(members.id, bookings.memberId))
      .where(where)
      .orderBy(desc(classes.startsAt), desc(bookings.id))
      .limit(limit)
      .offset(offset),
  count: async (db, where) =>
    (
      await db
        .select({ n: count() })
        .from(bookings)
        .innerJoin(classes, eq(classes.id, bookings.classId))
        .innerJoin(centers, eq(centers.id, classes.centerId))
        .where(where)
    )[0]?.n ?? 0,
};

/** The bookings of a class that take a place (not cancelled, not waiting). */
export const placeTaken = sql`${bookings.status} in ('booked', 'attended', 'no_show', 'late_cancelled')`;

/** Classes: day and time on their centre's clock, type, teacher, minutes, capacity, places taken and attended. */
const classesSource: Source = {
  columns: [
    col('date', 'date'),
    col('time', 'text'),
    col('center', 'text'),
    col('classType', 'text'),
    col('teacher', 'text'),
    col('minutes', 'count'),
    col('capacity', 'count'),
    col('booked', 'count'),
    col('attended', 'count'),
  ],
  rows: (db, where, limit, offset) =>
    db
      .select({
        key: classes.id,
        date: localDay(sql`${classes.startsAt}`),
        time: localTime(sql`${classes.startsAt}`),
        center: centers.code,
        classType: classTypes.name,
        teacher: users.fullName,
        minutes: sql<number>`extract(epoch from (${classes.endsAt} - ${classes.startsAt}))::int / 60`,
        capacity: classes.capacity,
        booked: sql<number>`(select count(*) from ${bookings} where ${bookings.classId} = ${classes.id} and ${placeTaken})`,
        attended: sql<number>`(select count(*) from ${bookings} where ${bookings.classId} = ${classes.id} and ${bookings.status} = 'attended')`,
      })
      .from(classes)
      .innerJoin(centers, eq(centers.id, classes.centerId))
      .innerJoin(classTypes, eq(classTypes.id, classes.classTypeId))
      .innerJoin(users, eq(users.id, classes.teacherId))
      .where(where)
      .orderBy(desc(classes.startsAt), desc(classes.id))
      .limit(limit)
      .offset(offset),
  count: async (db, where) =>
    (await db.select({ n: count() }).from(classes).innerJoin(centers, eq(centers.id, classes.centerId)).where(where))[0]
      ?.n ?? 0,
};

/** PT sessions: day and time on their centre's clock, trainer, member and state. */
const ptSessionsSource: Source = {
  columns: [
    col('date', 'date'),
    col('time', 'text'),
    col('center', 'text'),
    col('trainer', 'text'),
    col('member', 'text'),
    col('status', 'text'),
  ],
  rows: (db, where, limit, offset) =>
    db
      .select({
        key: ptSessions.id,
        date: localDay(sql`${ptSessions.startsAt}`),
        time: localTime(sql`${ptSessions.startsAt}`),
        center: centers.code,
        trainer: users.fullName,
        member: memberName,
        status: ptSessions.status,
      })
      .from(ptSessions)
      .innerJoin(centers, eq(centers.id, ptSessions.centerId))
      .innerJoin(users, eq(users.id, ptSessions.trainerId))
      .innerJoin(members, eq(members.id, ptSessions.memberId))
      .where(where)
      .orderBy(desc(ptSessions.startsAt), desc(ptSessions.id))
      .limit(limit)
      .offset(offset),
  count: async (db, where) =>
    (
      await db
        .select({ n: count() })
        .from(ptSessions)
        .innerJoin(centers, eq(centers.id, ptSessions.centerId))
        .where(where)
    )[0]?.n ?? 0,
};

/** Invoices (a class's late-cancel and no-show fees): issued on, number, member, state and total. */
const invoicesSource: Source = {
  columns: [
    col('date', 'date'),
    col('center', 'text'),
    col('invoice', 'text'),
    col('member', 'text'),
    col('status', 'text'),
    col('amountMinor', 'money'),
  ],
  rows: (db, where, limit, offset) =>
    db
      .select({
        key: invoices.id,
        date: invoices.issuedOn,
        center: centers.code,
        invoice: invoices.number,
        member: memberName,
        status: invoices.state,
        amountMinor: invoices.totalMinor,
      })
      .from(invoices)
      .innerJoin(centers, eq(centers.id, invoices.centerId))
      .innerJoin(members, eq(members.id, invoices.memberId))
      .where(where)
      .orderBy(desc(invoices.issuedOn), desc(invoices.seq))
      .limit(limit)
      .offset(offset),
  count: async (db, where) => (await db.select({ n: count() }).from(invoices).where(where))[0]?.n ?? 0,
};

const SOURCES: Partial<Record<ReportSource, Source>> = {
  payments: paymentsSource,
  entries: entriesSource,
  'invoice-lines': invoiceLinesSource,
  installments: installmentsSource,
  commission: commissionSource,
  members: membersSource,
  memberships: membershipsSource,
  bookings: bookingsSource,
  classes: classesSource,
  'pt-sessions': ptSessionsSource,
  invoices: invoicesSource,
};

/** Registers a source that a report of another file reads (members, memberships...). */
export function addSource(name: ReportSource, source: Source): void {
  SOURCES[name] = source;
}

export type { Source };

/** A page of the rows behind a figure. */
export const readDrill: DrillReader = async (
  db: TenantDb,
  target: DrillTarget,
  { page, pageSize },
): Promise<ReportDrillResult> => {
  const source = SOURCES[target.source];
  if (!source) throw new Error(`no drill source ${target.source}`);
  const [rows, total] = await Promise.all([
    source.rows(db, target.where, pageSize, (page - 1) * pageSize),
    source.count(db, target.where),
  ]);
  return {
    source: target.source,
    columns: source.columns.map(({ total: _, ...c }) => c),
    rows: rows.map((raw) => {
      const row: ReportRow = { key: String(raw.key) };
      for (const c of source.columns) {
        const v = raw[c.key];
        row[c.key] =
          v === null || v === undefined ? null : c.kind === 'money' || c.kind === 'count' ? Number(v) : String(v);
      }
      return row;
    }),
    page,
    pageSize,
    total: Number(total),
  };
};
