/**
 * What the calendar shows: its columns (by room or by teacher) and its events (classes, PT sessions)
 * as floating times in FullCalendar's `UTC` zone (a class at 18:00 shows at 18:00 whatever the
 * device's zone).
 */
import type { EventInput } from '@fullcalendar/core';
import { addDays } from '@gym/contract/time';
import type { PtSession } from '../pt/api';
import type { ClassListItem } from './api';
import { type Column, type ColumnsBy, columnsOf, placeIn } from './calendarColumns';

const pad = (n: number) => String(n).padStart(2, '0');
/** A floating (UTC-zoned) instant's wall-clock date and time. */
export const wallOf = (d: Date) => ({
  date: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`,
  time: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`,
});

/** The end of an item starting at `start` (a floating instant), past midnight when it ends before it starts. */
function endOf(start: string, startTime: string, endTime: string): string {
  const day = start.slice(0, 10);
  return `${endTime > startTime ? day : addDays(day, 1)}T${endTime}:00Z`;
}

/** "By room" / "by teacher": the day's rooms (or teachers) as columns; `chosen` the filtered one. */
export function calendarColumns(
  by: ColumnsBy | null,
  rooms: readonly { id: string; name: string }[],
  items: readonly ClassListItem[],
  sessions: readonly PtSession[],
  chosen: { room: string | null; teacher: string | null },
): Column[] {
  if (by === 'rooms') {
    return columnsOf(
      rooms.map((r) => ({ id: r.id, name: r.name })),
      [...items.map((c) => c.room), ...sessions.flatMap((s) => (s.room ? [{ id: s.room.id, name: s.room.name }] : []))],
      chosen.room,
    );
  }
  if (by === 'teachers') {
    return columnsOf(
      [],
      [...items.map((c) => c.teacher), ...sessions.map((s) => ({ id: s.trainer.id, name: s.trainer.name }))].sort(
        (a, b) => a.name.localeCompare(b.name),
      ),
      chosen.teacher,
    );
  }
  return [];
}

/**
 * The calendar's events: PT sessions in a look of their own (not movable), then the classes in their
 * type's colour (movable by `canMove` until they start). By room / teacher, each in its column.
 */
export function calendarEvents(
  items: readonly ClassListItem[],
  sessions: readonly PtSession[],
  by: ColumnsBy | null,
  columns: Column[],
  canMove: boolean,
): EventInput[] {
  /** Where an item shows: its own date and time, or (by room / teacher) its column's stand-in day. */
  const placed = (date: string, time: string, resourceId: string | null | undefined) =>
    by ? placeIn(columns, resourceId, time) : `${date}T${time}:00Z`;
  return [
    ...sessions
      .flatMap((s) => {
        const start = placed(s.date, s.startTime, by === 'rooms' ? s.room?.id : s.trainer.id);
        return start ? [{ s, start }] : [];
      })
      .map(({ s, start }) => ({
        id: `pt-${s.id}`,
        title: s.member.name,
        start,
        end: endOf(start, s.startTime, s.endTime),
        classNames: ['pt-event', `pt-event--${s.status}`],
        backgroundColor: '#ffffff',
        borderColor: '#0b5394',
        textColor: '#0b3d6e',
        editable: false,
        extendedProps: { session: s },
      })),
    ...items.flatMap((c) => {
      const start = placed(c.date, c.startTime, by === 'rooms' ? c.room.id : c.teacher.id);
      if (!start) return [];
      const started = Date.parse(c.startsAt) <= Date.now();
      return {
        id: c.id,
        title: c.type.name,
        start,
        end: endOf(start, c.startTime, c.endTime),
        backgroundColor: c.type.colour,
        borderColor: c.type.colour,
        textColor: '#fff',
        editable: canMove && !started,
        extendedProps: { item: c },
      };
    }),
  ];
}
