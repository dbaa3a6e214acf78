import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkProperty } from './testing/property.ts';
import {
  addDays,
  addMonths,
  ageOn,
  businessDate,
  businessDateFromWallClock,
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

  // Zones with the changes that make a day other than 24 hours: summer time in both hemispheres,
  // half an hour (Lord Howe), a change at midnight forward (Santiago) and back (Asunción, whose
  // clock went from 00:00 back to 23:00 of the day before), 45-minute offsets (Chatham).
  const zones = [
    'Asia/Hong_Kong',
    'Europe/Lisbon',
    'Europe/Berlin',
    'America/New_York',
    'America/Santiago',
    'America/Asuncion',
    'Australia/Lord_Howe',
    'Pacific/Chatham',
    'America/Sao_Paulo',
    'Asia/Taipei',
  ];

  it('answers every instant of a year the day its wall clock reads, across every change of the clock', () => {
    // Instants in order, as a door asks: each day is remembered once found (2023 had every kind of change above).
    for (const zone of zones) {
      const wrong: string[] = [];
      for (let t = Date.UTC(2023, 0, 1); t < Date.UTC(2024, 0, 1); t += 23 * 60_000) {
        const at = new Date(t);
        if (businessDate(at, zone) !== businessDateFromWallClock(at, zone)) wrong.push(at.toISOString());
      }
      expect(wrong, zone).toEqual([]);
    }
    // Asunción's clock went from 00:00 on 26 March back to 23:00 on the 25th: that hour is the 25th twice.
    expect(businessDate(new Date('2023-03-26T02:30:00Z'), 'America/Asuncion')).toBe('2023-03-25');
    expect(businessDate(new Date('2023-03-26T03:30:00Z'), 'America/Asuncion')).toBe('2023-03-25');
    expect(businessDate(new Date('2023-03-26T04:30:00Z'), 'America/Asuncion')).toBe('2023-03-26');
    // About 23,000 instants per zone, each checked against Intl: seconds of work on a busy machine,
    // bounded so that a loaded CI machine does not fail a correct answer.
  }, 60_000);

  it('answers the wall clock’s day for instants in any order, near one another or years apart', async () => {
    const instant = fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2040, 0, 1) });
    await checkProperty(
      'business date = wall clock date',
      fc.property(
        fc.constantFrom(...zones),
        instant,
        fc.array(fc.oneof(fc.integer({ min: -2 * 86_400_000, max: 2 * 86_400_000 }), instant), { maxLength: 40 }),
        (zone, base, offsets) => {
          for (const o of offsets) {
            const at = new Date(Math.abs(o) > 3 * 86_400_000 ? o : base + o);
            if (businessDate(at, zone) !== businessDateFromWallClock(at, zone)) return false;
          }
          return true;
        },
      ),
      { numRuns: 300 },
    );
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
