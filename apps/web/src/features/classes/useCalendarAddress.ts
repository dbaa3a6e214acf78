import { today as dayAt } from '@gym/contract/time';
import { useSearchParams } from 'react-router';
import { useCenterId } from '../../shared/centerSelection';
import { useCenters } from '../../shared/centers';
import { useCentreTimeZone } from '../../shared/today';
import { VIEWS, type ViewKey, visibleRange } from './calendarRange';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Where the calendar is, kept in the address (so back and reload keep the place): the view, the
 * centre (else the tab's, else the first), room, teacher and type, and the day shown (else the
 * centre's today); `set` changes some of them (null takes one out).
 */
export function useCalendarAddress() {
  const [search, setSearch] = useSearchParams();
  const currentCenterId = useCenterId();
  const centers = useCenters();
  const zoneOf = useCentreTimeZone();

  const param = (name: string, ok: (v: string) => boolean) => {
    const v = search.get(name);
    return v !== null && ok(v) ? v : null;
  };
  const view: ViewKey = (param('view', (v) => v in VIEWS) as ViewKey | null) ?? 'week';
  const centerId = param('center', (v) => UUID.test(v)) ?? currentCenterId ?? centers.data?.[0]?.id ?? null;
  const room = param('room', (v) => UUID.test(v));
  const teacher = param('teacher', (v) => UUID.test(v));
  const type = param('type', (v) => UUID.test(v));
  const timeZone = zoneOf(centerId);
  const today = dayAt(timeZone);
  const anchor = param('date', (v) => DATE.test(v)) ?? today;
  const { from, to } = visibleRange(view, anchor);

  const set = (changes: Record<string, string | null>) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [k, v] of Object.entries(changes)) {
          if (v === null) next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: false },
    );

  return { view, centerId, room, teacher, type, timeZone, today, anchor, from, to, set };
}
