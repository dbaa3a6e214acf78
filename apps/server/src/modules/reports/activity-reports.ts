/**
 * Reports of what happens on the floor and what staff earn: personal training, teachers, class
 * income, short courses held, commission (per staff member, and per staff member and item type),
 * products, the revenue split and online payments. A class's or session's day is the business date
 * of its start on its centre's clock.
 */
import { and, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  bookings,
  centers,
  classes,
  classTypes,
  commissionEntries,
  entitlementState,
  entitlements,
  invoiceLines,
  invoices,
  payments,
  productStock,
  products,
  ptSessions,
  shortCourses,
  users,
} from '../../db/schema/index.ts';
import { can } from '../../lib/access.ts';
import type { KeyColumn } from '../../lib/long-read.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';
import { col, inCallerCentres, type ReportSpec, type ResolvedFilters } from './engine.ts';
import { moneyTaken } from './money-reports.ts';
import { placeTaken, signedAmount } from './sources.ts';

const TEXT_KEY: KeyColumn['cast'] = 'text';
const read = can('read', 'Report');

const startDay = (start: SQL | PgColumn) => sql<string>`(${start} at time zone ${centers.timeZone})::date`;
const dayBetween = (day: SQL, f: ResolvedFilters) => sql`${day} between ${f.from}::date and ${f.to}::date`;

/** The PT sessions each figure of the personal training report counts. */
const PT_STATUS: Record<string, SQL | undefined> = {
  sessions: undefined,
  completed: sql`${ptSessions.status} = 'completed'`,
  noShows: sql`${ptSessions.status} = 'no_show'`,
  cancelled: sql`${ptSessions.status} in ('cancelled', 'late_cancelled')`,
};
/** PT sessions starting in the range (of `trainer` if named) at the chosen centre (`centers` joined on the session's). */
const sessionsIn = (f: ResolvedFilters, trainer?: string, ...more: (SQL | undefined)[]) =>
  and(
    dayBetween(startDay(ptSessions.startsAt), f),
    f.centerId ? eq(ptSessions.centerId, f.centerId) : undefined,
    f.staffId ? eq(ptSessions.trainerId, f.staffId) : undefined,
    trainer ? eq(ptSessions.trainerId, trainer) : undefined,
    ...more,
  );

/** Sessions per trainer: booked in the range, completed, no-shows, cancelled, and the commission they earned. */
export const personalTrainingReport: ReportSpec = {
  code: 'personal-training',
  title: { en: 'Personal training', zh: '私人教練' },
  access: can('read', 'PersonalTraining'),
  accepts: ['centerId', 'from', 'to', 'staffId'],
  keyCast: TEXT_KEY,
  columns: () => [
    col('trainer', 'text'),
    col('sessions', 'count', { drill: 'pt-sessions' }),
    col('completed', 'count', { drill: 'pt-sessions' }),
    col('noShows', 'count', { drill: 'pt-sessions' }),
    col('cancelled', 'count', { drill: 'pt-sessions' }),
    col('commissionMinor', 'money', { drill: 'commission' }),
  ],
  chart: { type: 'bar', x: 'trainer', series: ['completed', 'noShows'] },
  defaultSort: 'trainer',
  query: (db, f) => {
    // A session counts once, whatever number of commission entries it earned.
    const sessions = (status: SQL | undefined) =>
      status ? sql`count(distinct ${ptSessions.id}) filter (where ${status})` : sql`count(distinct ${ptSessions.id})`;
    return db
      .select({
        key: sql<string>`${ptSessions.trainerId}::text`.as('key'),
        trainer: sql<string>`min(${users.fullName})`.as('trainer'),
        sessions: sessions(PT_STATUS.sessions).as('sessions'),
        completed: sessions(PT_STATUS.completed).as('completed'),
        noShows: sessions(PT_STATUS.noShows).as('noShows'),
        cancelled: sessions(PT_STATUS.cancelled).as('cancelled'),
        commissionMinor: sql`coalesce(sum(${commissionEntries.amountMinor}), 0)`.as('commissionMinor'),
      })
      .from(ptSessions)
      .innerJoin(centers, eq(centers.id, ptSessions.centerId))
      .innerJoin(users, eq(users.id, ptSessions.trainerId))
      .leftJoin(commissionEntries, eq(commissionEntries.ptSessionId, ptSessions.id))
      .where(sessionsIn(f))
      .groupBy(ptSessions.trainerId);
  },
  drill: (f, column, row, db) => {
    if (column === 'commissionMinor') {
      const sessions = db
        .select({ id: ptSessions.id })
        .from(ptSessions)
        .innerJoin(centers, eq(centers.id, ptSessions.centerId))
        .where(sessionsIn(f, row));
      return { source: 'commission', where: inArray(commissionEntries.ptSessionId, sessions) };
    }
    return { source: 'pt-sessions', where: sessionsIn(f, row, PT_STATUS[column]) };
  },
};

