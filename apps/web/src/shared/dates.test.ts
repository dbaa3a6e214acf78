import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { calendarNow, dayHeaderText } from '../features/classes/calendarDates';
import {
  centreWallNow,
  datePickerPattern,
  formatDate,
  formatDateTime,
  formatInstantDate,
  formatTime,
  formatWeekdayDate,
} from './dates';

const HK = 'Asia/Hong_Kong';
const LANGUAGES = ['en', 'de', 'fr', 'pt', 'zh-Hant'] as const;

describe('one date format per language', () => {
  it('writes a business date the one way of each language, never month first in English', () => {
    expect(Object.fromEntries(LANGUAGES.map((l) => [l, formatDate(l, '2026-11-23')]))).toEqual({
      en: '23/11/2026',
      de: '23.11.2026',
      fr: '23/11/2026',
      pt: '23/11/2026',
      'zh-Hant': '2026/11/23',
    });
    expect(formatDate('en', '2026-02-03')).toBe('03/02/2026');
    expect(formatDate('en', null)).toBe('');
  });

  it('has its date pickers show and read the very same text', () => {
    for (const language of LANGUAGES) {
      expect(dayjs('2026-11-23').format(datePickerPattern(language)), language).toBe(
        formatDate(language, '2026-11-23'),
      );
    }
  });

  it('writes an instant on the centre’s wall clock, whatever the device’s zone', () => {
    // 17:30 UTC on the 23rd is 01:30 on the 24th in Hong Kong.
    const at = '2026-11-23T17:30:00.000Z';
    expect(formatInstantDate('en', at, HK)).toBe('24/11/2026');
    expect(formatDateTime('en', at, HK)).toBe('24/11/2026, 01:30');
    expect(formatDateTime('de', at, HK)).toBe('24.11.2026, 01:30');
    expect(formatDateTime('zh-Hant', at, HK)).toMatch(/^2026\/11\/24\s01:30$/u);
    expect(formatTime('fr', at, HK)).toBe('01:30');
    expect(formatDateTime('en', at, 'Europe/London')).toBe('23/11/2026, 17:30');
  });

  it('names a calendar column day first in English (Tue 24/11, not 11/24)', () => {
    expect(formatWeekdayDate('en', '2026-11-24')).toBe('Tue 24/11');
    expect(formatWeekdayDate('de', '2026-11-24')).toBe('Di., 24.11.');
    expect(dayHeaderText('en', new Date('2026-11-24T00:00:00Z'), 'timeGridWeek')).toBe('Tue 24/11');
    expect(dayHeaderText('en', new Date('2026-11-24T00:00:00Z'), 'dayGridMonth')).toBe('Tue');
  });
});

describe('the calendar’s today', () => {
  it('is the centre’s day at 01:00 in Hong Kong, when UTC is still at 17:00 the day before', () => {
    const instant = new Date('2026-11-23T17:00:00Z');
    expect(centreWallNow(instant, HK)).toBe('2026-11-24T01:00:00');
    const now = calendarNow(HK, () => instant)();
    // FullCalendar reads this floating time in its UTC zone: its today is the 24th.
    expect(new Date(`${now}Z`).toISOString().slice(0, 10)).toBe('2026-11-24'); // time-ok: the calendar's floating day
  });
});
