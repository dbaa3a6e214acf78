/** Reads of personal training: sessions (lists, one), a PT package with its sessions, trainers' hours and days off. */
import { formatMemberName } from '@gym/contract/names';
import type { PtPackage, PtSession, ptSessionListQuerySchema, TrainerHours } from '@gym/contract/pt';
import { wallClock } from '@gym/contract/time';
import { and, asc, count, desc, eq, gte, lte } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  centers,
  entitlementState,
  entitlements,
  members,
  ptSessions,
  rooms,
  trainerDaysOff,
  trainerHours,
  users,
} from '../../db/schema/index.ts';
import type { AuthContext } from '../../lib/access.ts';
import { callerTimeZone } from '../../lib/business-date.ts';
import { notFoundAt } from '../../lib/errors.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';
import type { QueryContext } from '../../lib/use-case.ts';
import { creditsAvailable, stateOf, statusOn } from '../entitlements/index.ts';

type Scope = Pick<AuthContext, 'organisationId' | 'centerIds'>;

const pad = (n: number) => String(n).padStart(2, '0');
const wallTime = (instant: Date, timeZone: string) => {
  const w = wallClock(instant, timeZone);
  return `${pad(w.hour)}:${pad(w.minute)}`;
};
const iso = (d: Date | null) => (d ? d.toISOString() : null);

const trainers = alias(users, 'trainer');
const completers = alias(users, 'completer');

function query(db: TenantDb) {
  return db
    .select({
      s: ptSessions,
      center: { id: centers.id, code: centers.code, name: centers.name, timeZone: centers.timeZone },
      member: { id: members.id, code: members.code, firstName: members.firstName, lastName: members.lastName },
      trainer: { id: trainers.id, name: trainers.fullName },
      room: { id: rooms.id, name: rooms.name },
      entitlement: { id: entitlements.id, name: entitlements.name },
      completerName: completers.fullName,
    })
    .from(ptSessions)
    .innerJoin(centers, eq(centers.id, ptSessions.centerId))
    .innerJoin(members, eq(members.id, ptSessions.memberId))
    .innerJoin(trainers, eq(trainers.id, ptSessions.trainerId))
    .innerJoin(entitlements, eq(entitlements.id, ptSessions.entitlementId))
    .leftJoin(rooms, eq(rooms.id, ptSessions.roomId))
    .leftJoin(completers, eq(completers.id, ptSessions.completedBy));
}

type Row = Awaited<ReturnType<ReturnType<typeof query>['execute']>>[number];

function toSession(r: Row): PtSession {
  const { s } = r;
  return {
    id: s.id,
    status: s.status as PtSession['status'],
    date: s.businessDate,
    startTime: s.startTime,
    endTime: wallTime(s.endsAt, r.center.timeZone),
    durationMinutes: s.durationMinutes,
    startsAt: s.startsAt.toISOString(),
    endsAt: s.endsAt.toISOString(),
    center: { id: r.center.id, code: r.center.code, name: r.center.name },
    member: {
      id: r.member.id,
      code: r.member.code,
      name: formatMemberName(r.member),
    },
    trainer: r.trainer,
    room: r.room?.id ? { id: r.room.id, name: r.room.name } : null,
    entitlement: r.entitlement,
    creditUsed: s.creditLedgerId !== null,
    completedAt: iso(s.completedAt),
    completedBy: s.completedBy ? { id: s.completedBy, name: r.completerName ?? '' } : null,
    cancelledAt: iso(s.cancelledAt),
    cancelReason: s.cancelReason,
    notes: s.notes,
  };
}

export async function getSession(ctx: QueryContext<Scope>, { id }: { id: string }): Promise<PtSession> {
  const [row] = await query(ctx.db).where(eq(ptSessions.id, id));
  if (!row) throw notFoundAt('id', 'PT session');
  return toSession(row);
}

