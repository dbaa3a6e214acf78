/**
 * Reports about members and what they hold: members (new, active, lost per month), expiring
 * members, memberships, installments, non-payers, trials and new joiners, groups. Dates are
 * business dates: an instant is read on the clock of its centre (a member's home centre, a class's).
 */
import { and, count, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  bookings,
  centers,
  classes,
  entitlementLedger,
  entitlementState,
  entitlements,
  entries,
  installments,
  invoices,
  memberGroupMembers,
  memberGroups,
  members,
  payments,
} from '../../db/schema/index.ts';
import { can } from '../../lib/access.ts';
import type { KeyColumn } from '../../lib/long-read.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';
import { col, inCallerCentres, type ReportSpec, type ResolvedFilters } from './engine.ts';
import { moneyTaken } from './money-reports.ts';
import { memberName } from './sources.ts';

const TEXT_KEY: KeyColumn['cast'] = 'text';
const read = can('read', 'Report');

/** The business date of an instant on the clock of `zone` (a centre's time zone column). */
const dayOf = (instant: SQL | PgColumn, zone: SQL | PgColumn) => sql<string>`(${instant} at time zone ${zone})::date`;
const monthText = (day: SQL) => sql<string>`to_char(${day}, 'YYYY-MM')`;
const between = (day: SQL, f: ResolvedFilters) => sql`${day} between ${f.from}::date and ${f.to}::date`;
/** A month of the range (`YYYY-MM`, a row's key), or the whole range when none is named. */
const inMonth = (day: SQL, month: string | undefined) => (month ? sql`${monthText(day)} = ${month}` : undefined);

/** A membership the member holds after `day`, other than `entitlement`: they were not lost. */
const heldAfter = (entitlement: SQL, member: SQL, day: SQL) =>
  sql`exists (select 1 from ${entitlementState} s2 join ${entitlements} e2 on e2.id = s2.entitlement_id
    where s2.member_id = ${member} and e2.kind = 'membership' and s2.entitlement_id <> ${entitlement}
      and s2.phase in ('active', 'pending') and coalesce(s2.valid_until, '9999-12-31'::date) > ${day})`;

/** The day a member registered, on their home centre's clock (`centers` joined on the home centre). */
const joinedOn = dayOf(members.createdAt, centers.timeZone);
/** Members (not prospects) registered in the range at the chosen home centre, in `month` if named. */
const newMember = (f: ResolvedFilters, month?: string) =>
  and(
    between(joinedOn, f),
    sql`${members.status} <> 'prospect'`,
    f.centerId ? eq(members.homeCenterId, f.centerId) : undefined,
    inMonth(joinedOn, month),
  );
/** Members let in at the door in the range (in `month` if named), at the chosen centre. */
const grantedIn = (f: ResolvedFilters, month?: string) =>
  and(
    gte(entries.businessDate, f.from),
    lte(entries.businessDate, f.to),
    eq(entries.result, 'granted'),
    f.centerId ? eq(entries.centerId, f.centerId) : undefined,
    inMonth(sql`${entries.businessDate}`, month),
  );
/** Memberships that ended in the range (in `month` if named) with no other running after them: their members were lost. */
const lostIn = (f: ResolvedFilters, month?: string) => {
  const ended = sql`${entitlementState.validUntil}`;
  return and(
    eq(entitlements.kind, 'membership'),
    inArray(entitlementState.phase, ['active', 'expired']),
    between(ended, f),
    f.centerId ? eq(entitlements.centerId, f.centerId) : undefined,
    sql`not ${heldAfter(sql`${entitlementState.entitlementId}`, sql`${entitlementState.memberId}`, ended)}`,
    inMonth(ended, month),
  );
};

