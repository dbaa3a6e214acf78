import { dateTimeFormat } from './intl';

/**
 * Times of day ("HH:MM", as stored) shown in the UI language's own convention through Intl:
 * 24-hour in German, French, Portuguese and Chinese where usual, 12-hour in English. The browser's
 * `<input type="time">` follows the operating system's locale instead, hence this.
 */
export function formatTimeOfDay(value: string, language: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) return value;
  const date = new Date(Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2])));
  return dateTimeFormat(language, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(date); // dates-ok: a time of day (opening hours), not a date
}

/** Every quarter of an hour of a day, "00:00" to "23:45", plus `extra` (a stored time off the grid). */
export function quarterHours(extra?: string): string[] {
  const times: string[] = [];
  for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
    times.push(`${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`);
  }
  if (extra && /^\d{2}:\d{2}$/.test(extra) && !times.includes(extra)) times.push(extra);
  return times.sort();
}