/** The bookings of a class that count as places taken (not cancelled, not waiting). */
const taken = placeTaken;
/** Classes held in the range (not cancelled) at the chosen centre. */
const held = (f: ResolvedFilters, ...more: (SQL | undefined)[]) =>
  and(
    eq(classes.status, 'scheduled'),
    dayBetween(startDay(classes.startsAt), f),
    f.centerId ? eq(classes.centerId, f.centerId) : undefined,
    ...more,
  );
/** Per class (one row each), its places taken, attendance, credits and fees: the teacher and class reports sum these. */
const perClass = (f: ResolvedFilters, db: Parameters<ReportSpec['query']>[0], ...more: (SQL | undefined)[]) =>
  db
    .select({
      classId: classes.id,
      teacherId: classes.teacherId,
      classTypeId: classes.classTypeId,
      shortCourseId: classes.shortCourseId,
      minutes: sql`extract(epoch from (${classes.endsAt} - ${classes.startsAt}))::int / 60`.as('pc_minutes'),
      capacity: classes.capacity,
      booked: sql`count(${bookings.id}) filter (where ${taken})`.as('pc_booked'),
      attended: sql`count(${bookings.id}) filter (where ${bookings.status} = 'attended')`.as('pc_attended'),
      credits: sql`coalesce(sum(${bookings.creditsUsed}) filter (where not ${bookings.creditReturned}), 0)`.as(
        'pc_credits',
      ),
      feesMinor:
        sql`coalesce(sum((select i.total_minor from invoices i where i.id = ${bookings.feeInvoiceId} and i.state <> 'void')), 0)`.as(
          'pc_fees',
        ),
    })
    .from(classes)
    .innerJoin(centers, eq(centers.id, classes.centerId))
    .leftJoin(bookings, eq(bookings.classId, classes.id))
    .where(held(f, ...more))
    .groupBy(classes.id)
    .as('per_class');

/** The ids of the classes held in the range (and `more`), at the caller's centres: what the class reports' drill-downs read. */
const heldIds = (db: TenantDb, f: ResolvedFilters, ...more: (SQL | undefined)[]) =>
  db
    .select({ id: classes.id })
    .from(classes)
    .innerJoin(centers, eq(centers.id, classes.centerId))
    .where(held(f, ...more));

/**
 * The rows behind a figure of the teacher, class income or short course reports, for the classes
 * held in the range under `more` (the row's teacher, class type or course): the classes themselves,
 * the places taken or attended, the credits used, the fees charged.
 */
function classDrill(db: TenantDb, f: ResolvedFilters, column: string, ...more: (SQL | undefined)[]) {
  const ids = heldIds(db, f, ...more);
  const ofClasses = inArray(bookings.classId, ids);
  switch (column) {
    case 'booked':
      return { source: 'bookings' as const, where: and(ofClasses, taken) };
    case 'attended':
      return { source: 'bookings' as const, where: and(ofClasses, eq(bookings.status, 'attended')) };
    case 'credits':
      return {
        source: 'bookings' as const,
        where: and(ofClasses, eq(bookings.creditReturned, false), sql`${bookings.creditsUsed} <> 0`),
      };
    case 'feesMinor': {
      const fees = db.select({ id: bookings.feeInvoiceId }).from(bookings).where(ofClasses);
      return { source: 'invoices' as const, where: and(inArray(invoices.id, fees), sql`${invoices.state} <> 'void'`) };
    }
    default:
      return { source: 'classes' as const, where: held(f, ...more) };
  }
}

const rate = (part: SQL, whole: SQL) => sql`coalesce((${part}) * 10000 / nullif(${whole}, 0), 0)`;

