/**
 * Timetable import, the part that needs no database: every row of the file read into a class
 * (names of centres, rooms, teachers and types resolved against lists read beforehand), checked
 * against the class rules, the centre's opening hours and the file's other rows. Runs in the import
 * worker thread, like the member rows; the check against classes already stored is `class-import.ts`'s.
 */

import type { OpeningDay } from '@gym/contract/centers';
import {
  CLASS_IMPORT_MAX_ROWS,
  CLASS_IMPORT_REQUIRED_FIELDS,
  type ClassImportField,
  type ClassImportMapping,
  type ClassImportSample,
  CLASS_IMPORT_CODES as CODES,
} from '@gym/contract/class-imports';
import { CLASS_DEFAULTS, CLASS_LIMITS, type ClassMode } from '@gym/contract/classes';
import type { ImportRowError } from '@gym/contract/imports';
import { type BusinessDate, isBusinessDate, occurrenceTimes, parseBusinessDate } from '@gym/contract/time';
import { AppError } from '../../lib/errors.ts';
import { headerKey } from './mapping.ts';
import { type Cell, cellText, type Sheet } from './read-file.ts';
import { dayOrderOf, readDate } from './values.ts';

export interface ClassImportCenter {
  id: string;
  code: string;
  timeZone: string;
  openingHours: OpeningDay[];
  /** The caller may plan classes here. */
  allowed: boolean;
  /** The centre's business date today. */
  today: BusinessDate;
}

export interface ClassRowsContext {
  centers: ClassImportCenter[];
  defaultCenterId: string;
  rooms: { id: string; centerId: string; name: string }[];
  /** Active staff who may teach (not clients): `centerIds` null when they work in every centre. */
  teachers: { id: string; name: string; email: string; centerIds: string[] | null }[];
  types: { id: string; name: string; active: boolean; durationMinutes: number; capacity: number; credits: number }[];
}

/** One class of the file, ready to be stored. */
export interface PreparedClass {
  row: number;
  centerId: string;
  centerCode: string;
  timeZone: string;
  roomId: string;
  roomName: string;
  teacherId: string;
  teacherName: string;
  classTypeId: string;
  typeName: string;
  date: BusinessDate;
  startTime: string;
  endTime: string;
  durationMinutes: number;
  startsAt: string;
  endsAt: string;
  capacity: number;
  credits: number;
  mode: ClassMode;
  notes: string | null;
}

export interface PreparedClassRows {
  classes: PreparedClass[];
  errors: ImportRowError[];
  totalRows: number;
}

const MESSAGES: Record<string, string> = {
  [CODES.required]: 'This cell is required',
  [CODES.dateInvalid]: 'Not a date',
  [CODES.datePast]: 'This day has passed at the centre',
  [CODES.timeInvalid]: 'Not a time of day (HH:MM)',
  [CODES.durationInvalid]: `The class must last ${CLASS_LIMITS.durationMinutes.min} to ${CLASS_LIMITS.durationMinutes.max} minutes`,
  [CODES.durationMismatch]: 'The end time and the duration disagree',
  [CODES.numberInvalid]: 'Not a whole number in the allowed range',
  [CODES.modeInvalid]: 'The mode is "in-house" or "rental"',
  [CODES.unknownCentre]: 'No centre of yours has this code',
  [CODES.unknownRoom]: 'No active room of the centre has this name',
  [CODES.roomNotInCentre]: 'This room is in another centre',
  [CODES.unknownTeacher]: 'No active staff member has this name or e-mail',
  [CODES.teacherAmbiguous]: 'Several staff members have this name: give the e-mail',
  [CODES.teacherNotInCentre]: 'This teacher does not work in this centre',
  [CODES.unknownType]: 'No class type has this name',
  [CODES.typeInactive]: 'This class type is deactivated',
  [CODES.outsideOpeningHours]: 'The centre is not open for the whole class',
  [CODES.overlapsRow]: 'Overlaps another row of the file in the same room or with the same teacher',
};

/** Names compared as staff type them: case, accents, punctuation and repeated spaces do not count. */
const nameKey = (text: string) => headerKey(text);
const pad = (n: number) => String(n).padStart(2, '0');
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * A time of day as `HH:MM`: a time cell (Excel hands one over as a date on 1899-12-30), a fraction of
 * a day, `9:00`, `09.00`, `18:00:00`, `6:30 pm`, `下午6:30`. Undefined when it is none of these.
 */
