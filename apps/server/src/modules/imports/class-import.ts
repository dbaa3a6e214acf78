/**
 * Timetable import (`/class-import`): the file read and checked in the import worker (`class-rows.ts`),
 * then against the classes already stored; the commit writes every class or none in ONE transaction
 * (a term of 2,000 classes takes about a second), streaming a progress line after each batch.
 */
import {
  type ClassImportPreview,
  type ClassImportRequest,
  CLASS_IMPORT_CODES as CODES,
} from '@gym/contract/class-imports';
import { IMPORT_MAX_ERRORS, IMPORT_SAMPLE_ROWS, type ImportRowError } from '@gym/contract/imports';
import { today as businessToday, wallClock } from '@gym/contract/time';
import { and, asc, eq, gt, inArray, lt, ne, or } from 'drizzle-orm';
import { centers, classes, classTypes, ptSessions, rooms, userCenters, users } from '../../db/schema/index.ts';
import { checkUsableCenter, type TenantDb } from '../../lib/tenant-db.ts';
import type { QueryContext } from '../../lib/use-case.ts';
import { type ClassRowsContext, type PreparedClass, sampleOf } from './class-rows.ts';
import { parseInWorker } from './parse-file.ts';

export interface AnalysedClassImport {
  preview: ClassImportPreview;
  /** The rows that passed every check (all of them when `errors` is empty). */
  classes: PreparedClass[];
  errors: ImportRowError[];
}

/** What the rows are matched against: the organisation's centres, active rooms, teaching staff and class types. */
async function rowsContext(
  ctx: QueryContext,
  { defaultCenterId }: { defaultCenterId: string },
): Promise<ClassRowsContext> {
  const { auth } = ctx;
  // Everything of the organisation: rows naming what the caller may not use are refused by the rows' checks.
  const tx = ctx.db.wholeOrganisation;
  const [centerRows, roomRows, staff, links, types] = await Promise.all([
    tx
      .select({
        id: centers.id,
        code: centers.code,
        timeZone: centers.timeZone,
        openingHours: centers.openingHours,
        active: centers.active,
      })
      .from(centers)
      .orderBy(asc(centers.createdAt), asc(centers.code)),
    tx.select({ id: rooms.id, centerId: rooms.centerId, name: rooms.name }).from(rooms).where(eq(rooms.active, true)),
    tx
      .select({ id: users.id, name: users.fullName, email: users.email, allCenters: users.allCenters })
      .from(users)
      .where(and(eq(users.active, true), ne(users.role, 'client'))),
    tx
      .select({ userId: userCenters.userId, centerId: userCenters.centerId })
      .from(userCenters)
      .innerJoin(users, eq(users.id, userCenters.userId)),
    tx
      .select({
        id: classTypes.id,
        name: classTypes.name,
        active: classTypes.active,
        durationMinutes: classTypes.durationMinutes,
        capacity: classTypes.capacity,
        credits: classTypes.credits,
      })
      .from(classTypes),
  ]);
  const mayUse = (id: string) => auth.centerIds === null || auth.centerIds.includes(id);
  // The one centre rule: a centre the caller may not use does not exist for them; a closed one plans nothing.
  checkUsableCenter(
    centerRows.find((c) => c.id === defaultCenterId && mayUse(c.id)),
    'defaultCenterId',
  );
  const now = ctx.clock.now();
  return {
    centers: centerRows.map(({ active, ...c }) => ({
      ...c,
      allowed: active && mayUse(c.id),
      today: businessToday(c.timeZone, now),
    })),
    defaultCenterId,
    rooms: roomRows,
    teachers: staff.map((s) => ({
      id: s.id,
      name: s.name,
      email: s.email,
      centerIds: s.allCenters ? null : links.filter((l) => l.userId === s.id).map((l) => l.centerId),
    })),
    types,
  };
}

const hhmm = (at: Date, timeZone: string) => {
  const w = wallClock(at, timeZone);
  return `${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`;
};

/**
 * Rows that overlap a scheduled class (or a booked PT session) already stored in the same room or
 * with the same teacher: one read of the stored classes of those rooms and teachers between the file's first start and last
 * end, compared in memory. The error names the class in the way.
 */
