import { addDays } from '@gym/contract/time';

/** The calendar's views, by the name the address uses (`rooms` and `teachers`: one day in columns, calendarColumns.ts). */
export const VIEWS = {
  day: 'timeGridDay',
  week: 'timeGridWeek',
  month: 'dayGridMonth',
  rooms: 'columns',
  teachers: 'columns',
} as const;
export type ViewKey = keyof typeof VIEWS;

/** Monday of the week of `date` (ISO weeks, as the calendar shows them). */
function mondayOf(date: string): string {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/** The business dates a view shows around `anchor` (a month view shows whole weeks). */
export function visibleRange(view: ViewKey, anchor: string): { from: string; to: string } {
  if (view === 'day' || view === 'rooms' || view === 'teachers') return { from: anchor, to: anchor };
  if (view === 'week') {
    const from = mondayOf(anchor);
    return { from, to: addDays(from, 6) };
  }
  const first = `${anchor.slice(0, 8)}01`;
  const from = mondayOf(first);
  return { from, to: addDays(from, 41) };
}
