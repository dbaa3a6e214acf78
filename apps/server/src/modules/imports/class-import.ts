/**
 * Timetable import (`/class-import`): the file read and checked in the import worker (`class-rows.ts`),
 * then against the classes already stored; the commit writes every class or none in ONE transaction
 * (a term of 2,000 classes takes about a second), streaming a progress line after each batch.
 */
import {
  CLASS_IMPORT_BATCH,
  type ClassImportPreview,
  type ClassImportProgressLine,
  type ClassImportRequest,
  CLASS_IMPORT_CODES as CODES,
} from '@gym/contract/class-imports';
import { IMPORT_MAX_ERRORS, IMPORT_SAMPLE_ROWS, type ImportRowError } from '@gym/contract/imports';
import { today as businessToday, wallClock } from '@gym/contract/time';
import { and, asc, eq, gt, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { centers, classes, classTypes, ptSessions, rooms, userCenters, users } from '../../db/schema/index.ts';
import type { AuthContext } from '../../lib/access.ts';
import { audit } from '../../lib/audit.ts';
import { checkUsableCenter } from '../../lib/tenant-db.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { emitClassChanged, lockTimetables } from '../classes/index.ts';
import { type ClassRowsContext, IMPORTED_CLASS_WINDOWS, type PreparedClass, sampleOf } from './class-rows.ts';
import { parseInWorker } from './parse-file.ts';

export interface AnalysedClassImport {
  preview: ClassImportPreview;
  /** The rows that passed every check (all of them when `errors` is empty). */
  classes: PreparedClass[];
  errors: ImportRowError[];
}

/** What the rows are matched against: the organisation's centres, active rooms, teaching staff and class types. */
async function rowsContext(tx: DbOrTx, auth: AuthContext, defaultCenterId: string): Promise<ClassRowsContext> {
  const org = auth.organisationId;
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
      .where(eq(centers.organisationId, org))
      .orderBy(asc(centers.createdAt), asc(centers.code)),
    tx
      .select({ id: rooms.id, centerId: rooms.centerId, name: rooms.name })
      .from(rooms)
      .where(and(eq(rooms.organisationId, org), eq(rooms.active, true))),
    tx
      .select({ id: users.id, name: users.fullName, email: users.email, allCenters: users.allCenters })
      .from(users)
      .where(and(eq(users.organisationId, org), eq(users.active, true), ne(users.role, 'client'))),
    tx
      .select({ userId: userCenters.userId, centerId: userCenters.centerId })
      .from(userCenters)
      .innerJoin(users, eq(users.id, userCenters.userId))
      .where(eq(users.organisationId, org)),
    tx
      .select({
        id: classTypes.id,
        name: classTypes.name,
        active: classTypes.active,
        durationMinutes: classTypes.durationMinutes,
        capacity: classTypes.capacity,
        credits: classTypes.credits,
      })
      .from(classTypes)
      .where(eq(classTypes.organisationId, org)),
  ]);
  const mayUse = (id: string) => auth.centerIds === null || auth.centerIds.includes(id);
  // The one centre rule: a centre the caller may not use does not exist for them; a closed one plans nothing.
  checkUsableCenter(
    centerRows.find((c) => c.id === defaultCenterId && mayUse(c.id)),
    'defaultCenterId',
  );
  const now = new Date();
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
export async function overlapsWithStored(
  tx: DbOrTx,
  auth: AuthContext,
  rows: readonly PreparedClass[],
): Promise<ImportRowError[]> {
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
        eq(classes.organisationId, auth.organisationId),
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
        eq(ptSessions.organisationId, auth.organisationId),
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
export async function analyseClassImport(
  tx: DbOrTx,
  auth: AuthContext,
  request: ClassImportRequest,
): Promise<AnalysedClassImport> {
  const context = await rowsContext(tx, auth, request.defaultCenterId);
  const { headers, mapping, prepared } = await parseInWorker({
    kind: 'classes',
    fileName: request.fileName,
    format: request.format,
    data: request.data,
    mapping: request.mapping,
    context,
  });
  const stored = await overlapsWithStored(tx, auth, prepared.classes);
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

/**
 * Writes the checked classes in the command's transaction: the rooms' and teachers' timetables are
 * locked first (as every class command does), the stored timetable is checked again under the locks
 * (a class planned since the check would otherwise slip in), then the classes go in in batches with
 * a progress line after each. A failure anywhere rolls every class back.
 */
export async function writeImportedClasses(
  ctx: UseCaseContext,
  {
    rows,
    progress,
    fileName,
  }: { rows: readonly PreparedClass[]; progress: (line: ClassImportProgressLine) => void; fileName: string },
): Promise<{ imported: number; firstDate: string; lastDate: string }> {
  const total = rows.length;
  progress({ type: 'progress', done: 0, total });
  await lockTimetables(
    ctx.tx,
    rows.flatMap((r) => [r.roomId, r.teacherId]),
  );
  const taken = await overlapsWithStored(ctx.tx, ctx.auth, rows);
  if (taken.length > 0) throw new TimetableTakenError(taken);
  let done = 0;
  const idsByCenter = new Map<string, string[]>();
  for (let start = 0; start < total; start += CLASS_IMPORT_BATCH) {
    const batch = rows.slice(start, start + CLASS_IMPORT_BATCH).map((r) => ({
      seriesId: null,
      centerId: r.centerId,
      roomId: r.roomId,
      teacherId: r.teacherId,
      classTypeId: r.classTypeId,
      businessDate: r.date,
      startTime: r.startTime,
      durationMinutes: r.durationMinutes,
      startsAt: new Date(r.startsAt),
      endsAt: new Date(r.endsAt),
      capacity: r.capacity,
      credits: r.credits,
      mode: r.mode,
      notes: r.notes,
      ...IMPORTED_CLASS_WINDOWS,
    }));
    const inserted = await ctx.db.insert(classes, batch);
    inserted.forEach((c, k) => {
      idsByCenter.set(batch[k]!.centerId, [...(idsByCenter.get(batch[k]!.centerId) ?? []), c.id]);
    });
    done += batch.length;
    progress({ type: 'progress', done, total });
  }
  const dates = rows.map((r) => r.date).sort();
  const firstDate = dates[0]!;
  const lastDate = dates.at(-1)!;
  const centerIds = [...new Set(rows.map((r) => r.centerId))];
  await audit(ctx.tx, ctx.auth, null, {
    action: 'class.imported',
    entityType: 'class',
    entityId: null,
    centerId: centerIds.length === 1 ? centerIds[0]! : null,
    summary: `${total} classes from ${fileName}, ${firstDate} to ${lastDate}`,
    after: { fileName, imported: total, firstDate, lastDate, centers: centerIds.length },
  });
  for (const [centerId, ids] of idsByCenter) emitClassChanged(ctx, { centerId, change: 'imported', classIds: ids });
  // Planner statistics of a table that just grew by a term: the class list's plans stay right.
  if (total >= 1_000) await ctx.tx.execute(sql`analyze classes`);
  return { imported: total, firstDate, lastDate };
}