export const teacherReport: ReportSpec = {
  code: 'teacher',
  title: { en: 'Teachers', zh: '導師' },
  access: read,
  accepts: ['centerId', 'from', 'to', 'staffId'],
  keyCast: TEXT_KEY,
  columns: () => [
    col('teacher', 'text'),
    col('classes', 'count', { drill: 'classes' }),
    col('minutes', 'count', { drill: 'classes' }),
    col('booked', 'count', { drill: 'bookings' }),
    col('attended', 'count', { drill: 'bookings' }),
    col('attendanceRate', 'percent'),
    col('fillRate', 'percent'),
  ],
  chart: { type: 'bar', x: 'teacher', series: ['classes', 'attended'] },
  defaultSort: 'teacher',
  query: (db, f) => {
    const c = perClass(f, db, f.staffId ? eq(classes.teacherId, f.staffId) : undefined);
    return db
      .select({
        key: sql<string>`${c.teacherId}::text`.as('key'),
        teacher: sql<string>`min(${users.fullName})`.as('teacher'),
        classes: sql`count(*)`.as('classes'),
        minutes: sql`sum(${c.minutes})`.as('minutes'),
        booked: sql`sum(${c.booked})`.as('booked'),
        attended: sql`sum(${c.attended})`.as('attended'),
        attendanceRate: rate(sql`sum(${c.attended})`, sql`sum(${c.booked})`).as('attendanceRate'),
        fillRate: rate(sql`sum(${c.booked})`, sql`sum(${c.capacity})`).as('fillRate'),
      })
      .from(c)
      .innerJoin(users, eq(users.id, c.teacherId))
      .groupBy(c.teacherId);
  },
  drill: (f, column, row, db) =>
    classDrill(
      db,
      f,
      column,
      f.staffId ? eq(classes.teacherId, f.staffId) : undefined,
      row ? eq(classes.teacherId, row) : undefined,
    ),
};

export const classIncomeReport: ReportSpec = {
  code: 'class-income',
  title: { en: 'Class income', zh: '課堂收入' },
  access: read,
  accepts: ['centerId', 'from', 'to'],
  keyCast: TEXT_KEY,
  columns: () => [
    col('classType', 'text'),
    col('classes', 'count', { drill: 'classes' }),
    col('booked', 'count', { drill: 'bookings' }),
    col('attended', 'count', { drill: 'bookings' }),
    col('credits', 'count', { drill: 'bookings' }),
    col('feesMinor', 'money', { drill: 'invoices' }),
  ],
  chart: { type: 'bar', x: 'classType', series: ['credits'] },
  defaultSort: 'classType',
  query: (db, f) => {
    const c = perClass(f, db);
    return db
      .select({
        key: sql<string>`${c.classTypeId}::text`.as('key'),
        classType: sql<string>`min(${classTypes.name})`.as('classType'),
        classes: sql`count(*)`.as('classes'),
        booked: sql`sum(${c.booked})`.as('booked'),
        attended: sql`sum(${c.attended})`.as('attended'),
        credits: sql`sum(${c.credits})`.as('credits'),
        feesMinor: sql`sum(${c.feesMinor})`.as('feesMinor'),
      })
      .from(c)
      .innerJoin(classTypes, eq(classTypes.id, c.classTypeId))
      .groupBy(c.classTypeId);
  },
  drill: (f, column, row, db) => classDrill(db, f, column, row ? eq(classes.classTypeId, row) : undefined),
};

