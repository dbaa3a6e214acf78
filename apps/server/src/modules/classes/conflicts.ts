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
import { and, eq, gt, inArray, lt, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
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

/** A class's place in the timetable: its room, its teacher and its times. */
const classPlace = {
  id: classes.id,
  roomId: classes.roomId,
  teacherId: classes.teacherId,
  businessDate: classes.businessDate,
  startTime: classes.startTime,
  startsAt: classes.startsAt,
  endsAt: classes.endsAt,
};

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
      ...classPlace,
      durationMinutes: classes.durationMinutes,
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

  const slots = mine.map((c) => ({ roomId: c.roomId, personId: c.teacherId, startsAt: c.startsAt, endsAt: c.endsAt }));
  // Another scheduled class of the same room or teacher whose time overlaps one of these.
  const clash = await classInTheWay(
    ctx,
    and(or(...slots.map((slot) => holding(classSlots, slot))), notInArray(classes.id, [...classIds])),
  );
  if (clash) {
    const inRoom = mine.some(
      (c) => c.roomId === clash.roomId && c.startsAt < clash.endsAt && c.endsAt > clash.startsAt,
    );
    throw takenByClass(clash, mine[0]!.timeZone, inRoom ? 'room' : 'teacher');
  }
  // Booked PT sessions hold their trainer and room: a class may not be planned over one.
  const session = await sessionInTheWay(ctx, or(...slots.map((slot) => holding(sessionSlots, slot))));
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

/** The class's start on its centre's wall clock (its planned start time when it is one). */
function wallTime(at: Date, timeZone: string, planned: string): string {
  const w = wallClock(at, timeZone);
  const t = `${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`;
  return t === planned ? planned : t;
}

/** Where a room or a person is held, from when to when. */
interface Hold {
  roomId: string | null;
  personId: string;
  startsAt: Date;
  endsAt: Date;
}

/** The columns of a timetable (classes or PT sessions) that say what it holds. */
interface HoldColumns {
  roomId: AnyPgColumn;
  personId: AnyPgColumn;
  startsAt: AnyPgColumn;
  endsAt: AnyPgColumn;
}

const classSlots: HoldColumns = {
  roomId: classes.roomId,
  personId: classes.teacherId,
  startsAt: classes.startsAt,
  endsAt: classes.endsAt,
};
const sessionSlots: HoldColumns = {
  roomId: ptSessions.roomId,
  personId: ptSessions.trainerId,
  startsAt: ptSessions.startsAt,
  endsAt: ptSessions.endsAt,
};

/** The rows that hold the slot's person, or its room, at some time of it. Back to back is allowed. */
const holding = (t: HoldColumns, slot: Hold) =>
  and(
    slot.roomId ? or(eq(t.personId, slot.personId), eq(t.roomId, slot.roomId)) : eq(t.personId, slot.personId),
    lt(t.startsAt, slot.endsAt),
    gt(t.endsAt, slot.startsAt),
  );

/**
 * The first scheduled class that `where` finds, with its type's, room's and teacher's names. Of the
 * whole organisation: a teacher may teach at centres the caller does not work in.
 */
async function classInTheWay(ctx: UseCaseContext, where: SQL | undefined) {
  const [cls] = await ctx.db.wholeOrganisation
    .select({
      ...classPlace,
      typeName: classTypes.name,
      roomName: rooms.name,
      teacherName: users.fullName,
    })
    .from(classes)
    .innerJoin(classTypes, eq(classTypes.id, classes.classTypeId))
    .innerJoin(rooms, eq(rooms.id, classes.roomId))
    .innerJoin(users, eq(users.id, classes.teacherId))
    .where(and(eq(classes.status, 'scheduled'), where))
    .orderBy(classes.startsAt)
    .limit(1);
  return cls;
}

/** The refusal of a slot a class holds: the room it is in, else its teacher (`who` the slot's person). */
function takenByClass(
  cls: NonNullable<Awaited<ReturnType<typeof classInTheWay>>>,
  timeZone: string,
  who: 'room' | 'teacher' | 'trainer',
): AppError {
  const conflict: ConflictingClass = {
    classId: cls.id,
    name: cls.typeName,
    date: cls.businessDate,
    startTime: wallTime(cls.startsAt, timeZone, cls.startTime),
    room: { id: cls.roomId, name: cls.roomName },
    teacher: { id: cls.teacherId, name: cls.teacherName },
  };
  const what = `${cls.typeName} on ${cls.businessDate} at ${conflict.startTime}`;
  return who === 'room'
    ? refusal('roomId', CLASS_CODES.roomBusy, `The room is taken by ${what}`, conflict)
    : refusal(`${who}Id`, `${who}_busy`, `The ${who} teaches ${what}`, conflict);
}

/** The first booked PT session that `where` finds, of the whole organisation. */
async function sessionInTheWay(ctx: UseCaseContext, where: SQL | undefined) {
  const [session] = await ctx.db.wholeOrganisation
    .select({
      roomId: ptSessions.roomId,
      trainerId: ptSessions.trainerId,
      date: ptSessions.businessDate,
      start: ptSessions.startTime,
    })
    .from(ptSessions)
    .where(and(eq(ptSessions.status, 'booked'), where))
    .orderBy(ptSessions.startsAt)
    .limit(1);
  return session;
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
  const hold: Hold = { roomId: slot.roomId, personId: slot.trainerId, startsAt: slot.startsAt, endsAt: slot.endsAt };
  const cls = await classInTheWay(ctx, holding(classSlots, hold));
  if (cls) throw takenByClass(cls, slot.timeZone, cls.teacherId === slot.trainerId ? 'trainer' : 'room');
  const session = await sessionInTheWay(
    ctx,
    and(
      holding(sessionSlots, hold),
      slot.exceptSessionId ? sql`${ptSessions.id} <> ${slot.exceptSessionId}` : undefined,
    ),
  );
  if (session) {
    throw session.trainerId === slot.trainerId
      ? refusal('trainerId', 'trainer_busy', `The trainer has another session on ${session.date} at ${session.start}`)
      : refusal('roomId', 'room_busy', `The room is taken by another session on ${session.date} at ${session.start}`);
  }
}
