/**
 * Business dates: the one place that turns an instant into a centre's calendar day and back.
 * "Today" for a gym is the day on the wall clock of the centre, in its IANA time zone, never UTC's
 * day. Server and web both use these helpers; a business date travels as `YYYY-MM-DD`.
 */

/** A calendar day, `YYYY-MM-DD`, with no time zone of its own. */
export type BusinessDate = string;

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = partsFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(timeZone, f);
  }
  return f;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock reading of an instant in a time zone. */
export function wallClock(instant: Date, timeZone: string): WallClock {
  const out: Record<string, number> = {};
  for (const p of partsFormatter(timeZone).formatToParts(instant)) {
    if (p.type !== 'literal') out[p.type] = Number(p.value);
  }
  return {
    year: out.year!,
    month: out.month!,
    day: out.day!,
    hour: out.hour! % 24,
    minute: out.minute!,
    second: out.second!,
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Whether a time zone name is one this runtime knows (e.g. `Asia/Hong_Kong`). */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The centre's calendar day at an instant. */
export function businessDate(instant: Date, timeZone: string): BusinessDate {
  const t = instant.getTime();
  const known = knownDays.get(timeZone);
  if (known && t >= known.start && t < known.end) return known.date;
  const date = dateOnWall(instant, timeZone);
  rememberDay(date, timeZone, t);
  return date;
}

function dateOnWall(instant: Date, timeZone: string): BusinessDate {
  const w = wallClock(instant, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/**
 * Per time zone, the last day found and its instants: reading a wall clock takes microseconds
 * (`formatToParts`), and a door asks its centre's day at every tap, nearly always the same day.
 */
const knownDays = new Map<string, { date: BusinessDate; start: number; end: number }>();

/**
 * Remembers `date`'s instants, `dayBounds(date)`, for a day of 24 hours with the same offset at
 * both ends: one with no change of the clock in it (no zone changes twice in a day). A day with a
 * change (two a year in most zones) is read from the wall clock at every call, so that no change,
 * however odd, has to be reasoned about here.
 */
function rememberDay(date: BusinessDate, timeZone: string, t: number): void {
  const { start, end } = dayBounds(date, timeZone);
  const [from, to] = [start.getTime(), end.getTime()];
  if (to - from !== 86_400_000 || t < from || t >= to) return;
  if (offsetAt(from, timeZone) !== offsetAt(to - 1, timeZone)) return;
  knownDays.set(timeZone, { date, start: from, end: to });
}

/** A zone's offset from UTC at an instant, in milliseconds (to the second). */
function offsetAt(t: number, timeZone: string): number {
  const w = wallClock(new Date(t), timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(t / 1000) * 1000;
}

/** `businessDate` read from the wall clock every time: what it must always answer (for tests). */
export const businessDateFromWallClock = dateOnWall;

/** The centre's today (now, or the instant given by a business clock). */
export function today(timeZone: string, now: Date = new Date()): BusinessDate {
  return businessDate(now, timeZone);
}

/** Parses `YYYY-MM-DD` into its numbers; throws on anything else or on a day the calendar lacks. */
export function parseBusinessDate(date: BusinessDate): { year: number; month: number; day: number } {
  const m = DATE_RE.exec(date);
  if (!m) throw new RangeError(`Not a date: ${date}`);
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw new RangeError(`Not a date: ${date}`);
  }
  return { year, month, day };
}

export function isBusinessDate(value: string): boolean {
  try {
    parseBusinessDate(value);
    return true;
  } catch {
    return false;
  }
}

/** Calendar arithmetic on days, independent of any time zone. */
export function addDays(date: BusinessDate, days: number): BusinessDate {
  const { year, month, day } = parseBusinessDate(date);
  const d = new Date(Date.UTC(year, month - 1, day + days));
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** Adds calendar months; a day past the new month's end is clamped (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: BusinessDate, months: number): BusinessDate {
  const { year, month, day } = parseBusinessDate(date);
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return `${pad(first.getUTCFullYear(), 4)}-${pad(first.getUTCMonth() + 1)}-${pad(Math.min(day, lastDay))}`;
}

/** Whole days from `a` to `b` (negative when `b` is earlier). */
export function daysBetween(a: BusinessDate, b: BusinessDate): number {
  const pa = parseBusinessDate(a);
  const pb = parseBusinessDate(b);
  return Math.round((Date.UTC(pb.year, pb.month - 1, pb.day) - Date.UTC(pa.year, pa.month - 1, pa.day)) / 86_400_000);
}

/**
 * The instant at which a wall-clock time occurs in a time zone. In a daylight-saving gap (a time
 * that does not exist) the time moves forward by the gap (01:30 becomes 02:30), as Temporal's
 * "compatible" rule does; in an overlap (a time that happens twice) it answers the earlier one.
 */
export function zonedInstant(date: BusinessDate, time: string, timeZone: string): Date {
  const { year, month, day } = parseBusinessDate(date);
  const [hh = 0, mm = 0, ss = 0] = time.split(':').map(Number);
  const wanted = Date.UTC(year, month - 1, day, hh, mm, ss);
  // Two passes of "guess, read the offset back, correct" settle every real-world zone.
  let guess = wanted;
  for (let i = 0; i < 2; i++) {
    const w = wallClock(new Date(guess), timeZone);
    const seen = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
    guess += wanted - seen;
  }
  const w = wallClock(new Date(guess), timeZone);
  const seen = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  if (seen !== wanted) {
    // A gap: read with the offset from before the jump, which lands after it by the gap's length.
    return new Date(Math.max(guess, guess - (seen - wanted)));
  }
  // An overlap: prefer the earlier of the two instants that read the same.
  const hourEarlier = guess - 3_600_000;
  const e = wallClock(new Date(hourEarlier), timeZone);
  if (Date.UTC(e.year, e.month - 1, e.day, e.hour, e.minute, e.second) === wanted) return new Date(hourEarlier);
  return new Date(guess);
}

/** The half-open instant range `[start, end)` of one business day in a time zone (23 or 25 hours across DST). */
export function dayBounds(date: BusinessDate, timeZone: string): { start: Date; end: Date } {
  return { start: zonedInstant(date, '00:00', timeZone), end: zonedInstant(addDays(date, 1), '00:00', timeZone) };
}

/** The first day of the month of a date, and the half-open instant range of that month in a time zone. */
export function monthBounds(date: BusinessDate, timeZone: string): { first: BusinessDate; start: Date; end: Date } {
  const { year, month } = parseBusinessDate(date);
  const first = `${pad(year, 4)}-${pad(month)}-01`;
  return {
    first,
    start: zonedInstant(first, '00:00', timeZone),
    end: zonedInstant(addMonths(first, 1), '00:00', timeZone),
  };
}

/** Age in whole years on a day (a 29 February birthday has its birthday on 1 March in other years). */
export function ageOn(birthday: BusinessDate, on: BusinessDate): number {
  const b = parseBusinessDate(birthday);
  const d = parseBusinessDate(on);
  let age = d.year - b.year;
  if (d.month < b.month || (d.month === b.month && d.day < b.day)) age -= 1;
  return age;
}

/** The instants of a class planned on `date` at `startTime` for `durationMinutes`, in `timeZone`; and its local end time. */
export function occurrenceTimes(
  date: BusinessDate,
  startTime: string,
  durationMinutes: number,
  timeZone: string,
): { startsAt: Date; endsAt: Date; endTime: string } {
  const startsAt = zonedInstant(date, startTime, timeZone);
  const endsAt = new Date(startsAt.getTime() + durationMinutes * 60_000);
  const w = wallClock(endsAt, timeZone);
  return { startsAt, endsAt, endTime: `${pad(w.hour)}:${pad(w.minute)}` };
}

/** A wall-clock time in a time zone, to the minute: `YYYY-MM-DDTHH:mm` (publish windows of content). */
export type LocalDateTime = string;

/** The wall-clock time of an instant in a time zone, to the minute (`YYYY-MM-DDTHH:mm`). */
export function localDateTime(instant: Date, timeZone: string): LocalDateTime {
  const w = wallClock(instant, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}