export function readTime(cell: Cell): string | undefined {
  let minutes: number | undefined;
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) return undefined;
    minutes = cell.getUTCHours() * 60 + cell.getUTCMinutes() + Math.round(cell.getUTCSeconds() / 60);
  } else if (typeof cell === 'number') {
    if (cell < 0 || cell >= 1) return undefined;
    minutes = Math.round(cell * 1440);
  } else {
    let text = cellText(cell).toLowerCase().replace(/\s+/g, '');
    let half: 'am' | 'pm' | undefined;
    const cjk = /^(上午|早上|下午|晚上)/.exec(text);
    if (cjk) {
      half = cjk[1] === '上午' || cjk[1] === '早上' ? 'am' : 'pm';
      text = text.slice(cjk[1]!.length);
    }
    const suffix = /(a\.?m\.?|p\.?m\.?)$/.exec(text);
    if (suffix) {
      half = suffix[1]!.startsWith('a') ? 'am' : 'pm';
      text = text.slice(0, -suffix[1]!.length);
    }
    const m = /^(\d{1,2})(?:[:.h](\d{2})(?::(\d{2}))?)?$/.exec(text);
    if (!m || (m[2] === undefined && !half)) return undefined;
    let hour = Number(m[1]);
    const minute = Number(m[2] ?? 0);
    if (minute > 59) return undefined;
    if (half) {
      if (hour < 1 || hour > 12) return undefined;
      hour = (hour % 12) + (half === 'pm' ? 12 : 0);
    }
    if (hour > 23) return undefined;
    minutes = hour * 60 + minute;
  }
  if (minutes === undefined || minutes >= 1440) return undefined;
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

const MODE_WORDS = new Map<string, ClassMode>(
  (
    [
      [
        'in_house',
        [
          'in house',
          'inhouse',
          'in house class',
          'house',
          'own',
          'intern',
          'eigen',
          'interne',
          'proprio',
          'interno',
          '自營',
          '自营',
          '本館',
        ],
      ],
      [
        'rental',
        ['rental', 'rent', 'rented', 'vermietung', 'miete', 'location', 'aluguel', 'aluguer', '租用', '出租', '租場'],
      ],
    ] as [ClassMode, string[]][]
  ).flatMap(([mode, words]) => [[nameKey(mode), mode] as const, ...words.map((w) => [nameKey(w), mode] as const)]),
);

/** A whole number within limits, or undefined (a spreadsheet may store 12 as 12.0). */
function readInt(cell: Cell, limits: { min: number; max: number }): number | undefined {
  const text = cellText(cell);
  if (!/^\d+(?:\.0+)?$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) && n >= limits.min && n <= limits.max ? n : undefined;
}

/** Refused before any row is read: a required field with no column. */
function missingColumns(columns: Partial<Record<ClassImportField, number>>): ImportRowError[] {
  return CLASS_IMPORT_REQUIRED_FIELDS.filter((f) => columns[f] === undefined).map((field) => ({
    row: 0,
    field,
    code: CODES.columnMissing,
    message: `No column is mapped to ${field}`,
  }));
}

/**
 * Overlaps between rows of the file: per room and per teacher, rows in start order; a row that
 * starts before an earlier row of the same room (or teacher) ends is refused, naming that row.
 */
function overlapsBetweenRows(classes: readonly PreparedClass[]): ImportRowError[] {
  const errors: ImportRowError[] = [];
  const flagged = new Set<number>();
  const sweep = (keyOf: (c: PreparedClass) => string, field: 'room' | 'teacher') => {
    const groups = new Map<string, PreparedClass[]>();
    for (const c of classes) {
      const key = keyOf(c);
      const list = groups.get(key);
      if (list) list.push(c);
      else groups.set(key, [c]);
    }
    for (const list of groups.values()) {
      list.sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.row - b.row);
      let longest: PreparedClass | undefined;
      for (const c of list) {
        if (longest && c.startsAt < longest.endsAt && !flagged.has(c.row)) {
          flagged.add(c.row);
          errors.push({
            row: c.row,
            field,
            code: CODES.overlapsRow,
            message: `${MESSAGES[CODES.overlapsRow]} (row ${longest.row})`,
            params: { value: field === 'room' ? c.roomName : c.teacherName, otherRow: longest.row },
          });
        }
        if (!longest || c.endsAt > longest.endsAt) longest = c;
      }
    }
  };
  sweep((c) => c.roomId, 'room');
  sweep((c) => c.teacherId, 'teacher');
  return errors;
}