export const membersReport: ReportSpec = {
  code: 'student',
  title: { en: 'Members', zh: '會員' },
  access: can('read', 'Member'),
  accepts: ['centerId', 'from', 'to'],
  keyCast: TEXT_KEY,
  columns: () => [
    col('month', 'month'),
    col('newMembers', 'count', { drill: 'members' }),
    col('activeMembers', 'count', { total: false, drill: 'members' }),
    col('lostMembers', 'count', { drill: 'members' }),
  ],
  chart: { type: 'line', x: 'month', series: ['newMembers', 'activeMembers', 'lostMembers'] },
  defaultSort: 'month',
  query: (db, f) => {
    const joined = joinedOn;
    const news = db
      .select({
        month: monthText(joined).as('month'),
        newMembers: sql`count(*)`.as('newMembers'),
        activeMembers: sql`0::bigint`.as('activeMembers'),
        lostMembers: sql`0::bigint`.as('lostMembers'),
      })
      .from(members)
      .innerJoin(centers, eq(centers.id, members.homeCenterId))
      .where(newMember(f))
      .groupBy(monthText(joined));
    const active = db
      .select({
        month: monthText(sql`${entries.businessDate}`).as('month'),
        newMembers: sql`0::bigint`.as('newMembers'),
        activeMembers: sql`count(distinct ${entries.memberId})`.as('activeMembers'),
        lostMembers: sql`0::bigint`.as('lostMembers'),
      })
      .from(entries)
      .where(grantedIn(f))
      .groupBy(monthText(sql`${entries.businessDate}`));
    const ended = sql`${entitlementState.validUntil}`;
    const lost = db
      .select({
        month: monthText(ended).as('month'),
        newMembers: sql`0::bigint`.as('newMembers'),
        activeMembers: sql`0::bigint`.as('activeMembers'),
        lostMembers: sql`count(distinct ${entitlementState.memberId})`.as('lostMembers'),
      })
      .from(entitlementState)
      .innerJoin(entitlements, eq(entitlements.id, entitlementState.entitlementId))
      .where(lostIn(f))
      .groupBy(monthText(ended));
    const all = news.unionAll(active).unionAll(lost).as('parts');
    return db
      .select({
        key: sql<string>`${all.month}`.as('key'),
        month: sql<string>`${all.month}`.as('month'),
        newMembers: sql`sum(${all.newMembers})`.as('newMembers'),
        activeMembers: sql`sum(${all.activeMembers})`.as('activeMembers'),
        lostMembers: sql`sum(${all.lostMembers})`.as('lostMembers'),
      })
      .from(all)
      .groupBy(all.month);
  },
  drill: (f, column, row, db) => {
    if (column === 'newMembers') return { source: 'members', where: newMember(f, row) };
    const who =
      column === 'activeMembers'
        ? db.select({ id: entries.memberId }).from(entries).where(grantedIn(f, row))
        : db
            .select({ id: entitlementState.memberId })
            .from(entitlementState)
            .innerJoin(entitlements, eq(entitlements.id, entitlementState.entitlementId))
            .where(lostIn(f, row));
    return { source: 'members', where: inArray(members.id, who) };
  },
};

/** Memberships running now whose last day falls within `days` (30 unless said) from today. */
const expiring = (f: ResolvedFilters) =>
  and(
    eq(entitlements.kind, 'membership'),
    eq(entitlementState.phase, 'active'),
    sql`${entitlementState.validUntil} between ${f.today}::date and (${f.today}::date + ${f.days ?? 30}::int)`,
    f.centerId ? eq(members.homeCenterId, f.centerId) : undefined,
    // A member who already holds the next membership is not about to leave.
    sql`not ${heldAfter(sql`${entitlements.id}`, sql`${members.id}`, sql`${entitlementState.validUntil}`)}`,
  );

export const expiringReport: ReportSpec = {
  code: 'report-expire-student',
  title: { en: 'Expiring members', zh: '即將到期會員' },
  access: can('read', 'Member'),
  accepts: ['centerId', 'days'],
  keyCast: TEXT_KEY,
  columns: () => [
    col('member', 'text'),
    col('code', 'text'),
    col('phone', 'text', { sortable: false }),
    col('plan', 'text'),
    col('center', 'text'),
    col('validUntil', 'date'),
    col('daysLeft', 'count', { total: false, drill: 'memberships' }),
  ],
  chart: null,
  defaultSort: 'validUntil',
  query: (db, f) =>
    db
      .select({
        key: sql<string>`${entitlements.id}::text`.as('key'),
        member: sql<string>`${memberName}`.as('member'),
        code: sql<string>`${members.code}`.as('code'),
        phone: sql<string | null>`${members.phone}`.as('phone'),
        plan: sql<string>`${entitlements.name}`.as('plan'),
        center: sql<string>`${centers.code}`.as('center'),
        validUntil: sql<string>`${entitlementState.validUntil}::text`.as('validUntil'),
        daysLeft: sql<number>`(${entitlementState.validUntil} - ${f.today}::date)`.as('daysLeft'),
      })
      .from(members)
      .innerJoin(entitlementState, eq(entitlementState.memberId, members.id))
      .innerJoin(entitlements, eq(entitlements.id, entitlementState.entitlementId))
      .innerJoin(centers, eq(centers.id, members.homeCenterId))
      .where(expiring(f)),
  // The membership of the row (no row: every one expiring), among the caller's members.
  drill: (f, _column, row, db) => ({
    source: 'memberships',
    where: and(expiring(f), row ? eq(entitlements.id, row) : undefined, inCallerCentres(db, members.homeCenterId)),
  }),
};