/** Short courses with sessions held in the range: sessions, enrolments running, attendance, and sales in the range. */
export const holdWorkshopReport: ReportSpec = {
  code: 'hold-workshop',
  title: { en: 'Short courses held', zh: '已舉辦短期課程' },
  access: read,
  accepts: ['centerId', 'from', 'to'],
  keyCast: TEXT_KEY,
  columns: () => [
    col('course', 'text'),
    col('sessions', 'count', { drill: 'classes' }),
    col('enrolled', 'count', { total: false, drill: 'memberships' }),
    col('attended', 'count', { drill: 'bookings' }),
    col('soldMinor', 'money', { drill: 'invoice-lines' }),
  ],
  chart: null,
  defaultSort: 'course',
  query: (db, f) => {
    const c = perClass(f, db, sql`${classes.shortCourseId} is not null`);
    const enrolled = sql`(select count(*) from ${entitlements} e join ${entitlementState} s on s.entitlement_id = e.id
      where e.kind = 'short_course' and e.item_id = ${c.shortCourseId} and s.phase = 'active')`;
    const sold = sql`(select coalesce(sum(l.total_minor), 0) from ${invoiceLines} l join ${invoices} i on i.id = l.invoice_id
      where l.item_type = 'short_course' and l.item_id = ${c.shortCourseId} and i.state <> 'void'
        and i.issued_on between ${f.from}::date and ${f.to}::date)`;
    return db
      .select({
        key: sql<string>`${c.shortCourseId}::text`.as('key'),
        course: sql<string>`min(${shortCourses.name})`.as('course'),
        sessions: sql`count(*)`.as('sessions'),
        enrolled: sql`min(${enrolled})`.as('enrolled'),
        attended: sql`sum(${c.attended})`.as('attended'),
        soldMinor: sql`min(${sold})`.as('soldMinor'),
      })
      .from(c)
      .innerJoin(shortCourses, sql`${shortCourses.id} = ${c.shortCourseId}`)
      .groupBy(c.shortCourseId);
  },
  drill: (f, column, row, db) => {
    const ofCourse = row ? eq(classes.shortCourseId, row) : sql`${classes.shortCourseId} is not null`;
    // The courses of the row, or every course with sessions in the range.
    const courses = row
      ? [row]
      : db
          .select({ id: sql<string>`${classes.shortCourseId}` })
          .from(classes)
          .innerJoin(centers, eq(centers.id, classes.centerId))
          .where(held(f, ofCourse));
    if (column === 'enrolled') {
      return {
        source: 'memberships',
        where: and(
          eq(entitlements.kind, 'short_course'),
          eq(entitlementState.phase, 'active'),
          inArray(entitlements.itemId, courses),
          inCallerCentres(db, entitlements.centerId),
        ),
      };
    }
    if (column === 'soldMinor') {
      return {
        source: 'invoice-lines',
        where: and(
          eq(invoiceLines.itemType, 'short_course'),
          inArray(invoiceLines.itemId, courses),
          sql`${invoices.state} <> 'void'`,
          gte(invoices.issuedOn, f.from),
          lte(invoices.issuedOn, f.to),
        ),
      };
    }
    return classDrill(db, f, column === 'sessions' ? 'classes' : column, ofCourse);
  },
};

const earnedIn = (f: ResolvedFilters, ...more: (SQL | undefined)[]) =>
  and(
    gte(commissionEntries.earnedOn, f.from),
    lte(commissionEntries.earnedOn, f.to),
    f.staffId ? eq(commissionEntries.staffId, f.staffId) : undefined,
    ...more,
  );

/** Commission earned in the range per staff member: on sales (net of refunds' reversals) and on PT sessions. */
export const commissionReport: ReportSpec = {
  code: 'commission',
  title: { en: 'Commission', zh: '佣金' },
  access: can('read', 'Commission'),
  accepts: ['from', 'to', 'staffId'],
  keyCast: TEXT_KEY,
  columns: () => [
    col('staff', 'text'),
    col('salesMinor', 'money', { drill: 'commission' }),
    col('ptMinor', 'money', { drill: 'commission' }),
    col('amountMinor', 'money', { drill: 'commission' }),
  ],
  chart: { type: 'bar', x: 'staff', series: ['amountMinor'] },
  defaultSort: '-amountMinor',
  query: (db, f) =>
    db
      .select({
        key: sql<string>`${commissionEntries.staffId}::text`.as('key'),
        staff: sql<string>`min(${users.fullName})`.as('staff'),
        salesMinor:
          sql`coalesce(sum(${commissionEntries.amountMinor}) filter (where ${commissionEntries.ptSessionId} is null), 0)`.as(
            'salesMinor',
          ),
        ptMinor:
          sql`coalesce(sum(${commissionEntries.amountMinor}) filter (where ${commissionEntries.ptSessionId} is not null), 0)`.as(
            'ptMinor',
          ),
        amountMinor: sql`sum(${commissionEntries.amountMinor})`.as('amountMinor'),
      })
      .from(commissionEntries)
      .innerJoin(users, eq(users.id, commissionEntries.staffId))
      .where(earnedIn(f))
      .groupBy(commissionEntries.staffId),
  drill: (f, column, row) => ({
    source: 'commission',
    where: earnedIn(
      f,
      row ? eq(commissionEntries.staffId, row) : undefined,
      column === 'salesMinor'
        ? sql`${commissionEntries.ptSessionId} is null`
        : column === 'ptMinor'
          ? sql`${commissionEntries.ptSessionId} is not null`
          : undefined,
    ),
  }),
};