export async function listSessions(
  { db }: QueryContext<Scope>,
  q: z.infer<typeof ptSessionListQuerySchema>,
): Promise<{ items: PtSession[]; total: number; page: number; pageSize: number }> {
  const where = and(
    q.from ? gte(ptSessions.businessDate, q.from) : undefined,
    q.to ? lte(ptSessions.businessDate, q.to) : undefined,
    q.center ? eq(ptSessions.centerId, q.center) : undefined,
    q.trainer ? eq(ptSessions.trainerId, q.trainer) : undefined,
    q.member ? eq(ptSessions.memberId, q.member) : undefined,
    q.entitlement ? eq(ptSessions.entitlementId, q.entitlement) : undefined,
    q.status ? eq(ptSessions.status, q.status) : undefined,
  );
  const dir = q.sort === '-startsAt' ? desc : asc;
  const [rows, [total]] = await Promise.all([
    query(db)
      .where(where)
      .orderBy(dir(ptSessions.startsAt), asc(ptSessions.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(ptSessions).where(where),
  ]);
  return { items: rows.map(toSession), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

/**
 * A member's PT package (a credit package for `pt` or `any`) with its sessions. A caller limited to
 * some centres sees the package of a member it may see (the member's home centre is one of its
 * own), with its credits whole (the ledger's: sessions booked elsewhere hold credits too), and the
 * sessions at its own centres only (decision 383).
 */
export async function getPtPackage(
  ctx: QueryContext,
  { entitlementId }: { entitlementId: string },
): Promise<PtPackage> {
  // Its status is the one on the caller's centre's business date.
  const today = ctx.clock.today(
    await callerTimeZone(ctx.db.unscoped('callerTimeZone scopes the centres itself'), ctx.auth),
  );
  // The package of a member the caller may see (the member's home centre is one of theirs).
  const [row] = await ctx.db
    .select({ ent: entitlements, state: entitlementState, member: members })
    .from(entitlements)
    .innerJoin(entitlementState, eq(entitlementState.entitlementId, entitlements.id))
    .innerJoin(members, eq(members.id, entitlements.memberId))
    .where(and(eq(entitlements.id, entitlementId), ctx.db.where(members)));
  if (!row) throw notFoundAt('entitlementId', 'PT package');
  if (row.ent.kind !== 'package' || !['pt', 'any'].includes(row.ent.usage ?? '')) {
    throw notFoundAt('entitlementId', 'PT package');
  }
  const state = stateOf(row.state);
  const sessions = (
    await query(ctx.db).where(eq(ptSessions.entitlementId, entitlementId)).orderBy(desc(ptSessions.startsAt))
  ).map(toSession);
  const n = (status: PtSession['status']) => sessions.filter((s) => s.status === status).length;
  const total = state.creditsGranted ?? 0;
  const left = state.creditsLeft ?? 0;
  const booked = state.creditsHeld;
  return {
    entitlementId: row.ent.id,
    name: row.ent.name,
    usage: row.ent.usage ?? 'pt',
    member: {
      id: row.member.id,
      code: row.member.code,
      name: formatMemberName(row.member),
    },
    allCenters: row.ent.allCenters,
    centerIds: row.ent.allCenters ? [] : row.ent.centerIds,
    status: statusOn(state, today),
    validFrom: state.validFrom,
    validUntil: state.validUntil,
    credits: { total, used: total - left, booked, remaining: left, bookable: creditsAvailable(state) },
    counts: {
      completed: n('completed'),
      booked: n('booked'),
      cancelled: n('cancelled'),
      lateCancelled: n('late_cancelled'),
      noShow: n('no_show'),
    },
    sessions,
  };
}

/** A staff member of the caller's organisation (any centre: working hours name the centres). */
export async function trainerOf(
  ctx: QueryContext<Scope>,
  { trainerId, path = 'id' }: { trainerId: string; path?: string },
) {
  const trainer = await ctx.db.wholeOrganisation.first(users, eq(users.id, trainerId));
  if (!trainer || trainer.role === 'client') throw notFoundAt(path, 'Trainer');
  return trainer;
}

/** The trainer's working hours at every centre of the organisation (the rota names the centres). */
export async function getTrainerHours(
  ctx: QueryContext<Scope>,
  { trainerId }: { trainerId: string },
): Promise<TrainerHours> {
  const trainer = await trainerOf(ctx, { trainerId });
  const rows = await ctx.db.wholeOrganisation
    .select()
    .from(trainerHours)
    .where(eq(trainerHours.trainerId, trainerId))
    .orderBy(asc(trainerHours.weekday), asc(trainerHours.startTime));
  return {
    trainer: { id: trainer.id, name: trainer.fullName },
    hours: rows.map((h) => ({ centerId: h.centerId, weekday: h.weekday, start: h.startTime, end: h.endTime })),
  };
}

export const toDayOff = (d: typeof trainerDaysOff.$inferSelect) => ({
  id: d.id,
  trainerId: d.trainerId,
  from: d.fromDate,
  to: d.toDate,
  note: d.note,
});

export async function listDaysOff(ctx: QueryContext<Scope>, { trainerId, from }: { trainerId: string; from?: string }) {
  await trainerOf(ctx, { trainerId });
  const rows = await ctx.db.wholeOrganisation
    .select()
    .from(trainerDaysOff)
    .where(and(eq(trainerDaysOff.trainerId, trainerId), from ? gte(trainerDaysOff.toDate, from) : undefined))
    .orderBy(asc(trainerDaysOff.fromDate));
  return { items: rows.map(toDayOff) };
}

/** A day off of the trainer, or 404 naming `dayOffId`. */
export async function dayOffOf(
  ctx: QueryContext<Scope>,
  { trainerId, dayOffId }: { trainerId: string; dayOffId: string },
) {
  const row = await ctx.db.first(
    trainerDaysOff,
    and(eq(trainerDaysOff.id, dayOffId), eq(trainerDaysOff.trainerId, trainerId)),
  );
  if (!row) throw notFoundAt('dayOffId', 'Day off');
  return row;
}
