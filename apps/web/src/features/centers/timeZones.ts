import { WEEKDAYS } from '@gym/contract/centers';
import { dateTimeFormat } from '../../shared/intl';

let zones: string[] | null = null;

/** The IANA time zones this browser knows, plus any zone already stored on a centre. */
export function timeZoneOptions(current?: string | null): { value: string; label: string }[] {
  if (!zones) {
    try {
      zones = Intl.supportedValuesOf('timeZone');
    } catch {
      zones = ['UTC'];
    }
    // Some engines leave UTC out of the list; it is a valid choice for a centre.
    if (!zones.includes('UTC')) zones = [...zones, 'UTC'];
  }
  const list = current && !zones.includes(current) ? [current, ...zones] : zones;
  return list.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
}

/** The week as staff read it here: Monday first (day 0 is Sunday in the data). */
export const WEEK_ORDER: readonly number[] = [...WEEKDAYS.slice(1), WEEKDAYS[0]];

/** The name of a weekday (0 = Sunday) in the screen's language. */
export function weekdayName(day: number, language: string): string {
  // 2023-01-01 was a Sunday.
  const date = new Date(Date.UTC(2023, 0, 1 + day, 12));
  return dateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(date); // dates-ok: a weekday's name in opening hours, not a date
}