/** Commission per staff member and what earned it (an item type of the sale, or `pt`). */
export const userCommissionReport: ReportSpec = {
  code: 'user-commission',
  title: { en: 'Commission per staff member', zh: '員工佣金' },
  access: can('read', 'Commission'),
  accepts: ['from', 'to', 'staffId'],
  keyCast: TEXT_KEY,
  columns: () => [col('staff', 'text'), col('itemType', 'text'), col('entries', 'count'), col('amountMinor', 'money')],
  chart: null,
  defaultSort: 'staff',
  query: (db, f) => {
    const type = sql<string>`coalesce(${invoiceLines.itemType}, 'pt')`;
    return db
      .select({
        key: sql<string>`${commissionEntries.staffId}::text || ' ' || ${type}`.as('key'),
        staff: sql<string>`min(${users.fullName})`.as('staff'),
        itemType: sql<string>`${type}`.as('itemType'),
        entries: sql`count(*)`.as('entries'),
        amountMinor: sql`sum(${commissionEntries.amountMinor})`.as('amountMinor'),
      })
      .from(commissionEntries)
      .innerJoin(users, eq(users.id, commissionEntries.staffId))
      .leftJoin(invoiceLines, eq(invoiceLines.id, commissionEntries.invoiceLineId))
      .where(earnedIn(f))
      .groupBy(commissionEntries.staffId, type);
  },
};

/** Lines of invoices issued in the range (accrual), voided sales left out. */
const linesIssued = (f: ResolvedFilters, ...more: (SQL | undefined)[]) =>
  and(
    gte(invoices.issuedOn, f.from),
    lte(invoices.issuedOn, f.to),
    sql`${invoices.state} <> 'void'`,
    f.centerId ? eq(invoices.centerId, f.centerId) : undefined,
    f.staffId ? eq(invoiceLines.soldById, f.staffId) : undefined,
    f.itemType ? eq(invoiceLines.itemType, f.itemType) : undefined,
    ...more,
  );

/** Products sold in the range (quantity and amount of the invoice lines) and what is in stock now. */
export const productReport: ReportSpec = {
  code: 'product',
  title: { en: 'Products', zh: '產品' },
  access: read,
  accepts: ['centerId', 'from', 'to', 'staffId'],
  keyCast: TEXT_KEY,
  columns: () => [
    col('product', 'text'),
    col('sku', 'text'),
    col('quantity', 'count', { drill: 'invoice-lines' }),
    col('amountMinor', 'money', { drill: 'invoice-lines' }),
    col('onHand', 'count'),
  ],
  chart: { type: 'bar', x: 'product', series: ['amountMinor'] },
  defaultSort: '-amountMinor',
  query: (db, f) => {
    const stock = sql`(select coalesce(sum(s.on_hand), 0) from ${productStock} s where s.product_id = ${products.id}
      ${f.centerId ? sql`and s.center_id = ${f.centerId}` : sql``})`;
    const sold = db
      .select({
        productId: invoiceLines.itemId,
        quantity: sql`sum(${invoiceLines.quantity})`.as('sold_quantity'),
        amountMinor: sql`sum(${invoiceLines.totalMinor})`.as('sold_amount'),
      })
      .from(invoiceLines)
      .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
      .where(linesIssued(f, eq(invoiceLines.itemType, 'product')))
      .groupBy(invoiceLines.itemId)
      .as('sold');
    return (
      db
        .select({
          key: sql<string>`${products.id}::text`.as('key'),
          product: sql<string>`${products.name}`.as('product'),
          sku: sql<string>`${products.sku}`.as('sku'),
          quantity: sql`coalesce(${sold.quantity}, 0)`.as('quantity'),
          amountMinor: sql`coalesce(${sold.amountMinor}, 0)`.as('amountMinor'),
          onHand: sql`${stock}`.as('onHand'),
        })
        .from(products)
        .leftJoin(sold, eq(sold.productId, products.id))
        // Products still sold, and those of the range's sales however they are now.
        .where(sql`${products.active} or ${sold.productId} is not null`)
    );
  },
  drill: (f, _column, row) => ({
    source: 'invoice-lines',
    where: linesIssued(f, eq(invoiceLines.itemType, 'product'), row ? eq(invoiceLines.itemId, row) : undefined),
  }),
};

