import { describe, expect, it } from 'vitest';
import { prepareClassRows, readTime } from './class-rows.ts';

describe('timetable cells', () => {
  it('reads the times other timetables write', () => {
    const cases: [Parameters<typeof readTime>[0], string | undefined][] = [
      ['9:30', '09:30'],
      ['18:00:00', '18:00'],
      ['18.15', '18:15'],
      ['6:30 pm', '18:30'],
      ['12 am', '00:00'],
      ['12:15 PM', '12:15'],
      ['下午6:30', '18:30'],
      ['上午9:00', '09:00'],
      [0.75, '18:00'],
      [new Date(Date.UTC(1899, 11, 30, 7, 5)), '07:05'],
      ['24:00', undefined],
      ['9', undefined],
      ['13 pm', undefined],
      ['18:60', undefined],
      [1.5, undefined],
      ['soon', undefined],
    ];
    for (const [cell, expected] of cases) expect(readTime(cell), String(cell)).toBe(expected);
  });

  it('keeps 18:00 on the wall clock across a daylight-saving change (Europe/Lisbon)', () => {
    const center = {
      id: 'c1',
      code: 'LIS',
      timeZone: 'Europe/Lisbon',
      openingHours: [],
      allowed: true,
      today: '2030-03-01',
    };
    const { classes, errors } = prepareClassRows(
      {
        headers: ['Date', 'Start', 'Class type', 'Room', 'Teacher'],
        rows: [
          { row: 1, cells: ['2030-03-30', '18:00', 'Yoga', 'Sala 1', 'ana@example.com'] },
          { row: 2, cells: ['2030-03-31', '18:00', 'Yoga', 'Sala 1', 'ana@example.com'] },
        ],
      },
      { Date: 'date', Start: 'startTime', 'Class type': 'classType', Room: 'room', Teacher: 'teacher' },
      {
        centers: [center],
        defaultCenterId: 'c1',
        rooms: [{ id: 'r1', centerId: 'c1', name: 'Sala 1' }],
        teachers: [{ id: 't1', name: 'Ana', email: 'ana@example.com', centerIds: null }],
        types: [{ id: 'y', name: 'Yoga', active: true, durationMinutes: 60, capacity: 20, credits: 1 }],
      },
    );
    expect(errors).toEqual([]);
    // Winter time (UTC+0) the day before, summer time (UTC+1) from 31 March 2030.
    expect(classes.map((c) => [c.startTime, c.startsAt])).toEqual([
      ['18:00', '2030-03-30T18:00:00.000Z'],
      ['18:00', '2030-03-31T17:00:00.000Z'],
    ]);
  });
});