export async function overlapsWithStored(db: TenantDb, rows: readonly PreparedClass[]): Promise<ImportRowError[]> {
  // The stored timetable of every centre of the organisation: a room or teacher is busy wherever.
  const tx = db.wholeOrganisation;
  if (rows.length === 0) return [];
  const roomIds = [...new Set(rows.map((r) => r.roomId))];
  const teacherIds = [...new Set(rows.map((r) => r.teacherId))];
  const from = rows.reduce((m, r) => (r.startsAt < m ? r.startsAt : m), rows[0]!.startsAt);
  const to = rows.reduce((m, r) => (r.endsAt > m ? r.endsAt : m), rows[0]!.endsAt);
  const stored = await tx
    .select({
      roomId: classes.roomId,
      teacherId: classes.teacherId,
      date: classes.businessDate,
      startsAt: classes.startsAt,
      endsAt: classes.endsAt,
      name: classTypes.name,
      timeZone: centers.timeZone,
    })
    .from(classes)
    .innerJoin(classTypes, eq(classTypes.id, classes.classTypeId))
    .innerJoin(centers, eq(centers.id, classes.centerId))
    .where(
      and(
        eq(classes.status, 'scheduled'),
        lt(classes.startsAt, new Date(to)),
        gt(classes.endsAt, new Date(from)),
        or(inArray(classes.roomId, roomIds), inArray(classes.teacherId, teacherIds)),
      ),
    )
    .orderBy(asc(classes.startsAt));
  const byRoom = new Map<string, typeof stored>();
  const byTeacher = new Map<string, typeof stored>();
  for (const s of stored) {
    byRoom.set(s.roomId, [...(byRoom.get(s.roomId) ?? []), s]);
    byTeacher.set(s.teacherId, [...(byTeacher.get(s.teacherId) ?? []), s]);
  }
  // Booked PT sessions hold their trainer and room too (the classes' timetable rule, both ways).
  const sessions = await tx
    .select({
      roomId: ptSessions.roomId,
      trainerId: ptSessions.trainerId,
      date: ptSessions.businessDate,
      time: ptSessions.startTime,
      startsAt: ptSessions.startsAt,
      endsAt: ptSessions.endsAt,
    })
    .from(ptSessions)
    .where(
      and(
        eq(ptSessions.status, 'booked'),
        lt(ptSessions.startsAt, new Date(to)),
        gt(ptSessions.endsAt, new Date(from)),
        or(inArray(ptSessions.roomId, roomIds), inArray(ptSessions.trainerId, teacherIds)),
      ),
    );
  const errors: ImportRowError[] = [];
  for (const r of rows) {
    const starts = new Date(r.startsAt);
    const ends = new Date(r.endsAt);
    const hit = (list: typeof stored | undefined) => list?.find((s) => s.startsAt < ends && s.endsAt > starts);
    const inRoom = hit(byRoom.get(r.roomId));
    const clash = inRoom ?? hit(byTeacher.get(r.teacherId));
    if (!clash) {
      const pt = sessions.find(
        (p) => (p.roomId === r.roomId || p.trainerId === r.teacherId) && p.startsAt < ends && p.endsAt > starts,
      );
      if (pt) {
        const room = pt.roomId === r.roomId;
        errors.push({
          row: r.row,
          field: room ? 'room' : 'teacher',
          code: room ? CODES.roomBusyPt : CODES.teacherBusyPt,
          message: `${room ? 'The room' : 'The teacher'} has a PT session on ${pt.date} at ${pt.time}`,
          params: { value: room ? r.roomName : r.teacherName, date: pt.date, time: pt.time },
        });
      }
      continue;
    }
    const time = hhmm(clash.startsAt, clash.timeZone);
    errors.push({
      row: r.row,
      field: inRoom ? 'room' : 'teacher',
      code: inRoom ? CODES.roomBusy : CODES.teacherBusy,
      message: inRoom
        ? `The room is taken by ${clash.name} on ${clash.date} at ${time}`
        : `The teacher teaches ${clash.name} on ${clash.date} at ${time}`,
      params: { value: inRoom ? r.roomName : r.teacherName, name: clash.name, date: clash.date, time },
    });
  }
  return errors;
}

/** Reads the file, maps it (the given mapping or one proposed from the headers) and checks every row. Writes nothing. */
export async function analyseClassImport(ctx: QueryContext, request: ClassImportRequest): Promise<AnalysedClassImport> {
  const context = await rowsContext(ctx, { defaultCenterId: request.defaultCenterId });
  const { headers, mapping, prepared } = await parseInWorker({
    kind: 'classes',
    fileName: request.fileName,
    format: request.format,
    data: request.data,
    mapping: request.mapping,
    context,
  });
  const stored = await overlapsWithStored(ctx.db, prepared.classes);
  const bad = new Set(stored.map((e) => e.row));
  const valid = prepared.classes.filter((c) => !bad.has(c.row));
  const errors = [...prepared.errors, ...stored].sort((a, b) => a.row - b.row);
  const dates = valid.map((c) => c.date).sort();
  return {
    classes: valid,
    errors,
    preview: {
      headers,
      mapping,
      totalRows: prepared.totalRows,
      validRows: valid.length,
      errorCount: errors.length,
      errors: errors.slice(0, IMPORT_MAX_ERRORS),
      firstDate: dates[0] ?? null,
      lastDate: dates.at(-1) ?? null,
      sample: valid.slice(0, IMPORT_SAMPLE_ROWS).map(sampleOf),
    },
  };
}

/** Thrown inside the commit's transaction when a class was stored meanwhile in a slot of the file. */
export class TimetableTakenError extends Error {
  override readonly name = 'TimetableTakenError';
  constructor(readonly errors: ImportRowError[]) {
    super('timetable_taken');
  }
}