/** Reads every row of a timetable file into classes; errors name the row (as staff count it), the field and the value. */
export function prepareClassRows(sheet: Sheet, mapping: ClassImportMapping, ctx: ClassRowsContext): PreparedClassRows {
  if (sheet.rows.length > CLASS_IMPORT_MAX_ROWS) {
    const message = `A timetable file holds at most ${CLASS_IMPORT_MAX_ROWS} classes: split it in parts`;
    throw new AppError(400, 'validation_failed', message, [{ path: 'data', code: 'file_too_long', message }]);
  }
  const columns: Partial<Record<ClassImportField, number>> = {};
  sheet.headers.forEach((header, index) => {
    const field = mapping[header];
    if (field) columns[field] = index;
  });
  const missing = missingColumns(columns);
  if (missing.length > 0) return { classes: [], errors: missing, totalRows: sheet.rows.length };

  const centersByCode = new Map(ctx.centers.map((c) => [nameKey(c.code), c]));
  const defaultCenter = ctx.centers.find((c) => c.id === ctx.defaultCenterId)!;
  const roomsByCentre = new Map<string, Map<string, (typeof ctx.rooms)[number]>>();
  const roomNames = new Set<string>();
  for (const r of ctx.rooms) {
    const key = nameKey(r.name);
    roomNames.add(key);
    const inCentre = roomsByCentre.get(r.centerId) ?? new Map();
    inCentre.set(key, r);
    roomsByCentre.set(r.centerId, inCentre);
  }
  const teachersByEmail = new Map(ctx.teachers.map((t) => [t.email.toLowerCase(), t]));
  const teachersByName = new Map<string, (typeof ctx.teachers)[number][]>();
  for (const t of ctx.teachers) {
    const key = nameKey(t.name);
    teachersByName.set(key, [...(teachersByName.get(key) ?? []), t]);
  }
  const typesByName = new Map(ctx.types.map((t) => [nameKey(t.name), t]));
  const dateColumn = columns.date!;
  const order = dayOrderOf(sheet.rows.map((r) => r.cells[dateColumn]));

  const classes: PreparedClass[] = [];
  const errors: ImportRowError[] = [];
  for (const { row, cells } of sheet.rows) {
    const cell = (field: ClassImportField) => {
      const index = columns[field];
      return index === undefined ? null : (cells[index] ?? null);
    };
    const textOf = (field: ClassImportField) => cellText(cell(field));
    const rowErrors: ImportRowError[] = [];
    const fail = (field: ClassImportField, code: string, value = textOf(field)) =>
      rowErrors.push({
        row,
        field,
        code,
        message: MESSAGES[code] ?? code,
        ...(value ? { params: { value } } : {}),
      });
    for (const field of CLASS_IMPORT_REQUIRED_FIELDS) if (textOf(field) === '') fail(field, CODES.required);

    // Centre: the row's code, else the centre chosen for the file. A centre the caller may not use does not exist for them.
    let center: ClassImportCenter | undefined = defaultCenter;
    if (textOf('centerCode') !== '') {
      center = centersByCode.get(nameKey(textOf('centerCode')));
      if (!center?.allowed) {
        center = undefined;
        fail('centerCode', CODES.unknownCentre);
      }
    }

    let date: string | undefined;
    if (textOf('date') !== '') {
      // Two-digit years are this century's: a timetable plans the coming weeks, never 1927.
      const read = readDate(cell('date'), order, '2099-12-31');
      if (!isBusinessDate(read)) fail('date', CODES.dateInvalid);
      else if (center && read < center.today) fail('date', CODES.datePast);
      else date = read;
    }
    let startTime: string | undefined;
    if (textOf('startTime') !== '') {
      startTime = readTime(cell('startTime'));
      if (!startTime) fail('startTime', CODES.timeInvalid);
    }
    let endTime: string | undefined;
    if (textOf('endTime') !== '') {
      endTime = readTime(cell('endTime'));
      if (!endTime) fail('endTime', CODES.timeInvalid);
    }
    let duration: number | undefined;
    if (textOf('durationMinutes') !== '') {
      duration = readInt(cell('durationMinutes'), CLASS_LIMITS.durationMinutes);
      if (duration === undefined) fail('durationMinutes', CODES.durationInvalid);
    }

    let room: (typeof ctx.rooms)[number] | undefined;
    if (center && textOf('room') !== '') {
      const key = nameKey(textOf('room'));
      room = roomsByCentre.get(center.id)?.get(key);
      if (!room) fail('room', roomNames.has(key) ? CODES.roomNotInCentre : CODES.unknownRoom);
    }
    let teacher: (typeof ctx.teachers)[number] | undefined;
    if (textOf('teacher') !== '') {
      const value = textOf('teacher');
      const byName = teachersByName.get(nameKey(value)) ?? [];
      teacher = teachersByEmail.get(value.toLowerCase()) ?? (byName.length === 1 ? byName[0] : undefined);
      if (!teacher) fail('teacher', byName.length > 1 ? CODES.teacherAmbiguous : CODES.unknownTeacher);
      else if (center && teacher.centerIds && !teacher.centerIds.includes(center.id)) {
        fail('teacher', CODES.teacherNotInCentre);
      }
    }
    let type: (typeof ctx.types)[number] | undefined;
    if (textOf('classType') !== '') {
      type = typesByName.get(nameKey(textOf('classType')));
      if (!type) fail('classType', CODES.unknownType);
      else if (!type.active) fail('classType', CODES.typeInactive);
    }
    let capacity: number | undefined;
    if (textOf('capacity') !== '') {
      capacity = readInt(cell('capacity'), CLASS_LIMITS.capacity);
      if (capacity === undefined) fail('capacity', CODES.numberInvalid);
    }
    let credits: number | undefined;
    if (textOf('credits') !== '') {
      credits = readInt(cell('credits'), CLASS_LIMITS.credits);
      if (credits === undefined) fail('credits', CODES.numberInvalid);
    }
    let mode: ClassMode = 'in_house';
    if (textOf('mode') !== '') {
      const read = MODE_WORDS.get(nameKey(textOf('mode')));
      if (read) mode = read;
      else fail('mode', CODES.modeInvalid);
    }

    // The length: from the end time, else the duration, else the class type's; both given must agree.
    let length = duration ?? type?.durationMinutes;
    if (startTime && endTime) {
      const fromEnd = (minutesOf(endTime) - minutesOf(startTime) + 1440) % 1440;
      if (fromEnd < CLASS_LIMITS.durationMinutes.min || fromEnd > CLASS_LIMITS.durationMinutes.max) {
        fail('endTime', CODES.durationInvalid);
      } else if (duration !== undefined && duration !== fromEnd) {
        fail('durationMinutes', CODES.durationMismatch);
      } else length = fromEnd;
    }

    if (rowErrors.length === 0 && center && date && startTime && room && teacher && type && length) {
      const weekday = new Date(Date.UTC(...ymd(date))).getUTCDay();
      const hours = center.openingHours;
      const open = hours.find((h) => h.day === weekday);
      const start = minutesOf(startTime);
      if (
        hours.length > 0 &&
        (!open || open.closed || start < minutesOf(open.open) || start + length > minutesOf(open.close))
      ) {
        fail('startTime', CODES.outsideOpeningHours, `${date} ${startTime}`);
      }
    }
    if (rowErrors.length > 0 || !center || !date || !startTime || !room || !teacher || !type || !length) {
      errors.push(...rowErrors);
      continue;
    }
    const times = occurrenceTimes(date, startTime, length, center.timeZone);
    classes.push({
      row,
      centerId: center.id,
      centerCode: center.code,
      timeZone: center.timeZone,
      roomId: room.id,
      roomName: room.name,
      teacherId: teacher.id,
      teacherName: teacher.name,
      classTypeId: type.id,
      typeName: type.name,
      date,
      startTime,
      endTime: times.endTime,
      durationMinutes: length,
      startsAt: times.startsAt.toISOString(),
      endsAt: times.endsAt.toISOString(),
      capacity: capacity ?? type.capacity,
      credits: credits ?? type.credits,
      mode,
      notes: textOf('notes') === '' ? null : textOf('notes').slice(0, 2000),
    });
  }
  const overlaps = overlapsBetweenRows(classes);
  const overlapping = new Set(overlaps.map((e) => e.row));
  errors.push(...overlaps);
  errors.sort((a, b) => a.row - b.row);
  return { classes: classes.filter((c) => !overlapping.has(c.row)), errors, totalRows: sheet.rows.length };
}

function ymd(date: BusinessDate): [number, number, number] {
  const { year, month, day } = parseBusinessDate(date);
  return [year, month - 1, day];
}

/** A class as the preview shows it. */
export const sampleOf = (c: PreparedClass): ClassImportSample => ({
  row: c.row,
  date: c.date,
  startTime: c.startTime,
  endTime: c.endTime,
  centerCode: c.centerCode,
  room: c.roomName,
  teacher: c.teacherName,
  classType: c.typeName,
  capacity: c.capacity,
  credits: c.credits,
  mode: c.mode,
});

/** The booking windows an imported class gets (the class form's defaults). */
export const IMPORTED_CLASS_WINDOWS = {
  bookingOpensDaysBefore: CLASS_DEFAULTS.bookingOpensDaysBefore,
  bookingClosesMinutesBefore: CLASS_DEFAULTS.bookingClosesMinutesBefore,
  cancellationWindowMinutes: CLASS_DEFAULTS.cancellationWindowMinutes,
} as const;