/** Memberships by plan: sold in the range, running today, frozen today, ended in the range. */
const soldOn = dayOf(entitlements.createdAt, centers.timeZone);
/** A membership running today (`entitlements`, `entitlement_state` and its centre joined). */
const runningToday = (f: ResolvedFilters) =>
  sql`${entitlementState.phase} = 'active' and ${entitlementState.validFrom} <= ${f.today}::date
      and coalesce(${entitlementState.validUntil}, '9999-12-31'::date) >= ${f.today}::date`;
/** The memberships each figure of the memberships report counts. */
const MEMBERSHIP_FIGURES: Record<string, (f: ResolvedFilters) => SQL> = {
  sold: (f) => between(soldOn, f),
  active: (f) => sql`${runningToday(f)} and not ${entitlementState.frozen}`,
  frozen: (f) => sql`${runningToday(f)} and ${entitlementState.frozen}`,
  ended: (f) =>
    sql`${entitlementState.phase} in ('active', 'expired') and ${between(sql`${entitlementState.validUntil}`, f)}`,
};
/** The memberships of the report: at the chosen centre, and at the caller's centres. */
const membershipsOf = (db: TenantDb, f: ResolvedFilters) =>
  and(
    eq(entitlements.kind, 'membership'),
    f.centerId ? eq(entitlements.centerId, f.centerId) : undefined,
    inCallerCentres(db, entitlements.centerId),
  );

/**
 * The movement of memberships in a month of the range (its days within the range, `first` to
 * `last`): started (their first day in it), frozen (a freeze starting in it, each membership once),
 * ended (their last day in it), and active at its end (running on `last`, frozen or not).
 */
const MONTH_FIGURES: Record<string, (first: SQL, last: SQL) => SQL> = {
  started: (first, last) =>
    sql`${entitlementState.phase} in ('active', 'expired') and ${entitlementState.validFrom} between ${first} and ${last}`,
  frozen: (first, last) =>
    sql`exists (select 1 from ${entitlementLedger} l where l.entitlement_id = ${entitlements.id} and l.kind = 'freeze'
      and l.valid_from between ${first} and ${last})`,
  ended: (first, last) =>
    sql`${entitlementState.phase} in ('active', 'expired') and ${entitlementState.validUntil} between ${first} and ${last}`,
  activeAtEnd: (_first, last) =>
    sql`${entitlementState.phase} in ('active', 'expired') and ${entitlementState.validFrom} <= ${last}
      and coalesce(${entitlementState.validUntil}, '9999-12-31'::date) >= ${last}`,
};
/** The days of the month starting `month` (a date) within the range. */
const monthWithin = (month: SQL, f: ResolvedFilters) => ({
  first: sql`greatest(${month}, ${f.from}::date)`,
  last: sql`least((${month} + interval '1 month' - interval '1 day')::date, ${f.to}::date)`,
});

