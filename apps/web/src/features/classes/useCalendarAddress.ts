import { today as dayAt } from '@gym/contract/time';
import { useSearchParams } from 'react-router';
import { useCenterId } from '../../shared/centerSelection';
import { useCenters } from '../../shared/centers';
import { useCentreTimeZone } from '../../shared/today';
import { isDay, isId } from '../../shared/ui/ListFilters';
import { VIEWS, type ViewKey, visibleRange } from './calendarRange';

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
  const centerId = param('center', isId) ?? currentCenterId ?? centers.data?.[0]?.id ?? null;
  const room = param('room', isId);
  const teacher = param('teacher', isId);
  const type = param('type', isId);
  const timeZone = zoneOf(centerId);
  const today = dayAt(timeZone);
  const anchor = param('date', isDay) ?? today;
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