/** Sales of the range split by centre, the staff member credited and the item type (accrual: invoice lines). */
export const splitReport: ReportSpec = {
  code: 'split',
  title: { en: 'Revenue split', zh: '收入分拆' },
  access: read,
  accepts: ['centerId', 'from', 'to', 'staffId', 'itemType'],
  keyCast: TEXT_KEY,
  columns: () => [
    col('center', 'text'),
    col('staff', 'text'),
    col('itemType', 'text'),
    col('lines', 'count', { drill: 'invoice-lines' }),
    col('amountMinor', 'money', { drill: 'invoice-lines' }),
  ],
  chart: { type: 'pie', x: 'itemType', series: ['amountMinor'] },
  defaultSort: 'center',
  query: (db, f) =>
    db
      .select({
        key: sql<string>`${invoices.centerId}::text || ' ' || coalesce(${invoiceLines.soldById}::text, '-') || ' ' || ${invoiceLines.itemType}`.as(
          'key',
        ),
        center: sql<string>`min(${centers.code})`.as('center'),
        staff: sql<string | null>`min(${users.fullName})`.as('staff'),
        itemType: sql<string>`${invoiceLines.itemType}`.as('itemType'),
        lines: sql`count(*)`.as('lines'),
        amountMinor: sql`sum(${invoiceLines.totalMinor})`.as('amountMinor'),
      })
      .from(invoiceLines)
      .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
      .innerJoin(centers, eq(centers.id, invoices.centerId))
      .leftJoin(users, eq(users.id, invoiceLines.soldById))
      .where(linesIssued(f))
      .groupBy(invoices.centerId, invoiceLines.soldById, invoiceLines.itemType),
  drill: (f, _column, row) => {
    if (!row) return { source: 'invoice-lines', where: linesIssued(f) };
    const [center, staff, type] = row.split(' ') as [string, string, string];
    return {
      source: 'invoice-lines',
      where: linesIssued(
        f,
        eq(invoices.centerId, center),
        staff === '-' ? sql`${invoiceLines.soldById} is null` : eq(invoiceLines.soldById, staff),
        eq(invoiceLines.itemType, type),
      ),
    };
  },
};

/** Money paid online per day (the provider's payments and their refunds). */
export const onlinePaymentReport: ReportSpec = {
  code: 'online-payment',
  title: { en: 'Online payments', zh: '網上付款' },
  access: read,
  accepts: ['centerId', 'from', 'to'],
  keyCast: TEXT_KEY,
  columns: () => [
    col('date', 'date'),
    col('payments', 'count', { drill: 'payments' }),
    col('paidMinor', 'money', { drill: 'payments' }),
    col('refundedMinor', 'money', { drill: 'payments' }),
    col('amountMinor', 'money', { drill: 'payments' }),
  ],
  chart: { type: 'line', x: 'date', series: ['amountMinor'] },
  defaultSort: 'date',
  query: (db, f) =>
    db
      .select({
        key: sql<string>`${payments.paidOn}::text`.as('key'),
        date: sql<string>`${payments.paidOn}::text`.as('date'),
        payments: sql`count(*) filter (where ${payments.kind} = 'payment')`.as('payments'),
        paidMinor: sql`coalesce(sum(${payments.amountMinor}) filter (where ${payments.kind} = 'payment'), 0)`.as(
          'paidMinor',
        ),
        refundedMinor: sql`coalesce(sum(${payments.amountMinor}) filter (where ${payments.kind} = 'refund'), 0)`.as(
          'refundedMinor',
        ),
        amountMinor: sql`sum(${signedAmount})`.as('amountMinor'),
      })
      .from(payments)
      .where(moneyTaken({ ...f, method: 'online' }))
      .groupBy(payments.paidOn),
  drill: (f, column, row) => ({
    source: 'payments',
    where: moneyTaken(
      { ...f, method: 'online' },
      row ? eq(payments.paidOn, row) : undefined,
      column === 'payments' || column === 'paidMinor'
        ? eq(payments.kind, 'payment')
        : column === 'refundedMinor'
          ? eq(payments.kind, 'refund')
          : undefined,
    ),
  }),
};