export const membershipReport: ReportSpec = {
  code: 'membership',
  title: { en: 'Memberships', zh: '會籍' },
  access: read,
  accepts: ['centerId', 'from', 'to', 'by'],
  keyCast: TEXT_KEY,
  columns: (f) =>
    f.by === 'month'
      ? [
          col('month', 'month'),
          col('started', 'count', { drill: 'memberships' }),
          col('frozen', 'count', { drill: 'memberships' }),
          col('ended', 'count', { drill: 'memberships' }),
          col('activeAtEnd', 'count', { total: false, drill: 'memberships' }),
        ]
      : [
          col('plan', 'text'),
          col('sold', 'count', { drill: 'memberships' }),
          col('active', 'count', { drill: 'memberships' }),
          col('frozen', 'count', { drill: 'memberships' }),
          col('ended', 'count', { drill: 'memberships' }),
        ],
  chart: { type: 'bar', x: 'plan', series: ['sold', 'ended'] },
  defaultSort: 'plan',
  query: (db, f) => {
    if (f.by === 'month') {
      // One row per month of the range, each figure counted among the memberships of the report.
      const { first, last } = monthWithin(sql.raw('m.month'), f);
      const figure = (name: string) =>
        sql`(${db
          .select({ n: count() })
          .from(entitlements)
          .innerJoin(entitlementState, eq(entitlementState.entitlementId, entitlements.id))
          .where(and(membershipsOf(db, f), MONTH_FIGURES[name]!(first, last)))})`.as(name);
      return db
        .select({
          key: sql<string>`to_char(m.month, 'YYYY-MM')`.as('key'),
          month: sql<string>`to_char(m.month, 'YYYY-MM')`.as('month'),
          started: figure('started'),
          frozen: figure('frozen'),
          ended: figure('ended'),
          activeAtEnd: figure('activeAtEnd'),
        })
        .from(
          sql`(select generate_series(date_trunc('month', ${f.from}::date), ${f.to}::date, interval '1 month')::date as month) m`,
        );
    }
    const figure = (name: string) => sql`count(*) filter (where ${MEMBERSHIP_FIGURES[name]!(f)})`.as(name);
    return db
      .select({
        key: sql<string>`${entitlements.name}`.as('key'),
        plan: sql<string>`${entitlements.name}`.as('plan'),
        sold: figure('sold'),
        active: figure('active'),
        frozen: figure('frozen'),
        ended: figure('ended'),
      })
      .from(entitlements)
      .innerJoin(entitlementState, eq(entitlementState.entitlementId, entitlements.id))
      .innerJoin(centers, eq(centers.id, entitlements.centerId))
      .where(membershipsOf(db, f))
      .groupBy(entitlements.name);
  },
  drill: (f, column, row, db) => {
    if (f.by === 'month') {
      const figure = MONTH_FIGURES[column];
      if (!figure) return null;
      // A month's memberships, or (the totals) those of every month of the range.
      const { first, last } = row
        ? monthWithin(sql`${`${row}-01`}::date`, f)
        : { first: sql`${f.from}::date`, last: sql`${f.to}::date` };
      return { source: 'memberships', where: and(membershipsOf(db, f), figure(first, last)) };
    }
    const figure = MEMBERSHIP_FIGURES[column];
    if (!figure) return null;
    return {
      source: 'memberships',
      where: and(membershipsOf(db, f), figure(f), row === undefined ? undefined : eq(entitlements.name, row)),
    };
  },
};

/** What of an installment is paid: the sum of the payments allocated to it. */
const allocated = sql`coalesce((select sum(a.amount_minor) from payment_allocations a where a.installment_id = ${installments.id}), 0)`;
const remaining = sql`greatest(${installments.amountMinor} - ${allocated}, 0)`;

function dueIn(f: ResolvedFilters, ...more: (SQL | undefined)[]): SQL {
  return and(
    sql`${invoices.state} not in ('void', 'refunded')`,
    f.centerId ? eq(invoices.centerId, f.centerId) : undefined,
    ...more,
  )!;
}

export const installmentReport: ReportSpec = {
  code: 'installment',
  title: { en: 'Installments', zh: '分期付款' },
  access: read,
  accepts: ['centerId', 'from', 'to'],
  keyCast: TEXT_KEY,
  columns: () => [
    col('month', 'month'),
    col('installments', 'count', { drill: 'installments' }),
    col('dueMinor', 'money', { drill: 'installments' }),
    col('paidMinor', 'money', { drill: 'installments' }),
    col('openMinor', 'money', { drill: 'installments' }),
    col('overdueMinor', 'money', { drill: 'installments' }),
  ],
  chart: { type: 'bar', x: 'month', series: ['paidMinor', 'overdueMinor'] },
  defaultSort: 'month',
  query: (db, f) => {
    const month = monthText(sql`${installments.dueOn}`);
    return db
      .select({
        key: month.as('key'),
        month: month.as('month'),
        installments: sql`count(*)`.as('installments'),
        dueMinor: sql`sum(${installments.amountMinor})`.as('dueMinor'),
        paidMinor: sql`sum(least(${allocated}, ${installments.amountMinor}))`.as('paidMinor'),
        openMinor: sql`sum(${remaining}) filter (where ${installments.dueOn} >= ${f.today}::date)`.as('openMinor'),
        overdueMinor: sql`coalesce(sum(${remaining}) filter (where ${installments.dueOn} < ${f.today}::date), 0)`.as(
          'overdueMinor',
        ),
      })
      .from(installments)
      .innerJoin(invoices, eq(invoices.id, installments.invoiceId))
      .where(dueIn(f, gte(installments.dueOn, f.from), lte(installments.dueOn, f.to)))
      .groupBy(month);
  },
  drill: (f, column, row) => {
    const first = row ? `${row}-01` : f.from;
    const within = row
      ? sql`to_char(${installments.dueOn}, 'YYYY-MM') = ${row}`
      : and(gte(installments.dueOn, first), lte(installments.dueOn, f.to));
    const open =
      column === 'overdueMinor'
        ? sql`${installments.dueOn} < ${f.today}::date and ${remaining} > 0`
        : column === 'openMinor'
          ? sql`${installments.dueOn} >= ${f.today}::date and ${remaining} > 0`
          : undefined;
    return {
      source: 'installments',
      where: dueIn(f, gte(installments.dueOn, f.from), lte(installments.dueOn, f.to), within, open),
    };
  },
};

