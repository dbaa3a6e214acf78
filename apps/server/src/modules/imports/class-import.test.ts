import { DEFAULT_OPENING_HOURS } from '@gym/contract/centers';
import type { ClassImportProgressLine } from '@gym/contract/class-imports';
import { addDays, occurrenceTimes } from '@gym/contract/time';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centers, classes, domainEvents, ptSessions, rooms, users } from '../../db/schema/index.ts';
import type { AuthContext } from '../../lib/access.ts';
import { queryContext, runCommand } from '../../lib/use-case.ts';
import { type ClassesFixture, classesFixture } from '../../test/classes-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { analyseClassImport, TimetableTakenError } from './class-import.ts';
import { base64, csvText, xlsxBase64 } from './import-fixtures.ts';
import { writeImportedClasses } from './write-imported-classes.ts';

let ctx: TestContext;
let f: ClassesFixture;
let teacherEmail: string;
let admin: { authorization: string };
let adminId: string;

const HEADER = ['Date', 'Start', 'End', 'Class type', 'Room', 'Teacher'];

beforeAll(async () => {
  ctx = await createTestContext();
  f = await classesFixture(ctx);
  const adminUser = await f.org.newUser({ role: 'admin' });
  adminId = adminUser.id;
  admin = ctx.bearer(await adminUser.login());
  const [teacher] = await ctx.database.db.select().from(users).where(eq(users.id, f.teacherId));
  teacherEmail = teacher!.email;
});
afterAll(() => ctx?.close());

const day = (n: number) => addDays(f.today(), n);
const body = (rows: readonly (readonly string[])[], extra: Record<string, unknown> = {}) => ({
  fileName: 'term.csv',
  format: 'csv',
  data: base64(`\ufeff${csvText(rows)}`),
  defaultCenterId: f.centerA,
  ...extra,
});
const preview = (payload: object, headers = f.manager) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/pro/imports/classes/preview', headers, payload });
const commit = (payload: object, headers = f.manager) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/pro/imports/classes/commit', headers, payload });
const lines = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as ClassImportProgressLine);
const classCount = async () =>
  (await ctx.database.db.select().from(classes).where(eq(classes.organisationId, f.org.id))).length;

/** A room of its own per test, so that tests never share a slot. */
async function newRoom(name: string, centerId = f.centerA) {
  const [room] = await ctx.database.db
    .insert(rooms)
    .values({ organisationId: f.org.id, centerId, name, capacity: 30 })
    .returning();
  return room!;
}

