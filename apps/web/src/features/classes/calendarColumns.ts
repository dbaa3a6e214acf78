/**
 * "By room" and "by teacher": one day of a centre with a column per room (or teacher), built on
 * FullCalendar's free time grid. FullCalendar's resource columns are its paid plugin, so each
 * column is a day of a fixed stand-in week: column `i` is the stand-in day `BASE + i`. An event of
 * the room in column `i` is placed on that day at its own wall-clock time; a drop on column `j` at
 * 19:30 reads back as "room j, 19:30" on the real day. The calendar's own navigation is replaced by
 * the page's (the real day lives in the address).
 */
import { addDays } from '@gym/contract/time';

/** The stand-in first column: a Monday far from any real class, so a stray date is never mistaken for one. */
export const COLUMN_BASE = '2000-01-03';
const DAY_MS = 86_400_000;

export type ColumnsBy = 'rooms' | 'teachers';

export interface Column {
  id: string;
  name: string;
}

/** The stand-in date of column `index`. */
export const columnDate = (index: number): string => addDays(COLUMN_BASE, index);

/** The column a stand-in date (from a floating UTC instant or `YYYY-MM-DD`) falls in, or -1. */
export function columnIndex(date: Date | string): number {
  const ms = typeof date === 'string' ? Date.parse(`${date}T00:00:00Z`) : date.getTime();
  const index = Math.floor((ms - Date.parse(`${COLUMN_BASE}T00:00:00Z`)) / DAY_MS);
  return Number.isFinite(index) ? index : -1;
}

/**
 * The columns of a day: every room of the centre (`listed`; none for teachers, whose columns are
 * those who teach that day), then whoever the day's classes use that is not listed (a teacher, an
 * outside teacher of a rental), so no class is left without a column; narrowed by the room or
 * teacher filter (`only`).
 */
export function columnsOf(listed: readonly Column[], used: readonly Column[], only: string | null): Column[] {
  const all = [...listed];
  for (const c of used) if (!all.some((x) => x.id === c.id)) all.push(c);
  return only ? all.filter((c) => c.id === only) : all;
}

/** Where an item of `resourceId` at `time` on the real day goes: its stand-in start, or null without a column. */
export function placeIn(
  columns: readonly Column[],
  resourceId: string | null | undefined,
  time: string,
): string | null {
  const index = columns.findIndex((c) => c.id === resourceId);
  return index < 0 ? null : `${columnDate(index)}T${time}:00Z`;
}

/** What a drop on a stand-in instant means: the column's resource and the wall-clock time. */
export function dropTarget(columns: readonly Column[], start: Date): { resource: Column; time: string } | null {
  const resource = columns[columnIndex(start)];
  if (!resource) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return { resource, time: `${pad(start.getUTCHours())}:${pad(start.getUTCMinutes())}` };
}
