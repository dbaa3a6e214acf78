import { describe, expect, it } from 'vitest';
import { badHours, endOf, sessionActions } from './ptRules';

const session = (status: 'booked' | 'completed', date: string, trainer = 't1') => ({
  status,
  date,
  startsAt: `${date}T10:00:00.000Z`,
  trainer: { id: trainer, name: 'Trainer' },
});
const BEFORE = Date.parse('2026-11-26T09:00:00Z');
/** 10 minutes before the 10:00 start: inside the 15 minutes a session may be marked done early. */
const JUST_BEFORE = Date.parse('2026-11-26T09:50:00Z');
const AFTER = Date.parse('2026-11-26T10:30:00Z');
const desk = { mayUpdate: true, trainerId: null };

describe('PT rules', () => {
  it('ends a session on the wall clock, wrapping past midnight', () => {
    expect(endOf('10:00', 60)).toBe('11:00');
    expect(endOf('18:45', 30)).toBe('19:15');
    expect(endOf('23:30', 60)).toBe('00:30');
  });

  it('offers done from 15 minutes before the start (not hours before on its day), a no-show once started, cancel while booked', () => {
    expect(sessionActions(session('booked', '2026-11-26'), desk, BEFORE)).toEqual(['cancel']);
    expect(sessionActions(session('booked', '2026-11-26'), desk, JUST_BEFORE)).toEqual(['complete', 'cancel']);
    expect(sessionActions(session('booked', '2026-11-26'), desk, AFTER)).toEqual(['complete', 'noShow', 'cancel']);
    expect(sessionActions(session('booked', '2026-11-27'), desk, AFTER)).toEqual(['cancel']);
    expect(sessionActions(session('completed', '2026-11-26'), desk, AFTER)).toEqual([]);
  });

  it('offers nothing to a role without update, and a trainer acts on their own sessions only', () => {
    const reader = { mayUpdate: false, trainerId: null };
    expect(sessionActions(session('booked', '2026-11-26'), reader, AFTER)).toEqual([]);
    const trainer = { mayUpdate: true, trainerId: 't1' };
    expect(sessionActions(session('booked', '2026-11-26', 't1'), trainer, JUST_BEFORE)).toEqual(['complete', 'cancel']);
    expect(sessionActions(session('booked', '2026-11-26', 't2'), trainer, AFTER)).toEqual([]);
  });

  it('finds hours that end before they start or overlap the same centre and day', () => {
    const rows = [
      { centerId: 'a', weekday: 1, start: '07:00', end: '12:00' },
      { centerId: 'a', weekday: 1, start: '11:00', end: '15:00' },
      { centerId: 'b', weekday: 1, start: '11:00', end: '15:00' },
      { centerId: 'a', weekday: 2, start: '12:00', end: '12:00' },
      { centerId: 'a', weekday: 1, start: '12:00', end: '13:00' },
    ];
    expect(badHours(rows)).toEqual([
      { index: 1, reason: 'hours_overlap' },
      { index: 3, reason: 'end_before_start' },
      { index: 4, reason: 'hours_overlap' },
    ]);
  });
});