describe('timetable import: preview', () => {
  it('proposes the mapping from German and Chinese headers and shows the classes as they would be stored', async () => {
    const room = await newRoom('Raum Süd');
    const before = await classCount();
    const res = await preview(
      body([
        ['Datum', '開始時間', 'Ende', 'Kursart', 'Raum', '導師', 'Plätze', 'Notizen'],
        [day(3), '9:30', '10:15', 'yoga', 'raum süd', teacherEmail, '12', 'Bring a mat'],
        [day(4), '6:00 pm', '', 'Yoga', 'Raum Süd', teacherEmail.toUpperCase(), '', ''],
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json();
    expect(p.mapping).toEqual({
      Datum: 'date',
      開始時間: 'startTime',
      Ende: 'endTime',
      Kursart: 'classType',
      Raum: 'room',
      導師: 'teacher',
      Plätze: 'capacity',
      Notizen: 'notes',
    });
    expect(p).toMatchObject({ totalRows: 2, validRows: 2, errorCount: 0, firstDate: day(3), lastDate: day(4) });
    expect(p.sample).toEqual([
      expect.objectContaining({
        row: 1,
        date: day(3),
        startTime: '09:30',
        endTime: '10:15',
        room: room.name,
        classType: 'Yoga',
        capacity: 12,
      }),
      // No end time: the class type's 60 minutes; no capacity: the type's 20.
      expect.objectContaining({ row: 2, date: day(4), startTime: '18:00', endTime: '19:00', capacity: 20, credits: 1 }),
    ]);
    expect(await classCount()).toBe(before);
  });

  it('names every bad row with its field, value and reason, and imports nothing', async () => {
    const room = await newRoom('Bad Rows Room');
    const other = await newRoom('Other Centre Room', f.org.centers[1]!.id);
    const stored = await f.newClass({ roomId: room.id, date: day(6), startTime: '10:00' });
    const before = await classCount();
    const rows = [
      HEADER,
      [day(5), '10:00', '11:00', 'Yoga', 'Nowhere', teacherEmail], // 1 unknown room
      [day(5), '10:00', '11:00', 'Yoga', room.name, 'nobody@example.com'], // 2 unknown teacher
      [day(5), '10:00', '11:00', 'Zumba', room.name, teacherEmail], // 3 unknown type
      ['31/02/2031', '10:00', '11:00', 'Yoga', room.name, teacherEmail], // 4 bad date
      [day(5), '25:00', '', 'Yoga', room.name, teacherEmail], // 5 bad time
      [day(-1), '10:00', '11:00', 'Yoga', room.name, teacherEmail], // 6 a day that has passed
      [day(7), '10:00', '11:00', 'Yoga', room.name, teacherEmail], // 7 fine
      [day(7), '10:30', '11:30', 'Yoga', room.name, teacherEmail], // 8 overlaps row 7
      [day(6), '10:30', '11:00', 'Yoga', room.name, teacherEmail], // 9 the stored class's room
      [day(8), '10:00', '11:00', 'Yoga', other.name, teacherEmail], // 10 a room of centre B
      [day(8), '10:00', '11:00', 'Yoga', room.name, `trainer of ${f.org.initial}`], // 11 several trainers have this name
      [day(8), '', '11:00', 'Yoga', room.name, teacherEmail], // 12 no start
    ];
    const res = await preview(body(rows));
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json();
    const byRow = Object.fromEntries(
      (p.errors as { row: number; field: string; code: string; params?: Record<string, unknown> }[]).map((e) => [
        e.row,
        e,
      ]),
    );
    expect(byRow[1]).toMatchObject({ field: 'room', code: 'unknown_room', params: { value: 'Nowhere' } });
    expect(byRow[2]).toMatchObject({
      field: 'teacher',
      code: 'unknown_teacher',
      params: { value: 'nobody@example.com' },
    });
    expect(byRow[3]).toMatchObject({ field: 'classType', code: 'unknown_type', params: { value: 'Zumba' } });
    expect(byRow[4]).toMatchObject({ field: 'date', code: 'date_invalid', params: { value: '31/02/2031' } });
    expect(byRow[5]).toMatchObject({ field: 'startTime', code: 'time_invalid', params: { value: '25:00' } });
    expect(byRow[6]).toMatchObject({ field: 'date', code: 'date_past' });
    expect(byRow[7]).toBeUndefined();
    expect(byRow[8]).toMatchObject({ field: 'room', code: 'overlaps_row', params: { otherRow: 7 } });
    expect(byRow[9]).toMatchObject({
      field: 'room',
      code: 'room_busy',
      params: { name: 'Yoga', date: day(6), time: '10:00' },
    });
    expect(byRow[10]).toMatchObject({ field: 'room', code: 'room_not_in_centre' });
    expect(byRow[11]).toMatchObject({ field: 'teacher', code: 'teacher_ambiguous' });
    expect(byRow[12]).toMatchObject({ field: 'startTime', code: 'required' });
    expect(p.validRows).toBe(1);
    expect(p.errorCount).toBe(11);
    expect(stored.class.id).toBeTruthy();

    const refused = await commit(body(rows));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ error: 'import_invalid', details: { errorCount: 11 } });
    expect(refused.json().details.rows.map((e: { row: number }) => e.row)).toEqual([
      1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12,
    ]);
    expect(await classCount()).toBe(before);
  });

  it('refuses a class outside the opening hours and a file without a required column', async () => {
    const { db } = ctx.database;
    await db.update(centers).set({ openingHours: DEFAULT_OPENING_HOURS }).where(eq(centers.id, f.centerA));
    try {
      const room = await newRoom('Early Room');
      const res = await preview(
        body([
          HEADER,
          [day(9), '06:00', '07:00', 'Yoga', room.name, teacherEmail],
          [day(9), '21:30', '22:30', 'Yoga', room.name, teacherEmail],
          [day(9), '12:00', '13:00', 'Yoga', room.name, teacherEmail],
        ]),
      );
      const p = res.json();
      expect(p.errors.map((e: { row: number; code: string }) => [e.row, e.code])).toEqual([
        [1, 'outside_opening_hours'],
        [2, 'outside_opening_hours'],
      ]);
      expect(p.validRows).toBe(1);
    } finally {
      await db.update(centers).set({ openingHours: [] }).where(eq(centers.id, f.centerA));
    }
    const noRoom = await preview(
      body([
        ['Date', 'Start', 'Class type', 'Teacher'],
        [day(9), '10:00', 'Yoga', teacherEmail],
      ]),
    );
    expect(noRoom.json().errors).toEqual([expect.objectContaining({ row: 0, field: 'room', code: 'column_missing' })]);
  });

  it('refuses a class over a booked PT session of its teacher or room, naming when', async () => {
    const room = await newRoom('PT Clash Room');
    const member = await f.memberWithCredits();
    const { startsAt, endsAt } = occurrenceTimes(day(11), '09:00', 60, f.timeZone);
    await ctx.database.db.insert(ptSessions).values({
      organisationId: f.org.id,
      centerId: f.centerA,
      memberId: member.id,
      trainerId: f.teacherId,
      roomId: room.id,
      entitlementId: member.entitlementId,
      businessDate: day(11),
      startTime: '09:00',
      durationMinutes: 60,
      startsAt,
      endsAt,
    });
    const other = await newRoom('PT Free Room');
    const res = await preview(
      body([
        HEADER,
        [day(11), '09:30', '10:30', 'Yoga', room.name, 'nobody-else@example.com'],
        [day(11), '09:30', '10:30', 'Yoga', other.name, teacherEmail],
      ]),
    );
    const errors = res.json().errors as { row: number; code: string; params: Record<string, unknown> }[];
    expect(errors.find((e) => e.row === 2)).toMatchObject({
      code: 'teacher_busy_pt',
      params: { date: day(11), time: '09:00' },
    });
    // Row 1's teacher is unknown; its room is still checked once the row is otherwise valid.
    const roomOnly = await preview(body([HEADER, [day(11), '09:30', '10:30', 'Yoga', room.name, teacherEmail]]));
    expect(roomOnly.json().errors[0]).toMatchObject({ row: 1, code: 'room_busy_pt' });
  });

  it('reads an XLSX timetable with real date and time cells', async () => {
    const room = await newRoom('Excel Room');
    const [y, m, d] = day(10).split('-').map(Number) as [number, number, number];
    const data = await xlsxBase64([
      ['Date', 'Start', 'Duration (min)', 'Class type', 'Room', 'Teacher', 'Mode'],
      [
        new Date(Date.UTC(y, m - 1, d)),
        new Date(Date.UTC(1899, 11, 30, 18, 45)),
        50,
        'Yoga',
        room.name,
        teacherEmail,
        'Rental',
      ],
      [new Date(Date.UTC(y, m - 1, d)), 0.375, 45, 'Yoga', room.name, teacherEmail, ''],
    ]);
    const res = await preview({ fileName: 'term.xlsx', format: 'xlsx', data, defaultCenterId: f.centerA });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sample).toEqual([
      expect.objectContaining({ date: day(10), startTime: '18:45', endTime: '19:35', mode: 'rental' }),
      expect.objectContaining({ date: day(10), startTime: '09:00', endTime: '09:45', mode: 'in_house' }),
    ]);
  });

  it('is refused to a trainer (who may not plan classes), and another organisation’s centre does not exist', async () => {
    const rows = [HEADER, [day(5), '10:00', '11:00', 'Yoga', 'Studio 1', teacherEmail]];
    expect((await preview(body(rows), f.teacher)).statusCode).toBe(403);
    expect((await commit(body(rows), f.teacher)).statusCode).toBe(403);
    const stranger = await ctx.newOrganisation();
    const res = await preview(body(rows, { defaultCenterId: stranger.centers[0]!.id }));
    expect(res.statusCode).toBe(404);
    expect(res.json().fields[0].path).toBe('defaultCenterId');
  });

  it('offers a template that previews as it is once its names are the centre’s', async () => {
    const res = await ctx.pro('GET', '/imports/classes/template?format=csv', admin);
    expect(res.statusCode).toBe(200);
    const text = res.body.replace(/^\ufeff/, '');
    const [header] = text.split(/\r?\n/);
    expect(header).toBe(
      'Date,Start,End,Duration (min),Class type,Room,Teacher,Centre code,Capacity,Credits,Mode,Notes',
    );
    const p = (
      await preview({ fileName: 't.csv', format: 'csv', data: base64(text), defaultCenterId: f.centerA })
    ).json();
    expect(Object.values(p.mapping).every((field) => field !== null)).toBe(true);
    // The example's teacher and its second class type are placeholders: the rows are refused for them alone.
    expect(p.errors.map((e: { row: number; code: string }) => [e.row, e.code])).toEqual([
      [1, 'unknown_teacher'],
      [2, 'unknown_teacher'],
      [2, 'unknown_type'],
    ]);
  });
});