/** Members owing money today: installments due by today and not fully paid, on invoices still owed. */
export const nonPayersReport: ReportSpec = {
  code: 'nonpay',
  title: { en: 'Non-payers', zh: '欠款會員' },
  access: read,
  accepts: ['centerId'],
  keyCast: TEXT_KEY,
  columns: () => [
    col('member', 'text'),
    col('code', 'text'),
    col('phone', 'text', { sortable: false }),
    col('invoices', 'count', { drill: 'installments' }),
    col('overdueMinor', 'money', { drill: 'installments' }),
    col('oldestDue', 'date'),
  ],
  chart: null,
  defaultSort: '-overdueMinor',
  query: (db, f) =>
    db
      .select({
        key: sql<string>`${members.id}::text`.as('key'),
        member: sql<string>`min(${memberName})`.as('member'),
        code: sql<string>`min(${members.code})`.as('code'),
        phone: sql<string | null>`min(${members.phone})`.as('phone'),
        invoices: sql`count(distinct ${invoices.id})`.as('invoices'),
        overdueMinor: sql`sum(${remaining})`.as('overdueMinor'),
        oldestDue: sql<string>`min(${installments.dueOn})::text`.as('oldestDue'),
      })
      .from(installments)
      .innerJoin(invoices, eq(invoices.id, installments.invoiceId))
      .innerJoin(members, eq(members.id, invoices.memberId))
      .where(dueIn(f, sql`${installments.dueOn} <= ${f.today}::date`, sql`${remaining} > 0`))
      .groupBy(members.id),
  drill: (f, _column, row) => ({
    source: 'installments',
    where: dueIn(
      f,
      sql`${installments.dueOn} <= ${f.today}::date`,
      sql`${remaining} > 0`,
      row ? eq(invoices.memberId, row) : undefined,
    ),
  }),
};

/** The day of a booking's class on its centre's clock (`classes` and its centre joined). */
const trialDay = dayOf(classes.startsAt, centers.timeZone);
/** Trial bookings kept (not cancelled, not waiting) for classes of the range (in `month` if named), at the caller's centres. */
const trialIn = (db: TenantDb, f: ResolvedFilters, month?: string) =>
  and(
    eq(bookings.trial, true),
    sql`${bookings.status} not in ('cancelled', 'waitlisted')`,
    between(trialDay, f),
    f.centerId ? eq(classes.centerId, f.centerId) : undefined,
    inCallerCentres(db, classes.centerId),
    inMonth(trialDay, month),
  );

