import type { Booking, bookingListQuerySchema, TrialItem, trialListQuerySchema } from '@gym/contract/classes';
import { formatMemberName } from '@gym/contract/names';
import { wallClock } from '@gym/contract/time';
import { and, asc, count, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  bookings,
  centers,
  classes,
  classTypes,
  entitlements,
  invoices,
  members,
  rooms,
  users,
} from '../../db/schema/index.ts';
import type { AuthContext } from '../../lib/access.ts';
import { notFound } from '../../lib/errors.ts';
import { memberRefColumns } from '../../lib/member-name.ts';
import { scopeOf, type TenantDb } from '../../lib/tenant-db.ts';
import type { QueryContext } from '../../lib/use-case.ts';

const pad = (n: number) => String(n).padStart(2, '0');
const wallTime = (instant: Date, timeZone: string) => {
  const w = wallClock(instant, timeZone);
  return `${pad(w.hour)}:${pad(w.minute)}`;
};

type Scope = Pick<AuthContext, 'organisationId' | 'centerIds'>;

const teachers = alias(users, 'teacher');
const bookers = alias(users, 'booker');

/** 1-based place on the waitlist: waitlisted bookings of the class with a smaller position, plus one. */
const waitlistRank = sql<
  number | null
>`case when ${bookings.status} = 'waitlisted' then (select count(*)::int from ${bookings} w where w.class_id = ${bookings.classId} and w.status = 'waitlisted' and w.waitlist_position <= ${bookings.waitlistPosition}) end`;

const columns = {
  b: bookings,
  member: memberRefColumns,
  c: classes,
  center: { id: centers.id, code: centers.code, name: centers.name, timeZone: centers.timeZone },
  room: { id: rooms.id, name: rooms.name },
  teacher: { id: teachers.id, name: teachers.fullName },
  type: { id: classTypes.id, name: classTypes.name, colour: classTypes.colour },
  entitlementName: entitlements.name,
  bookerName: bookers.fullName,
  fee: { id: invoices.id, number: invoices.number, state: invoices.state, totalMinor: invoices.totalMinor },
  rank: waitlistRank,
};

function query(db: TenantDb) {
  return db
    .select(columns)
    .from(bookings)
    .innerJoin(members, eq(members.id, bookings.memberId))
    .innerJoin(classes, eq(classes.id, bookings.classId))
    .innerJoin(centers, eq(centers.id, classes.centerId))
    .innerJoin(rooms, eq(rooms.id, classes.roomId))
    .innerJoin(teachers, eq(teachers.id, classes.teacherId))
    .innerJoin(classTypes, eq(classTypes.id, classes.classTypeId))
    .leftJoin(entitlements, eq(entitlements.id, bookings.entitlementId))
    .leftJoin(bookers, eq(bookers.id, bookings.bookedBy))
    .leftJoin(invoices, eq(invoices.id, bookings.feeInvoiceId));
}

type Row = Awaited<ReturnType<ReturnType<typeof query>['execute']>>[number];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toBooking(r: Row): Booking {
  const { b, c } = r;
  const name = formatMemberName(r.member);
  return {
    id: b.id,
    status: b.status as Booking['status'],
    member: {
      id: r.member.id,
      code: r.member.code,
      name,
      chineseName: r.member.chineseName,
      // Member photos are served with an entry (`/entries/:id/photo`); a booking links none yet.
      photoUrl: null,
    },
    class: {
      id: c.id,
      center: { id: r.center.id, code: r.center.code, name: r.center.name },
      date: c.businessDate,
      startTime: c.startTime,
      endTime: wallTime(c.endsAt, r.center.timeZone),
      startsAt: c.startsAt.toISOString(),
      room: r.room,
      teacher: r.teacher,
      type: r.type,
      status: c.status as Booking['class']['status'],
    },
    // A waitlisted booking keeps the entitlement it asked for, but nothing has paid it yet.
    paidBy: b.paidBy as Booking['paidBy'],
    entitlement: b.paidBy && b.entitlementId ? { id: b.entitlementId, name: r.entitlementName ?? '' } : null,
    creditsUsed: b.creditsUsed,
    creditReturned: b.creditReturned,
    waitlistPosition: r.rank === null ? null : Number(r.rank),
    bookedAt: b.bookedAt.toISOString(),
    cancelledAt: iso(b.cancelledAt),
    attendedAt: iso(b.attendedAt),
    attendanceSource: b.attendanceSource as Booking['attendanceSource'],
    waived: b.waived,
    waiverNote: b.waiverNote,
    promotedAt: iso(b.promotedAt),
    bookedBy: b.bookedBy ? { id: b.bookedBy, name: r.bookerName ?? '' } : null,
    trial: b.trial,
    feeInvoice: r.fee?.id ? { ...r.fee, totalMinor: Number(r.fee.totalMinor) } : null,
  };
}

