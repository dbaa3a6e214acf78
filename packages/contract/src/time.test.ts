import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  ageOn,
  businessDate,
  dayBounds,
  daysBetween,
  monthBounds,
  parseBusinessDate,
  zonedInstant,
} from './time.ts';

describe('business dates', () => {
  it('is the centre’s day, not UTC’s: 07:30 UTC is already the next day in Hong Kong', () => {
    const instant = new Date('2026-11-22T16:30:00Z'); // 00:30 on the 23rd in Hong Kong
    expect(businessDate(instant, 'Asia/Hong_Kong')).toBe('2026-11-23');
    expect(businessDate(instant, 'Europe/Lisbon')).toBe('2026-11-22');
  });

  it('gives day bounds of 23 and 25 hours across daylight-saving changes', () => {
    const spring = dayBounds('2026-03-29', 'Europe/Lisbon');
    expect(spring.start.toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect((spring.end.getTime() - spring.start.getTime()) / 3_600_000).toBe(23);
    const autumn = dayBounds('2026-10-25', 'Europe/Lisbon');
    expect((autumn.end.getTime() - autumn.start.getTime()) / 3_600_000).toBe(25);
    const hk = dayBounds('2026-11-23', 'Asia/Hong_Kong');
    expect(hk.start.toISOString()).toBe('2026-11-22T16:00:00.000Z');
  });

  it('keeps 18:00 at 18:00 on both sides of a change, and resolves a missing or doubled time', () => {
    expect(zonedInstant('2026-03-28', '18:00', 'Europe/Lisbon').toISOString()).toBe('2026-03-28T18:00:00.000Z');
    expect(zonedInstant('2026-03-30', '18:00', 'Europe/Lisbon').toISOString()).toBe('2026-03-30T17:00:00.000Z');
    // 01:30 does not exist on 29 March in Lisbon: it moves forward by the gap, to 02:30 summer time.
    expect(zonedInstant('2026-03-29', '01:30', 'Europe/Lisbon').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // 01:30 happens twice on 25 October: the earlier one.
    expect(zonedInstant('2026-10-25', '01:30', 'Europe/Lisbon').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(zonedInstant('2026-07-01', '09:15', 'America/New_York').toISOString()).toBe('2026-07-01T13:15:00.000Z');
  });

  it('does calendar arithmetic across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(daysBetween('2026-11-23', '2027-01-01')).toBe(39);
    const m = monthBounds('2026-11-23', 'Asia/Hong_Kong');
    expect(m.first).toBe('2026-11-01');
    expect(m.start.toISOString()).toBe('2026-10-31T16:00:00.000Z');
    expect(m.end.toISOString()).toBe('2026-11-30T16:00:00.000Z');
  });

  it('counts ages by birthdays, and refuses days the calendar lacks', () => {
    expect(ageOn('2008-11-24', '2026-11-23')).toBe(17);
    expect(ageOn('2008-11-23', '2026-11-23')).toBe(18);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
    expect(() => parseBusinessDate('2026-02-30')).toThrow();
    expect(() => parseBusinessDate('2026-2-3')).toThrow();
  });
});