/** `count` classes without overlaps: each room takes one class an hour, 08:00 to 19:00, day after day. */
function term(roomNames: readonly string[], count: number, firstDay: number): string[][] {
  const rows: string[][] = [['Date', 'Start', 'Duration (min)', 'Class type', 'Room', 'Teacher']];
  for (let i = 0; i < count; i++) {
    const room = i % roomNames.length;
    const slot = Math.floor(i / roomNames.length);
    const hour = 8 + (slot % 12);
    rows.push([
      day(firstDay + Math.floor(slot / 12)),
      `${String(hour).padStart(2, '0')}:00`,
      '50',
      'Yoga',
      roomNames[room]!,
      `t${room}`,
    ]);
  }
  return rows;
}

describe('timetable import: commit', () => {
  let roomNames: string[];
  let teacherEmails: string[];

  beforeAll(async () => {
    roomNames = [];
    teacherEmails = [];
    for (let i = 0; i < 10; i++) {
      roomNames.push((await newRoom(`Term Room ${i}`)).name);
      teacherEmails.push((await f.org.newUser({ role: 'trainer' })).email);
    }
  });
  const withTeachers = (rows: string[][]) =>
    rows.map((r, i) => (i === 0 ? r : [...r.slice(0, 5), teacherEmails[Number(r[5]!.slice(1))]!]));

  it('one bad row among 2,000 imports nothing and names the row and the reason', async () => {
    const rows = withTeachers(term(roomNames, 2000, 20));
    rows[1500]![4] = 'Broom cupboard';
    const before = await classCount();
    const res = await commit(body(rows));
    expect(res.statusCode).toBe(422);
    expect(res.json().details).toEqual({
      errorCount: 1,
      rows: [
        expect.objectContaining({
          row: 1500,
          field: 'room',
          code: 'unknown_room',
          params: { value: 'Broom cupboard' },
        }),
      ],
    });
    expect(await classCount()).toBe(before);
  });

  it('a 2,000-class term imports in one transaction, with progress, and the class list shows it', async () => {
    const rows = withTeachers(term(roomNames, 2000, 20));
    const before = await classCount();
    const res = await commit(body(rows));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    const answer = lines(res.body);
    const done = answer.at(-1)!;
    expect(done).toEqual({ type: 'done', imported: 2000, firstDate: day(20), lastDate: day(20 + 16) });
    const progress = answer.filter((l) => l.type === 'progress').map((l) => (l.type === 'progress' ? l.done : -1));
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(2000);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.length).toBeGreaterThan(2);
    expect(await classCount()).toBe(before + 2000);
    // The centre's desks hear of the new term (one event, its count; not 2,000 ids).
    const [told] = await ctx.database.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.organisationId, f.org.id), sql`${domainEvents.payload}->>'change' = 'imported'`));
    expect(told).toMatchObject({ type: 'class.changed', centerId: f.centerA, payload: { count: 2000 } });
    expect((told!.payload as { classIds: string[] }).classIds).toHaveLength(50);

    const list = await f.call('GET', `/classes?from=${day(20)}&to=${day(20)}&center=${f.centerA}&pageSize=200`, f.desk);
    expect(list.statusCode, list.body).toBe(200);
    const first = list.json().items.filter((c: { room: { name: string } }) => roomNames.includes(c.room.name));
    expect(first).toHaveLength(120);
    expect(first[0]).toMatchObject({ startTime: '08:00', endTime: '08:50', capacity: 20 });

    // The same file again: every row now meets its own class.
    const again = await commit(body(rows));
    expect(again.statusCode).toBe(422);
    expect(again.json().details.errorCount).toBe(2000);
    expect(again.json().details.rows[0]).toMatchObject({ row: 1, code: 'room_busy' });
  });

  it('the same file sent twice at once imports once; the other answer names the rows and keeps nothing', async () => {
    const room = await newRoom('Twice Room');
    const rows = [
      HEADER,
      [day(45), '10:00', '11:00', 'Yoga', room.name, teacherEmail],
      [day(46), '10:00', '11:00', 'Yoga', room.name, teacherEmail],
    ];
    const before = await classCount();
    const answers = await Promise.all([commit(body(rows)), commit(body(rows))]);
    const outcomes = answers.map((a) => (a.statusCode === 200 ? lines(a.body).at(-1)!.type : `http ${a.statusCode}`));
    // One imports; the other is refused before writing (422) or fails under the timetable lock: nothing of it is kept.
    expect(outcomes.filter((o) => o === 'done')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'failed' || o === 'http 422')).toHaveLength(1);
    expect(await classCount()).toBe(before + 2);
  });

  it('a class planned between the check and the write fails the whole import', async () => {
    const room = await newRoom('Race Room');
    const rows = [
      HEADER,
      [day(40), '10:00', '11:00', 'Yoga', room.name, teacherEmail],
      [day(41), '10:00', '11:00', 'Yoga', room.name, teacherEmail],
    ];
    const request = body(rows) as Parameters<typeof analyseClassImport>[1];
    const auth = { organisationId: f.org.id, centerIds: null, userId: adminId, role: 'admin' } as AuthContext;
    const analysed = await analyseClassImport(queryContext(ctx.deps, auth), request);
    expect(analysed.errors).toEqual([]);
    await f.newClass({ roomId: room.id, date: day(41), startTime: '10:30' });
    const before = await classCount();
    const seen: ClassImportProgressLine[] = [];
    const failed = runCommand(ctx.deps, auth, writeImportedClasses, {
      rows: analysed.classes,
      progress: (l) => seen.push(l),
      fileName: 'race.csv',
    });
    await expect(failed).rejects.toBeInstanceOf(TimetableTakenError);
    await failed.catch((err: TimetableTakenError) => {
      expect(err.errors).toEqual([expect.objectContaining({ row: 2, code: 'room_busy' })]);
    });
    expect(await classCount()).toBe(before);
    const raceClasses = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(classes)
      .where(and(eq(classes.organisationId, f.org.id), eq(classes.roomId, room.id)));
    expect(raceClasses[0]!.n).toBe(1);
  });
});