/** Bookings are seen through their class's centre. */
const visible = (auth: Scope, ...more: (SQL | undefined)[]) =>
  and(scopeOf(auth, bookings, ...more), scopeOf(auth, classes)) as SQL;

export async function getBooking(ctx: QueryContext<Scope>, { id }: { id: string }): Promise<Booking> {
  const [row] = await query(ctx.db).where(visible(ctx.auth, eq(bookings.id, id)));
  if (!row) throw notFound('booking');
  return toBooking(row);
}

export async function listBookings(
  ctx: QueryContext<Scope>,
  q: z.infer<typeof bookingListQuerySchema>,
): Promise<{ items: Booking[]; total: number; page: number; pageSize: number }> {
  const { db, auth } = ctx;
  const where = visible(
    auth,
    q.class ? eq(bookings.classId, q.class) : undefined,
    q.member ? eq(bookings.memberId, q.member) : undefined,
    q.status ? eq(bookings.status, q.status) : undefined,
    q.includeCancelled === false
      ? inArray(bookings.status, ['booked', 'waitlisted', 'attended', 'no_show'])
      : undefined,
    q.from ? gte(classes.businessDate, q.from) : undefined,
  );
  const dir = q.sort.startsWith('-') ? desc : asc;
  const order = q.sort.endsWith('startsAt')
    ? [dir(classes.startsAt), asc(bookings.bookedAt)]
    : [dir(bookings.bookedAt), asc(bookings.id)];
  // The class's list reads best as places first, then the waitlist in its order.
  const statusOrder = q.class
    ? [asc(sql`case when ${bookings.status} = 'waitlisted' then 1 else 0 end`), asc(bookings.waitlistPosition)]
    : [];
  const [rows, [total]] = await Promise.all([
    query(db)
      .where(where)
      .orderBy(...statusOrder, ...order)
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(bookings).innerJoin(classes, eq(classes.id, bookings.classId)).where(where),
  ]);
  return { items: rows.map(toBooking), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

/**
 * Trial classes whose class falls in `from`..`to` (not cancelled ones), with whether the prospect
 * came and when they first bought a membership or package after booking it (an invoice not voided).
 */
export async function listTrials(ctx: QueryContext<Scope>, q: z.infer<typeof trialListQuerySchema>) {
  const { db, auth } = ctx;
  const joinedAt = sql<Date | null>`(
    select min(i.created_at) from invoices i
    where i.organisation_id = ${bookings.organisationId} and i.member_id = ${bookings.memberId}
      and i.state <> 'void' and i.created_at >= ${bookings.bookedAt}
      and exists (select 1 from invoice_lines l where l.invoice_id = i.id and l.item_type in ('membership','package'))
  )`;
  const where = visible(
    auth,
    eq(bookings.trial, true),
    inArray(bookings.status, ['booked', 'waitlisted', 'attended', 'no_show', 'late_cancelled']),
    gte(classes.businessDate, q.from),
    lte(classes.businessDate, q.to),
    q.center ? eq(classes.centerId, q.center) : undefined,
  );
  const base = () =>
    db
      .select({
        id: bookings.id,
        status: bookings.status,
        memberId: members.id,
        code: members.code,
        firstName: members.firstName,
        lastName: members.lastName,
        memberStatus: members.status,
        classId: classes.id,
        date: classes.businessDate,
        startTime: classes.startTime,
        type: classTypes.name,
        center: { id: centers.id, code: centers.code, name: centers.name },
        joinedAt,
      })
      .from(bookings)
      .innerJoin(members, eq(members.id, bookings.memberId))
      .innerJoin(classes, eq(classes.id, bookings.classId))
      .innerJoin(centers, eq(centers.id, classes.centerId))
      .innerJoin(classTypes, eq(classTypes.id, classes.classTypeId))
      .where(where);
  const [rows, [summary]] = await Promise.all([
    base()
      .orderBy(asc(classes.startsAt), asc(bookings.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({
        trials: count(),
        attended: sql<number>`count(*) filter (where ${bookings.status} = 'attended')::int`,
        joined: sql<number>`count(*) filter (where ${joinedAt} is not null)::int`,
      })
      .from(bookings)
      .innerJoin(classes, eq(classes.id, bookings.classId))
      .where(where),
  ]);
  const items: TrialItem[] = rows.map((r) => ({
    bookingId: r.id,
    status: r.status as TrialItem['status'],
    member: {
      id: r.memberId,
      code: r.code,
      name: formatMemberName(r),
      status: r.memberStatus,
    },
    class: { id: r.classId, date: r.date, startTime: r.startTime, type: r.type, center: r.center },
    attended: r.status === 'attended',
    joinedAt: r.joinedAt ? new Date(r.joinedAt).toISOString() : null,
  }));
  return {
    items,
    total: Number(summary?.trials ?? 0),
    page: q.page,
    pageSize: q.pageSize,
    summary: {
      trials: Number(summary?.trials ?? 0),
      attended: Number(summary?.attended ?? 0),
      joined: Number(summary?.joined ?? 0),
    },
  };
}