/** Per month: trial bookings (by their class's day), new members, and prospects registered. */
export const trialsReport: ReportSpec = {
  code: 'trial_and_newjoin',
  title: { en: 'Trials and new joiners', zh: '試堂及新會員' },
  access: read,
  accepts: ['centerId', 'from', 'to'],
  keyCast: TEXT_KEY,
  columns: () => [
    col('month', 'month'),
    col('trials', 'count', { drill: 'bookings' }),
    col('newMembers', 'count', { drill: 'members' }),
    col('prospects', 'count', { drill: 'members' }),
  ],
  chart: { type: 'bar', x: 'month', series: ['trials', 'newMembers'] },
  defaultSort: 'month',
  query: (db, f) => {
    const classDay = trialDay;
    const trials = db
      .select({
        month: monthText(classDay).as('month'),
        trials: sql`count(*)`.as('trials'),
        newMembers: sql`0::bigint`.as('newMembers'),
        prospects: sql`0::bigint`.as('prospects'),
      })
      .from(bookings)
      .innerJoin(classes, eq(classes.id, bookings.classId))
      .innerJoin(centers, eq(centers.id, classes.centerId))
      .where(trialIn(db, f))
      .groupBy(monthText(classDay));
    const joined = joinedOn;
    const joiners = db
      .select({
        month: monthText(joined).as('month'),
        trials: sql`0::bigint`.as('trials'),
        newMembers: sql`count(*) filter (where ${members.status} <> 'prospect')`.as('newMembers'),
        prospects: sql`count(*) filter (where ${members.status} = 'prospect')`.as('prospects'),
      })
      .from(members)
      .innerJoin(centers, eq(centers.id, members.homeCenterId))
      .where(and(between(joined, f), f.centerId ? eq(members.homeCenterId, f.centerId) : undefined))
      .groupBy(monthText(joined));
    const all = trials.unionAll(joiners).as('parts');
    return db
      .select({
        key: sql<string>`${all.month}`.as('key'),
        month: sql<string>`${all.month}`.as('month'),
        trials: sql`sum(${all.trials})`.as('trials'),
        newMembers: sql`sum(${all.newMembers})`.as('newMembers'),
        prospects: sql`sum(${all.prospects})`.as('prospects'),
      })
      .from(all)
      .groupBy(all.month);
  },
  drill: (f, column, row, db) => {
    if (column === 'trials') return { source: 'bookings', where: trialIn(db, f, row) };
    return {
      source: 'members',
      where: and(
        between(joinedOn, f),
        f.centerId ? eq(members.homeCenterId, f.centerId) : undefined,
        column === 'prospects' ? sql`${members.status} = 'prospect'` : sql`${members.status} <> 'prospect'`,
        inMonth(joinedOn, row),
      ),
    };
  },
};

/** Per member group: its members, those active, and the net money its members paid in the range. */
export const groupReport: ReportSpec = {
  code: 'group',
  title: { en: 'Groups', zh: '群組' },
  access: read,
  accepts: ['centerId', 'from', 'to'],
  keyCast: TEXT_KEY,
  columns: () => [
    col('group', 'text'),
    col('members', 'count', { total: false, drill: 'members' }),
    col('activeMembers', 'count', { total: false, drill: 'members' }),
    col('amountMinor', 'money', { total: false, drill: 'payments' }),
  ],
  chart: { type: 'bar', x: 'group', series: ['amountMinor'] },
  defaultSort: 'group',
  query: (db: TenantDb, f) => {
    // The money of the group's members in the range: a member in two groups counts in both, so no total.
    const money = db
      .select({
        memberId: payments.memberId,
        net: sql`sum(case when ${payments.kind} = 'refund' then -${payments.amountMinor} else ${payments.amountMinor} end)`.as(
          'net',
        ),
      })
      .from(payments)
      .where(moneyTaken(f))
      .groupBy(payments.memberId)
      .as('money');
    return (
      db
        .select({
          key: sql<string>`${memberGroups.id}::text`.as('key'),
          group: sql<string>`min(${memberGroups.name})`.as('group'),
          members: sql`count(${members.id})`.as('members'),
          activeMembers: sql`count(${members.id}) filter (where ${members.status} = 'active')`.as('activeMembers'),
          amountMinor: sql`coalesce(sum(${money.net}), 0)`.as('amountMinor'),
        })
        .from(memberGroups)
        .leftJoin(memberGroupMembers, eq(memberGroupMembers.groupId, memberGroups.id))
        // The members of the chosen centre, among the caller's (a joined table is not limited to their centres).
        .leftJoin(
          members,
          and(
            eq(members.id, memberGroupMembers.memberId),
            f.centerId ? eq(members.homeCenterId, f.centerId) : undefined,
            inCallerCentres(db, members.homeCenterId),
          ),
        )
        .leftJoin(money, eq(money.memberId, members.id))
        .groupBy(memberGroups.id)
    );
  },
  drill: (f, column, row, db) => {
    // The members of the group (no row: of any group) whose home is the chosen centre.
    const inGroup = db
      .select({ id: memberGroupMembers.memberId })
      .from(memberGroupMembers)
      .innerJoin(members, eq(members.id, memberGroupMembers.memberId))
      .where(
        and(
          row ? eq(memberGroupMembers.groupId, row) : undefined,
          f.centerId ? eq(members.homeCenterId, f.centerId) : undefined,
        ),
      );
    if (column === 'amountMinor')
      return { source: 'payments', where: moneyTaken(f, inArray(payments.memberId, inGroup)) };
    return {
      source: 'members',
      where: and(inArray(members.id, inGroup), column === 'activeMembers' ? eq(members.status, 'active') : undefined),
    };
  },
};
