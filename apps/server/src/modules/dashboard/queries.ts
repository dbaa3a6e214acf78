/**
 * `/dashboard`'s figures of a centre's business day in one answer. Each is read from the source
 * rows (payments, invoices, entries, the entitlements' fold, classes and bookings), so a sale, a
 * payment or a tap shows at the next read; the browser reads again when the centre's room says so.
 */
import type { OpeningDay } from '@gym/contract/centers';
import { type Dashboard, EXPIRING_DAYS, EXPIRING_LIST_MAX } from '@gym/contract/dashboard';
import { businessDaysOf, monthDays, monthOf, paceOf } from '@gym/contract/goals';
import { addDays } from '@gym/contract/time';
import { and, asc, between, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import {
  bookings,
  classes,
  classTypes,
  entitlementState,
  entitlements,
  entries,
  invoices,
  members,
} from '../../db/schema/index.ts';
import type { QueryContext } from '../../lib/use-case.ts';
import { centreTarget, moneyTaken } from '../goals/index.ts';

async function money(ctx: QueryContext, center: { id: string; openingHours: OpeningDay[] }, today: string) {
  const { db } = ctx;
  const month = monthOf(today);
  const { first } = monthDays(month);
  const [todayMinor, monthMinor, target, [unpaid]] = await Promise.all([
    moneyTaken(db, center.id, today, today),
    moneyTaken(db, center.id, first, today),
    centreTarget(db, center.id, month, 'revenue'),
    db
      .select({
        owed: sql<string>`coalesce(sum(${invoices.totalMinor} - ${invoices.refundedMinor} - ${invoices.paidMinor}), 0)`,
        n: sql<number>`count(*)::int`,
      })
      .from(invoices)
      .where(
        and(
          eq(invoices.centerId, center.id),
          ne(invoices.state, 'void'),
          sql`${invoices.totalMinor} - ${invoices.refundedMinor} - ${invoices.paidMinor} > 0`,
        ),
      ),
  ]);
  const days = businessDaysOf(month, today, center.openingHours);
  return {
    todayMinor,
    monthMinor,
    monthTargetMinor: target,
    monthPaceMinor: paceOf(monthMinor, days),
    unpaidMinor: Number(unpaid?.owed ?? 0),
    unpaidInvoices: Number(unpaid?.n ?? 0),
  };
}

async function entryFigures(ctx: QueryContext, centerId: string, timeZone: string, today: string) {
  const rows = await ctx.db
    .select({
      hour: sql<number>`extract(hour from ${entries.tappedAt} at time zone ${timeZone})::int`,
      granted: sql<number>`count(*) filter (where ${entries.result} = 'granted')::int`,
      denied: sql<number>`count(*) filter (where ${entries.result} = 'denied')::int`,
    })
    .from(entries)
    .where(and(eq(entries.centerId, centerId), eq(entries.businessDate, today)))
    .groupBy(sql`1`);
  const perHour = Array.from({ length: 24 }, () => 0);
  let granted = 0;
  let denied = 0;
  for (const r of rows) {
    perHour[Number(r.hour)] = Number(r.granted);
    granted += Number(r.granted);
    denied += Number(r.denied);
  }
  return { granted, denied, perHour };
}

/**
 * Members of the centre (their home) whose membership ends within the next days and who hold no
 * membership going on past it (a member who has renewed is not ending).
 */
async function expiring(ctx: QueryContext, centerId: string, today: string) {
  const until = addDays(today, EXPIRING_DAYS - 1);
  const later = sql`not exists (
    select 1 from ${entitlementState} as other
    join ${entitlements} as other_e on other_e.id = other.entitlement_id
    where other.member_id = ${entitlementState.memberId} and other_e.kind = 'membership'
      and other.entitlement_id <> ${entitlementState.entitlementId}
      and other.phase in ('active', 'pending')
      and (other.valid_until is null or other.valid_until > ${entitlementState.validUntil}))`;
  const rows = await ctx.db
    .select({
      id: members.id,
      code: members.code,
      first: members.firstName,
      last: members.lastName,
      endsOn: entitlementState.validUntil,
      plan: entitlements.name,
    })
    .from(entitlementState)
    .innerJoin(entitlements, eq(entitlements.id, entitlementState.entitlementId))
    .innerJoin(members, eq(members.id, entitlementState.memberId))
    .where(
      and(
        eq(entitlements.kind, 'membership'),
        eq(entitlementState.phase, 'active'),
        between(entitlementState.validUntil, today, until),
        eq(members.homeCenterId, centerId),
        isNull(members.mergedInto),
        later,
      ),
    )
    .orderBy(asc(entitlementState.validUntil), asc(members.lastName), asc(members.id));
  const seen = new Set<string>();
  const list: Dashboard['expiring']['members'] = [];
  for (const r of rows) {
    if (seen.has(r.id)) continue;
    seen.add(r.id);
    list.push({ id: r.id, code: r.code, name: `${r.first} ${r.last}`.trim(), endsOn: r.endsOn!, plan: r.plan });
  }
  return { count: list.length, members: list.slice(0, EXPIRING_LIST_MAX) };
}

async function todaysClasses(ctx: QueryContext, centerId: string, today: string) {
  const rows = await ctx.db
    .select({
      id: classes.id,
      name: classTypes.name,
      startTime: classes.startTime,
      capacity: classes.capacity,
      booked: sql<number>`(select count(*)::int from ${bookings} where ${bookings.classId} = ${classes.id} and ${bookings.status} in ('booked', 'attended'))`,
      waitlisted: sql<number>`(select count(*)::int from ${bookings} where ${bookings.classId} = ${classes.id} and ${bookings.status} = 'waitlisted')`,
    })
    .from(classes)
    .innerJoin(classTypes, eq(classTypes.id, classes.classTypeId))
    .where(and(eq(classes.centerId, centerId), eq(classes.businessDate, today), inArray(classes.status, ['scheduled'])))
    .orderBy(asc(classes.startsAt), asc(classes.id));
  return rows.map((r) => ({ ...r, booked: Number(r.booked), waitlisted: Number(r.waitlisted) }));
}

/** The dashboard of a centre (one the caller works at) on its business date. */
export async function dashboard(ctx: QueryContext, { centerId }: { centerId: string }): Promise<Dashboard> {
  const center = await ctx.db.usableCenter(centerId, 'centerId', false);
  const today = ctx.clock.today(center.timeZone);
  const seesMoney = ctx.auth.ability.can('read', 'Sale');
  const [m, e, x, c] = await Promise.all([
    seesMoney ? money(ctx, center, today) : Promise.resolve(null),
    entryFigures(ctx, center.id, center.timeZone, today),
    expiring(ctx, center.id, today),
    todaysClasses(ctx, center.id, today),
  ]);
  return { centerId: center.id, today, money: m, entries: e, expiring: x, classes: c };
}
