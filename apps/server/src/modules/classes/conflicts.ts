/**
 * What may not happen to a timetable: a room or a teacher in two classes at once, a class in a
 * room with fewer seats than the members already booked into it, or a class outside its centre's
 * opening hours. Checked on the timetable as the command leaves it (after its writes, before its
 * commit), so one check serves a new class, a new series, a move in the calendar and every edit
 * scope; a refusal rolls the whole command back. The rooms and teachers concerned are locked for
 * the rest of the transaction first (advisory locks, in one order), so two commands cannot each
 * see the other's slot free. A trainer's PT sessions (modules/pt) take their room and trainer too:
 * a class is refused over a booked session, and `assertSlotFree` refuses a session over a class or
 * another session, under the same locks.
 */
import { CLASS_CODES } from '@gym/contract/classes';
import { parseBusinessDate, wallClock } from '@gym/contract/time';
import { and, eq, gt, inArray, lt, notInArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { bookings, centers, classes, classTypes, ptSessions, rooms, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';

/** First key of the advisory locks of a room's or a teacher's timetable. */
const TIMETABLE_LOCK = 0x636c73; // 'cls'

/** The class in the way, as a refusal names it (`details.conflict`). */
export interface ConflictingClass {
  classId: string;
  name: string;
  date: string;
  startTime: string;
  room: { id: string; name: string };
  teacher: { id: string; name: string };
}

/**
 * Locks the timetables of these rooms and teachers (ids) until the transaction ends, in one order,
 * so that two commands planning into the same slot run one after the other.
 */
export async function lockTimetables(tx: Pick<Tx, 'execute'>, ids: readonly string[]): Promise<void> {
  for (const key of [...new Set(ids)].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(${TIMETABLE_LOCK}, hashtext(${key}))`);
  }
}

/** The handle the timetables' advisory locks are taken on (a lock names no table). */
const timetableLocks = (ctx: Pick<UseCaseContext, 'db'>) =>
  ctx.db.unscoped('advisory locks of rooms and teachers name no table');

const refusal = (path: string, code: string, message: string, conflict?: ConflictingClass) =>
  new AppError(409, 'conflict', message, [{ path, code, message }], undefined, conflict ? { conflict } : undefined);

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * Refuses (409, the field and the class in the way) when the scheduled classes `classIds` clash
 * with another class of their room or teacher, outgrow their room, or fall outside opening hours;
 * refuses (422 on `capacity`) a class with more places than its room.
 */
export async function assertTimetableFree(ctx: UseCaseContext, classIds: readonly string[]): Promise<void> {
  if (classIds.length === 0) return;
  const mine = await ctx.db
    .select({
      id: classes.id,
      roomId: classes.roomId,
      teacherId: classes.teacherId,
      businessDate: classes.businessDate,
      startTime: classes.startTime,
      durationMinutes: classes.durationMinutes,
      startsAt: classes.startsAt,
      endsAt: classes.endsAt,
      openingHours: centers.openingHours,
      timeZone: centers.timeZone,
      roomCapacity: rooms.capacity,
      capacity: classes.capacity,
    })
    .from(classes)
    .innerJoin(centers, eq(centers.id, classes.centerId))
    .innerJoin(rooms, eq(rooms.id, classes.roomId))
    .where(and(inArray(classes.id, [...classIds]), eq(classes.status, 'scheduled')));
  if (mine.length === 0) return;

  await lockTimetables(
    timetableLocks(ctx),
    mine.flatMap((c) => [c.roomId, c.teacherId]),
  );

  const over = mine.find((c) => c.capacity > c.roomCapacity);
  if (over) {
    const message = `This room has ${over.roomCapacity} places: a class in it has at most as many`;
    throw new AppError(
      422,
      'business_rule',
      message,
      [{ path: 'capacity', code: CLASS_CODES.capacityOverRoom, message }],
      undefined,
      { places: over.roomCapacity },
    );
  }

  for (const c of mine) {
    const hours = c.openingHours ?? [];
    if (hours.length === 0) continue;
    const { year, month, day } = parseBusinessDate(c.businessDate);
    const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
    const open = hours.find((h) => h.day === weekday);
    const start = minutesOf(c.startTime);
    const end = start + c.durationMinutes;
    if (!open || open.closed || start < minutesOf(open.open) || end > minutesOf(open.close)) {
      throw refusal(
        'startTime',
        CLASS_CODES.outsideOpeningHours,
        `The centre is not open for the whole class on ${c.businessDate} at ${c.startTime}`,
      );
    }
  }

  const taken = await ctx.db
    .select({ classId: bookings.classId, n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(inArray(bookings.classId, [...classIds]), sql`${bookings.status} in ('booked','attended')`))
    .groupBy(bookings.classId);
  for (const t of taken) {
    const c = mine.find((m) => m.id === t.classId);
    if (c && Number(t.n) > c.roomCapacity) {
      throw refusal('roomId', CLASS_CODES.roomTooSmall, 'This room has fewer places than the members booked');
    }
  }

  // Another scheduled class of the same room or teacher whose time overlaps one of these.
  const other = alias(classes, 'other');
  const overlap = or(
    ...mine.map((c) =>
      and(
        or(eq(other.roomId, c.roomId), eq(other.teacherId, c.teacherId)),
        lt(other.startsAt, c.endsAt),
        gt(other.endsAt, c.startsAt),
      ),
    ),
  );
  // Of the whole organisation: a teacher may teach at centres the caller does not work in.
  const [clash] = await ctx.db.wholeOrganisation
    .select({
      id: other.id,
      roomId: other.roomId,
      teacherId: other.teacherId,
      businessDate: other.businessDate,
      startTime: other.startTime,
      startsAt: other.startsAt,
      endsAt: other.endsAt,
      typeName: classTypes.name,
      roomName: rooms.name,
      teacherName: users.fullName,
    })
    .from(other)
    .innerJoin(classTypes, eq(classTypes.id, other.classTypeId))
    .innerJoin(rooms, eq(rooms.id, other.roomId))
    .innerJoin(users, eq(users.id, other.teacherId))
    .where(and(eq(other.status, 'scheduled'), overlap, notInArray(other.id, [...classIds])))
    .orderBy(other.startsAt)
    .limit(1);
  if (!clash) {
    await assertNoPtSessionUnder(ctx, mine);
    return;
  }
  const sameRoom = mine.some(
    (c) => c.roomId === clash.roomId && c.startsAt < clash.endsAt && c.endsAt > clash.startsAt,
  );
  const conflict: ConflictingClass = {
    classId: clash.id,
    name: clash.typeName,
    date: clash.businessDate,
    startTime: wallTime(clash.startsAt, mine[0]!.timeZone, clash.startTime),
    room: { id: clash.roomId, name: clash.roomName },
    teacher: { id: clash.teacherId, name: clash.teacherName },
  };
  throw sameRoom
    ? refusal(
        'roomId',
        CLASS_CODES.roomBusy,
        `The room is taken by ${clash.typeName} on ${clash.businessDate} at ${conflict.startTime}`,
        conflict,
      )
    : refusal(
        'teacherId',
        CLASS_CODES.teacherBusy,
        `The teacher teaches ${clash.typeName} on ${clash.businessDate} at ${conflict.startTime}`,
        conflict,
      );
}

/** The class's start on its centre's wall clock (its planned start time when it is one). */
function wallTime(at: Date, timeZone: string, planned: string): string {
  const w = wallClock(at, timeZone);
  const t = `${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`;
  return t === planned ? planned : t;
}

/** Booked PT sessions hold their trainer and room: a class may not be planned over one. */
async function assertNoPtSessionUnder(
  ctx: UseCaseContext,
  mine: readonly { roomId: string; teacherId: string; startsAt: Date; endsAt: Date }[],
): Promise<void> {
  const overlap = or(
    ...mine.map((c) =>
      and(
        or(eq(ptSessions.roomId, c.roomId), eq(ptSessions.trainerId, c.teacherId)),
        lt(ptSessions.startsAt, c.endsAt),
        gt(ptSessions.endsAt, c.startsAt),
      ),
    ),
  );
  const [session] = await ctx.db.wholeOrganisation
    .select({
      roomId: ptSessions.roomId,
      trainerId: ptSessions.trainerId,
      date: ptSessions.businessDate,
      start: ptSessions.startTime,
    })
    .from(ptSessions)
    .where(and(eq(ptSessions.status, 'booked'), overlap))
    .orderBy(ptSessions.startsAt)
    .limit(1);
  if (!session) return;
  const sameTeacher = mine.some((c) => c.teacherId === session.trainerId);
  // `details.conflict.kind` tells the screens the slot is held by a PT session, not a class.
  const details = { conflict: { kind: 'pt_session', date: session.date, startTime: session.start } };
  const [path, code, message] = sameTeacher
    ? [
        'teacherId',
        CLASS_CODES.teacherBusy,
        `The teacher has a personal training session on ${session.date} at ${session.start}`,
      ]
    : [
        'roomId',
        CLASS_CODES.roomBusy,
        `The room is taken by a personal training session on ${session.date} at ${session.start}`,
      ];
  throw new AppError(409, 'conflict', message, [{ path, code, message }], undefined, details);
}

/** A PT session's place in the timetable: its trainer, its room (if any) and its instants. */
export interface TimetableSlot {
  trainerId: string;
  roomId: string | null;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  /** The session itself, when it is being moved. */
  exceptSessionId?: string;
}

/**
 * Locks the trainer's and the room's timetables and refuses (409, `trainerId` / `roomId`, code
 * `trainer_busy` / `room_busy`) when a scheduled class (the trainer teaching it, or in the room) or
 * another booked PT session of the trainer or the room overlaps the slot. Back to back is allowed.
 */
export async function assertSlotFree(ctx: UseCaseContext, slot: TimetableSlot): Promise<void> {
  await lockTimetables(timetableLocks(ctx), slot.roomId ? [slot.trainerId, slot.roomId] : [slot.trainerId]);
  const byClass = slot.roomId
    ? or(eq(classes.teacherId, slot.trainerId), eq(classes.roomId, slot.roomId))
    : eq(classes.teacherId, slot.trainerId);
  // Of the whole organisation: a trainer may teach at centres the caller does not work in.
  const [cls] = await ctx.db.wholeOrganisation
    .select({
      id: classes.id,
      roomId: classes.roomId,
      teacherId: classes.teacherId,
      businessDate: classes.businessDate,
      startTime: classes.startTime,
      startsAt: classes.startsAt,
      typeName: classTypes.name,
      roomName: rooms.name,
      teacherName: users.fullName,
    })
    .from(classes)
    .innerJoin(classTypes, eq(classTypes.id, classes.classTypeId))
    .innerJoin(rooms, eq(rooms.id, classes.roomId))
    .innerJoin(users, eq(users.id, classes.teacherId))
    .where(
      and(
        eq(classes.status, 'scheduled'),
        byClass,
        lt(classes.startsAt, slot.endsAt),
        gt(classes.endsAt, slot.startsAt),
      ),
    )
    .orderBy(classes.startsAt)
    .limit(1);
  if (cls) {
    const conflict: ConflictingClass = {
      classId: cls.id,
      name: cls.typeName,
      date: cls.businessDate,
      startTime: wallTime(cls.startsAt, slot.timeZone, cls.startTime),
      room: { id: cls.roomId, name: cls.roomName },
      teacher: { id: cls.teacherId, name: cls.teacherName },
    };
    throw cls.teacherId === slot.trainerId
      ? refusal(
          'trainerId',
          'trainer_busy',
          `The trainer teaches ${cls.typeName} on ${cls.businessDate} at ${conflict.startTime}`,
          conflict,
        )
      : refusal(
          'roomId',
          'room_busy',
          `The room is taken by ${cls.typeName} on ${cls.businessDate} at ${conflict.startTime}`,
          conflict,
        );
  }
  const bySession = slot.roomId
    ? or(eq(ptSessions.trainerId, slot.trainerId), eq(ptSessions.roomId, slot.roomId))
    : eq(ptSessions.trainerId, slot.trainerId);
  const [session] = await ctx.db.wholeOrganisation
    .select({ trainerId: ptSessions.trainerId, date: ptSessions.businessDate, start: ptSessions.startTime })
    .from(ptSessions)
    .where(
      and(
        eq(ptSessions.status, 'booked'),
        bySession,
        lt(ptSessions.startsAt, slot.endsAt),
        gt(ptSessions.endsAt, slot.startsAt),
        slot.exceptSessionId ? sql`${ptSessions.id} <> ${slot.exceptSessionId}` : undefined,
      ),
    )
    .orderBy(ptSessions.startsAt)
    .limit(1);
  if (session) {
    throw session.trainerId === slot.trainerId
      ? refusal('trainerId', 'trainer_busy', `The trainer has another session on ${session.date} at ${session.start}`)
      : refusal('roomId', 'room_busy', `The room is taken by another session on ${session.date} at ${session.start}`);
  }
}
